import CatalogueModel

/// Which part of the site a page belongs to, for the header navigation: `"page"` on a section's
/// own page, `"true"` below it (`aria-current` values), absent elsewhere.
enum SiteNavigation {
    static func sections(_ urls: SiteURLs) -> [(key: String, path: String)] {
        [
            ("groups", urls.groups), ("topRated", urls.topRated), ("mostRated", urls.mostRated),
            ("newest", urls.newest), ("languages", urls.languages), ("authors", urls.authors),
        ]
    }

    package static func current(for path: String, urls: SiteURLs) -> [String: String] {
        if path.isEmpty { return ["home": "page"] }
        // A skill page sits in its group (the breadcrumbs say so), so Groups stays marked.
        if urls.isSkillPage(path) { return ["groups": "true"] }
        for section in sections(urls) where path.hasPrefix(section.path) {
            return [section.key: path == section.path ? "page" : "true"]
        }
        return [:]
    }
}
