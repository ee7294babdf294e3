/// Which part of the site a page belongs to, for the header navigation: `"page"` on a section's
/// own page, `"true"` below it (`aria-current` values), absent elsewhere.
enum SiteNavigation {
    static let sections: [(key: String, path: String)] = [
        ("groups", Listings.groupsPath), ("topRated", Listings.topRatedPath), ("mostRated", Listings.mostRatedPath),
        ("newest", Listings.newestPath), ("languages", Listings.languagesPath), ("authors", Listings.authorsPath),
    ]

    static func current(for path: String) -> [String: String] {
        if path.isEmpty { return ["home": "page"] }
        // A skill page sits in its group (the breadcrumbs say so), so Groups stays marked.
        if path.hasPrefix("skills/") { return ["groups": "true"] }
        for section in sections where path.hasPrefix(section.path) {
            return [section.key: path == section.path ? "page" : "true"]
        }
        return [:]
    }
}
