import CatalogueModel
import Parallel

/// `sitemap.xml` and `robots.txt`. Sitemaps must list absolute URLs, so there is one only when
/// `base_url` has a host. Beyond `limit` URLs (the protocol's maximum is 50,000 per file) the
/// pages are split into `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` becomes their index,
/// so robots.txt points at the same address either way.
package enum Sitemap {
    static let maximumURLs = 50_000

    /// The sitemap files made for a site's pages (as the plan lists them) and settings: a kept
    /// build whose pages and settings stayed the same takes them instead of making the sitemap
    /// of 10,000 pages again after every edit.
    package struct Made: Sendable {
        let pagePaths: [String]
        let config: SiteConfig
        let files: [OutputFile]
        /// What it was made from: every page's output path, in the plan's order, and the
        /// listings left out. The same again gives the same sitemap, with nothing sorted.
        var madeFrom: (outputPaths: [String], unlisted: Set<String>) = ([], [])
        /// Each page's line of a sitemap in one file, in `pagePaths`' order; nil for a sitemap
        /// split into parts.
        let lines: [String]?

        init(pagePaths: [String], config: SiteConfig, limit: Int = maximumURLs) {
            self.pagePaths = pagePaths
            self.config = config
            (files, lines) = Sitemap.made(pagePaths: pagePaths, config: config, limit: limit)
        }

        /// A sitemap of the given files (for tests).
        init(pagePaths: [String], config: SiteConfig, files: [OutputFile]) {
            self.pagePaths = pagePaths
            self.config = config
            self.files = files
            lines = nil
        }

        private init(pagePaths: [String], config: SiteConfig, lines: [String]) {
            self.pagePaths = pagePaths
            self.config = config
            self.lines = lines
            files = [OutputFile(path: config.urls.sitemap, text: Sitemap.urlset(lines: lines))]
        }

        /// The sitemap of the pages whose output paths are `outputPaths` (in the plan's order),
        /// made from this one (of the same settings and unlisted pages) when a few pages came
        /// or went: the pages are found by walking both plans' paths side by side, and each
        /// kept page keeps its line, instead of 10,000 pages' URLs made, sorted and escaped.
        /// Nil when this one is split into parts.
        func patched(to outputPaths: [String], limit: Int = maximumURLs) -> Made? {
            guard let lines, !madeFrom.outputPaths.isEmpty else { return nil }
            let urls = config.urls
            let unlisted = madeFrom.unlisted
            let before = madeFrom.outputPaths
            let changes = PlaceWalk.changes(of: outputPaths, in: before)
            func listed(_ path: String) -> String? {
                urls.page(ofOutput: path).flatMap { unlisted.contains($0) ? nil : $0 }
            }
            let came = changes.came.compactMap { listed(outputPaths[$0]) }
            let went = changes.went.compactMap { listed(before[$0]) }
            var pagePaths = self.pagePaths
            var newLines = lines
            for page in went {
                let at = Sitemap.place(of: page, in: pagePaths)
                guard at < pagePaths.count, pagePaths[at] == page else { return nil }
                pagePaths.remove(at: at)
                newLines.remove(at: at)
            }
            for page in came {
                let at = Sitemap.place(of: page, in: pagePaths)
                pagePaths.insert(page, at: at)
                newLines.insert(Sitemap.line(urls.absolute(urls.href(page))), at: at)
            }
            guard pagePaths.count <= max(1, limit) else { return nil }
            var made = Made(pagePaths: pagePaths, config: config, lines: newLines)
            made.madeFrom = (outputPaths, unlisted)
            return made
        }

        /// What of this sitemap a kept build checks for broken links, when `before` is the sitemap of
        /// the last good build (every line of it checked then): a sitemap of only the lines `before`
        /// lacks. A kept line leads to a page the site still has, unless that page is among `gone`
        /// (output paths the site lost): then, or when the sitemap is in parts or made with other
        /// settings, nil, and the whole sitemap is checked. At 10,000 skills its 13,000 links were
        /// 6–16 ms of a core for each skill that came.
        package func linesToCheck(since before: Made, gone: some Sequence<String>) -> OutputFile? {
            guard let lines, let beforeLines = before.lines, config == before.config, files.count == 1 else {
                return nil
            }
            let urls = config.urls
            for path in gone {
                guard let page = urls.page(ofOutput: path) else { continue }
                let at = Sitemap.place(of: page, in: pagePaths)
                if at < pagePaths.count, pagePaths[at] == page { return nil }
            }
            // Both sorted by page path: one walk finds the lines that are new or changed.
            var fresh: [String] = []
            var j = 0
            for (i, page) in pagePaths.enumerated() {
                while j < before.pagePaths.count, before.pagePaths[j] < page { j += 1 }
                if j < before.pagePaths.count, before.pagePaths[j] == page, beforeLines[j] == lines[i] { continue }
                fresh.append(lines[i])
            }
            return OutputFile(path: urls.sitemap, text: Sitemap.urlset(lines: fresh))
        }
    }

    /// The first place in sorted `paths` whose path does not sort before `path`: where it stands or would.
    static func place(of path: String, in paths: [String]) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Site paths of the pages a sitemap lists: every HTML page but the 404 page, as its URL
    /// (`skills/x/index.html` → `skills/x/`), sorted.
    static func pagePaths(of paths: [String], urls: SiteURLs) -> [String] {
        paths.compactMap(urls.page(ofOutput:)).sorted()
    }

    package static func files(pagePaths: [String], config: SiteConfig, limit: Int = maximumURLs) -> [OutputFile] {
        made(pagePaths: pagePaths, config: config, limit: limit).files
    }

    /// The sitemap's files, and its lines when it is one file.
    static func made(pagePaths: [String], config: SiteConfig, limit: Int) -> (
        files: [OutputFile], lines: [String]?
    ) {
        let scheme = config.urls
        guard scheme.hasHost else { return ([], nil) }
        let limit = max(1, limit)
        // On all cores: a large site's sitemap was most of its plan, with one core idle.
        let urls = pagePaths.parallelMap { scheme.absolute(scheme.href($0)) }
        if urls.count <= limit {
            let lines = urls.parallelMap(line)
            return ([OutputFile(path: scheme.sitemap, text: urlset(lines: lines))], lines)
        }
        var files: [OutputFile] = []
        var parts: [String] = []
        var start = 0
        while start < urls.count {
            let name = scheme.sitemapPart(parts.count + 1)
            files.append(OutputFile(path: name, text: urlset(Array(urls[start..<min(urls.count, start + limit)]))))
            parts.append(scheme.absolute(scheme.href(name)))
            start += limit
        }
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        index += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for part in parts { index += "  <sitemap><loc>\(XML.escape(part))</loc></sitemap>\n" }
        index += "</sitemapindex>\n"
        return ([OutputFile(path: scheme.sitemap, text: index)] + files, nil)
    }

    static func urlset(_ urls: [String]) -> String { urlset(lines: urls.map(line)) }

    static func line(_ url: String) -> String { "  <url><loc>\(XML.escape(url))</loc></url>\n" }

    static func urlset(lines: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        out.reserveCapacity(out.utf8.count + lines.reduce(0) { $0 + $1.utf8.count } + 12)
        for line in lines { out += line }
        out += "</urlset>\n"
        return out
    }

    /// Everything may be crawled; the sitemap is named when there is one. Crawlers read robots.txt
    /// only at a host's root: under a sub-path, its Sitemap line belongs in the host's own file.
    package static func robots(config: SiteConfig, hasSitemap: Bool) -> OutputFile {
        var text = "User-agent: *\nAllow: /\n"
        let urls = config.urls
        if hasSitemap { text += "\nSitemap: \(urls.absolute(urls.href(urls.sitemap)))\n" }
        return OutputFile(path: urls.robots, text: text)
    }
}
