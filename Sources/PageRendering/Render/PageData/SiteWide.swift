import CatalogueModel
import MustacheCompiler

/// What every page shows the same, computed once per build rather than once per page.
final class SiteWide: Sendable {
    package let language: String
    package let title: String
    package let description: String
    package let themeStyle: String
    let skillCount: String
    package let ratingCount: String
    /// The theme's words in the site's language.
    package let strings: UIStrings
    /// `t`: the same, for templates.
    let t: TemplateValue
    /// The feed's title, also the head's link to it.
    package let feedTitle: String
    /// Whether the Atom feed is written (see `AtomFeed`).
    package let hasFeed: Bool
    /// Which of the listings have anything in them. An empty one is still written, so an
    /// old link gets a page that says why it is empty, but the navigation does not offer it:
    /// on a catalogue without votes or dates, three of its items would lead nowhere.
    package let listed: ListedListings
    let navGroups: [NavGroup]
    /// Group page path → its index in `navGroups`.
    let groupIndex: [String: Int]
    /// "Free", or the price and currency (`rich_results`), as the JSON-LD's offer says.
    let price: String
    /// `rich_results.operating_system`, which the JSON-LD says too.
    let operatingSystem: String?
    /// Where the theme links to, so templates spell no path themselves.
    package let links: [String: TemplateValue]

    package init(
        catalogue: Catalogue, strings: UIStrings, themeCSS: String, hasFeed: Bool, listed: ListedListings,
        fingerprinted: [String: String]
    ) {
        let config = catalogue.config
        let urls = catalogue.urls
        language = config.language
        title = config.title
        description = config.description
        themeStyle = themeCSS
        skillCount = strings.numbers.integer(catalogue.entries.count)
        ratingCount = strings.numbers.integer(catalogue.ratingCount)
        self.strings = strings
        t = StringTable(strings: strings).value
        feedTitle = AtomFeed.title(config: config, strings: strings)
        self.hasFeed = hasFeed
        self.listed = listed
        let rich = config.richResults
        price =
            rich.priceHundredths == 0
            ? strings.text("price_free")
            : strings.text(
                "price_amount", ["price": strings.numbers.decimal(rich.priceText), "currency": rich.currency])
        operatingSystem = rich.operatingSystem
        navGroups = catalogue.groups.map { NavGroup(name: $0.name, url: urls.href($0.path), count: $0.entries.count) }
        groupIndex = Dictionary(catalogue.groups.enumerated().map { ($1.path, $0) }) { first, _ in first }
        // Theme assets are linked by their hashed names (`AssetFingerprint`).
        func asset(_ path: String) -> TemplateValue { .text(urls.href(urls.asset(fingerprinted[path] ?? path))) }
        var links: [String: TemplateValue] = [
            "groupsURL": .text(urls.href(urls.groups)),
            "topRatedURL": .text(urls.href(urls.topRated)),
            "mostRatedURL": .text(urls.href(urls.mostRated)),
            "newestURL": .text(urls.href(urls.newest)),
            "languagesURL": .text(urls.href(urls.languages)),
            "authorsURL": .text(urls.href(urls.authors)),
            "feedURL": .text(urls.href(urls.feed)),
            "apiURL": .text(urls.href(urls.apiGroups)),
            "stylesheetURL": asset("assets/style.css"),
        ]
        // Only with a search endpoint: `{{#searchURL}}` shows the header's form.
        if let search = config.search {
            links["searchURL"] = .text(urls.href(search.path))
            links["searchStylesheetURL"] = asset(SiteRenderer.searchStylesheet)
        }
        self.links = links
    }

    /// The groups of the navigation, `current` set on the page's own group.
    func navGroups(current: Int?) -> TemplateValue {
        .list(
            navGroups.indices.map { i in
                var group = navGroups[i]
                group.current = i == current
                return .data(group)
            })
    }
}

/// Which listings the navigation links to: those with at least one skill.
package struct ListedListings: Sendable, Equatable {
    package let topRated: Bool
    package let mostRated: Bool
    package let newest: Bool
    package let authors: Bool

    init(_ listings: CatalogueListings) {
        topRated = !listings.topRated.isEmpty
        mostRated = !listings.mostRated.isEmpty
        newest = !listings.newest.isEmpty
        authors = !listings.authors.isEmpty
    }

    /// The listings' own page paths that are left out of the sitemap, being linked from nowhere.
    func unlisted(_ urls: SiteURLs) -> Set<String> {
        var paths: Set<String> = []
        if !topRated { paths.insert(urls.topRated) }
        if !mostRated { paths.insert(urls.mostRated) }
        if !newest { paths.insert(urls.newest) }
        if !authors { paths.insert(urls.authors) }
        return paths
    }
}

/// A group as the navigation lists it.
struct NavGroup: PageData {
    package let name: String
    package let url: String
    package let count: Int
    package var current = false

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .url: .text(url)
        case .count: .number(count)
        case .current: .flag(current)
        default: nil
        }
    }
}

/// A name and where it links: breadcrumbs, the 404 page's groups.
struct NamedLink: PageData {
    package let name: String
    package let url: String

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .url: .text(url)
        default: nil
        }
    }
}
