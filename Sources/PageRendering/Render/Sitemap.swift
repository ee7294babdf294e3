import CatalogueModel

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
    }

    /// Site paths of the pages a sitemap lists: every HTML page but the 404 page, as its URL
    /// (`skills/x/index.html` → `skills/x/`), sorted.
    static func pagePaths(of paths: [String], urls: SiteURLs) -> [String] {
        paths.compactMap(urls.page(ofOutput:)).sorted()
    }

    package static func files(pagePaths: [String], config: SiteConfig, limit: Int = maximumURLs) -> [OutputFile] {
        let scheme = config.urls
        guard scheme.hasHost else { return [] }
        let limit = max(1, limit)
        let urls = pagePaths.map { scheme.absolute(scheme.href($0)) }
        if urls.count <= limit {
            return [OutputFile(path: scheme.sitemap, text: urlset(urls))]
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
        return [OutputFile(path: scheme.sitemap, text: index)] + files
    }

    static func urlset(_ urls: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls { out += "  <url><loc>\(XML.escape(url))</loc></url>\n" }
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
