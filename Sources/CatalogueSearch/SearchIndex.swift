import CatalogueModel

/// A full-text index of the catalogue's skills: name, example phrases, description (plain text),
/// author and group, weighted in that order (name above examples above the rest). Both backends
/// (`SQLiteSearchIndex`: FTS5 and bm25; `PostgresSearchIndex`: tsvector, a GIN index and
/// ts_rank_cd) behave the same; `SearchIndexTests` runs every behaviour against each.
public protocol SearchIndex: Sendable {
    /// Brings the index to `catalogue`, writing only the skills that were added, changed (their
    /// text, or the rating that breaks ties) or removed since the last update, in one transaction.
    @discardableResult
    func update(_ catalogue: SearchCatalogue) async throws -> SearchIndexUpdate

    /// The skills matching every word of `query` (each as a word or the start of one), best
    /// first: by relevance, then by rating (the Top rated score), then more votes, then skill id
    /// by its UTF-8 bytes. `page` is 1-based.
    func search(_ query: SearchQuery, page: Int, pageSize: Int) async throws -> SearchResults
}

/// What one `SearchIndex.update` wrote.
public struct SearchIndexUpdate: Sendable, Equatable {
    /// Skills indexed for the first time, or whose text changed.
    public var indexed: Int
    /// Skills whose text stayed but whose rating changed.
    public var rescored: Int
    public var removed: Int
    /// Skills in the index afterwards.
    public var total: Int

    public init(indexed: Int = 0, rescored: Int = 0, removed: Int = 0, total: Int = 0) {
        self.indexed = indexed
        self.rescored = rescored
        self.removed = removed
        self.total = total
    }
}

/// One page of matches.
public struct SearchResults: Sendable, Equatable {
    /// Skill ids, best first.
    public var ids: [String]
    /// How many skills match in all.
    public var total: Int

    public init(ids: [String], total: Int) {
        self.ids = ids
        self.total = total
    }

    static let none = SearchResults(ids: [], total: 0)
}
