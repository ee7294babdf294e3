/// `sitemap.xml` and `robots.txt`. Sitemaps must list absolute URLs, so there is one only when
/// `base_url` has a host. Beyond `limit` URLs (the protocol's maximum is 50,000 per file) the
/// pages are split into `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` becomes their index,
/// so robots.txt points at the same address either way.
enum Sitemap {
    static let path = "sitemap.xml"
    static let robotsPath = "robots.txt"
    static let maximumURLs = 50_000

    /// Site paths of the pages a sitemap lists: every HTML page but the 404 page, as its URL
    /// (`skills/x/index.html` → `skills/x/`), sorted.
    static func pagePaths(of files: [OutputFile]) -> [String] { pagePaths(of: files.map(\.path)) }

    static func pagePaths(of paths: [String]) -> [String] {
        paths.compactMap { path -> String? in
            guard path.hasSuffix(".html"), path != "404.html" else { return nil }
            if path == "index.html" { return "" }
            if path.hasSuffix("/index.html") { return String(path.dropLast("index.html".count)) }
            return path
        }.sorted()
    }

    static func files(pagePaths: [String], config: SiteConfig, limit: Int = maximumURLs) -> [OutputFile] {
        guard config.hasHost else { return [] }
        let limit = max(1, limit)
        let urls = pagePaths.map { config.absoluteURL(Slug.encodeForHref($0)) }
        if urls.count <= limit {
            return [OutputFile(path: path, text: urlset(urls))]
        }
        var files: [OutputFile] = []
        var parts: [String] = []
        var start = 0
        while start < urls.count {
            let name = "sitemap-\(parts.count + 1).xml"
            files.append(OutputFile(path: name, text: urlset(Array(urls[start..<min(urls.count, start + limit)]))))
            parts.append(config.absoluteURL(name))
            start += limit
        }
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        index += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for part in parts { index += "  <sitemap><loc>\(XML.escape(part))</loc></sitemap>\n" }
        index += "</sitemapindex>\n"
        return [OutputFile(path: path, text: index)] + files
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
    static func robots(config: SiteConfig, hasSitemap: Bool) -> OutputFile {
        var text = "User-agent: *\nAllow: /\n"
        if hasSitemap { text += "\nSitemap: \(config.absoluteURL(path))\n" }
        return OutputFile(path: robotsPath, text: text)
    }
}
