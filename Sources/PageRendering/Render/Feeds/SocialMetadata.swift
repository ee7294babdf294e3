import CatalogueModel
import Foundation

/// What a skill page tells machines: Open Graph image and schema.org JSON-LD. Absolute URLs only
/// when the base URL has a host; otherwise those fields are left out rather than made wrong.
extension SiteRenderer {
    func social(_ entry: Catalogue.Entry, description: String) -> (jsonLD: String, ogImage: String?) {
        let urls = catalogue.urls
        let url = urls.hasHost ? urls.absolute(urls.href(entry.path)) : nil
        let image: String? =
            switch entry.skill.image {
            case .local(let path)?: urls.hasHost ? urls.absolute(urls.href(urls.media(path))) : nil
            case .remote(let remote)?: remote
            case nil: nil
            }
        return (
            JSONLD.skill(entry, description: description, url: url, image: image, rich: catalogue.config.richResults),
            image
        )
    }

    /// Files for other programs besides the JSON API (see `JSONAPI.files`): the feed, the
    /// sitemap and robots.txt.
    /// - Parameter pagePaths: the paths of every page, which the sitemap lists.
    /// - Parameter previous: the sitemap the last plan of a kept build made, taken as it is
    ///   when it lists the same pages with the same settings.
    func machineReadableFiles(pagePaths: [String], reusing previous: Sitemap.Made? = nil) -> (
        files: [OutputFile], sitemap: Sitemap.Made
    ) {
        let config = catalogue.config
        var files: [OutputFile] = []
        let newest = Array(listingData.listings.newest.prefix(config.pageSize))
        let strings = siteWide.strings
        if let feed = feedMemo.xml(
            newest: newest, config: config, strings: strings,
            make: {
                // The feed carries its entries' descriptions as HTML, which the build does not keep.
                let descriptions = Dictionary(newest.map { ($0.skill.id, Markdown.render($0.skill.description)) }) {
                    first, _ in first
                }
                return AtomFeed.xml(newest: newest, config: config, strings: strings, descriptions: descriptions)
            })
        {
            files.append(OutputFile(path: config.urls.feed, text: feed))
        }
        // Empty listings are written but linked from nowhere, so the sitemap leaves them out too.
        let unlisted = siteWide.listed.unlisted(config.urls)
        if let previous, previous.config == config, previous.madeFrom.unlisted == unlisted,
            previous.madeFrom.outputPaths == pagePaths
        {
            return (files + previous.files + robots(hasSitemap: !previous.files.isEmpty), previous)
        }
        // A few pages came or went: the last sitemap with their lines taken out or put in.
        if let previous, previous.config == config, previous.madeFrom.unlisted == unlisted,
            let patched = previous.patched(to: pagePaths)
        {
            return (files + patched.files + robots(hasSitemap: !patched.files.isEmpty), patched)
        }
        let listed = Sitemap.pagePaths(of: pagePaths, urls: config.urls).filter { !unlisted.contains($0) }
        var sitemap =
            previous.flatMap { $0.config == config && $0.pagePaths == listed ? $0 : nil }
            ?? Sitemap.Made(pagePaths: listed, config: config)
        sitemap.madeFrom = (pagePaths, unlisted)
        return (files + sitemap.files + robots(hasSitemap: !sitemap.files.isEmpty), sitemap)
    }

    /// The generated robots.txt, unless the site owner has one of their own in Content/static/.
    private func robots(hasSitemap: Bool) -> [OutputFile] {
        staticPaths.contains(catalogue.config.urls.robots)
            ? [] : [Sitemap.robots(config: catalogue.config, hasSitemap: hasSitemap)]
    }
}
