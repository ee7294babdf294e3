import CatalogueModel
import CatalogueSearch
import PageRendering

/// What searches are answered from: a good build's renderer (the results page is rendered in
/// the site's look, with its cards) and its skills by id, to turn the index's ids into cards.
package struct SearchSite: Sendable {
    package let renderer: SiteRenderer
    let entries: [String: Catalogue.Entry]

    package init(renderer: SiteRenderer) {
        self.renderer = renderer
        entries = Dictionary(renderer.catalogue.entries.map { ($0.skill.id, $0) }) { first, _ in first }
    }

    var search: SearchConfig? { renderer.catalogue.config.search }
}

/// A search index that follows the builds: after each good build, `follow` brings the index to
/// its catalogue (writing only what changed) and then answers from that build. `sitegen serve`
/// keeps one over an index in memory; the companion service over its database's.
package actor LiveSearch {
    package let index: any SearchIndex
    /// The build searches are answered from; nil until one with `search.endpoint` was followed.
    package private(set) var site: SearchSite?
    /// The catalogue last written, whose digests the next update reuses.
    private var written: SearchCatalogue?

    package init(index: any SearchIndex) {
        self.index = index
    }

    /// Brings the index to `renderer`'s catalogue; nil (and nothing written) when the site has
    /// no search endpoint. On failure the last followed build stays.
    @discardableResult
    package func follow(_ renderer: SiteRenderer) async throws -> SearchIndexUpdate? {
        guard renderer.catalogue.config.search != nil else {
            site = nil
            written = nil
            return nil
        }
        let catalogue = SearchCatalogue(renderer.catalogue, plainText: Markdown.plainText, reusing: written)
        let update = try await index.update(catalogue)
        written = catalogue
        site = SearchSite(renderer: renderer)
        return update
    }
}
