import CatalogueModel
import Foundation
import MustacheCompiler

/// What a search found, as the results page shows it: the query as typed, the skills of the
/// page asked for (in rank order), and how many match in all.
public struct SearchOutcome: Sendable {
    public var query: String
    public var matches: [Catalogue.Entry]
    public var total: Int
    /// 1-based.
    public var page: Int

    public init(query: String, matches: [Catalogue.Entry], total: Int, page: Int) {
        self.query = query
        self.matches = matches
        self.total = total
        self.page = page
    }
}

/// The search results page (`search.mustache`), rendered on request by a server rather than
/// planned with the site: its content depends on the query.
extension SiteRenderer {
    /// The results page's stylesheet, written into the site only when `search.endpoint` is set,
    /// so a site without search is byte for byte what it was.
    public static let searchStylesheet = "assets/search.css"

    /// The page's HTML, or nil when the theme cannot render it (a missing or never-ending
    /// template) or the site has no search endpoint.
    public func searchPage(_ outcome: SearchOutcome) -> Data? {
        guard let search = catalogue.config.search else { return nil }
        let config = catalogue.config
        let root = search.root
        let query = outcome.query
        let strings = strings
        let countText = query.isEmpty ? "" : strings.count("search_count", outcome.total, ["query": query])
        let title = query.isEmpty ? strings.text("search") : strings.text("search_title", ["query": query])
        let shared = common(
            path: search.path, title: numbered(title, page: outcome.page),
            description: strings.text("search_description", ["site": config.title]), root: root)
        // A results page is one of endless addresses: it names no canonical page of its own.
        let page = SearchPage(
            common: PageCommon(
                frame: shared.frame, header: shared.header, footer: shared.footer, pageTitle: shared.pageTitle,
                metaDescription: shared.metaDescription, ogTitle: shared.ogTitle, canonical: nil),
            query: query,
            heading: query.isEmpty ? strings.text("search") : strings.text("search_results", ["query": query]),
            countText: countText, noMatchText: strings.text("search_none", ["query": query]),
            cards: outcome.matches.map { PlacedCard(rendered: searchCard($0, root: root)) },
            pager: searchPager(search, query: query, total: outcome.total, page: outcome.page))
        var bytes: [UInt8] = []
        guard theme.engine.render(templateNamed: "search", data: page, into: &bytes) else { return nil }
        return Data(bytes)
    }

    /// Cards of search results are made for the one page: there are few, and no two searches
    /// show the same.
    private func searchCard(_ entry: Catalogue.Entry, root: String) -> String {
        var context = card(entry)
        context.root = .text(root)
        context.cardLevel = .number(2)
        return theme.engine.render(templateNamed: "card", data: context) ?? ""
    }

    private func searchPager(_ search: SearchConfig, query: String, total: Int, page: Int) -> PagerData? {
        let pagination = Pagination(itemCount: total, pageSize: catalogue.config.pageSize)
        // Relative to the site root, as every pager link is: the template puts `{{root}}` first.
        let base = catalogue.urls.href(search.path) + "?q=" + Self.queryValue(query)
        return pager(pagination: pagination, page: page) { $0 == 1 ? base : base + "&page=\($0)" }
    }

    /// `text` as a query value: everything but letters, digits and `-._~` percent-encoded (as
    /// UTF-8), so `&`, `=`, `#`, `+` and quotes in a query stay part of it.
    package static func queryValue(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
