import CatalogueModel
import Databases
import PostgresNIO

/// The PostgreSQL backend, for several instances of the companion service sharing one database:
/// a weighted tsvector per skill under a GIN index, ranked with ts_rank_cd. Updates take an
/// advisory lock, so two instances updating at once write one after the other.
public struct PostgresSearchIndex: SearchIndex {
    let link: PostgresLink
    let display: String

    /// Connects, brings the schema to the latest version, and runs `body` with the index; the
    /// connections close when it returns.
    public static func with<T: Sendable>(
        _ address: PostgresAddress,
        _ body: (PostgresSearchIndex) async throws -> T
    ) async throws -> T {
        try await PostgresLink.with(address, migrating: SearchSchema.tables, lock: advisoryLock) {
            try await body(PostgresSearchIndex(link: $0, display: address.display))
        }
    }

    static let logger = Logger(label: "sitegen.search")

    /// Any number no other program's advisory lock is likely to use ("search" in ASCII).
    static let advisoryLock: Int64 = 0x73_65_61_72_63_68

    /// Creates or upgrades the index's tables, over a connection of its own (a wrong address
    /// fails at once, where a pool would retry).
    public static func migrate(_ address: PostgresAddress) async throws(SearchIndexError) {
        try await SearchSchema.tables.migrate(address, lock: advisoryLock)
    }

    @discardableResult
    public func update(_ catalogue: SearchCatalogue) async throws -> SearchIndexUpdate {
        try await run(within: PostgresLink.bulkDeadline) { client in
            try await client.withTransaction(logger: Self.logger) { connection in
                try await connection.wholeResult(
                    "SELECT pg_advisory_xact_lock(\(Self.advisoryLock))", logger: Self.logger)
                var stored: [String: (digest: String, rating: SearchRating)] = [:]
                let rows = try await connection.wholeResult(
                    "SELECT id, digest, score, votes FROM sitegen_search_skills", logger: Self.logger)
                for row in rows {
                    let (id, digest, score, votes) = try row.decode((String, String, Double, Int).self)
                    stored[id] = (digest, SearchRating(score: score, votes: votes))
                }
                let changes = catalogue.changes(from: stored)
                try await Self.write(changes, connection)
                return changes.summary
            }
        }
    }

    /// Each kind of change is a few statements over arrays (`unnest`), not one per skill: the
    /// first update of a 10,000-skill catalogue is ten round trips.
    private static func write(_ changes: SearchChanges, _ connection: PostgresConnection) async throws {
        if !changes.removed.isEmpty {
            try await connection.wholeResult(
                "DELETE FROM sitegen_search_skills WHERE id = ANY(\(changes.removed))", logger: logger)
        }
        for batch in changes.rescored.batches(of: 1000) {
            let ids = batch.map(\.id)
            let scores = batch.map(\.rating.score)
            let votes = batch.map(\.rating.votes)
            try await connection.wholeResult(
                """
                UPDATE sitegen_search_skills AS s SET score = u.score, votes = u.votes
                FROM unnest(\(ids)::text[], \(scores)::float8[], \(votes)::int8[]) AS u(id, score, votes)
                WHERE s.id = u.id
                """, logger: logger)
        }
        for batch in changes.indexed.batches(of: 1000) {
            let ids = batch.map(\.id)
            let digests = batch.map(\.digest)
            let scores = batch.map(\.rating.score)
            func words(_ field: KeyPath<SearchDocument, String>) -> [String] {
                batch.map { SearchQuery.words(in: $0[keyPath: field]).joined(separator: " ") }
            }
            let votes = batch.map(\.rating.votes)
            let names = words(\.name)
            let examples = words(\.examples)
            let descriptions = words(\.description)
            let authors = words(\.author)
            let groups = words(\.group)
            try await connection.wholeResult(
                """
                INSERT INTO sitegen_search_skills (id, digest, score, votes, name, examples, description, author, grp)
                SELECT * FROM unnest(\(ids)::text[], \(digests)::text[], \(scores)::float8[], \(votes)::int8[], \(names)::text[],
                                     \(examples)::text[], \(descriptions)::text[], \(authors)::text[], \(groups)::text[])
                ON CONFLICT (id) DO UPDATE SET digest = excluded.digest, score = excluded.score, votes = excluded.votes,
                    name = excluded.name, examples = excluded.examples, description = excluded.description,
                    author = excluded.author, grp = excluded.grp
                """, logger: logger)
        }
    }

    public func search(_ query: SearchQuery, page: Int, pageSize: Int) async throws -> SearchResults {
        guard !query.isEmpty, page >= 1, pageSize >= 1 else { return .none }
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        let tsquery = query.tsquery
        return try await run { client in
            var total = 0
            for row in try await client.wholeResult(
                """
                SELECT count(*) FROM sitegen_search_skills WHERE document @@ to_tsquery('simple', \(tsquery))
                """, logger: Self.logger)
            {
                total = try row.decode(Int.self)
            }
            guard total > 0, !overflow, offset < total else { return SearchResults(ids: [], total: total) }
            var ids: [String] = []
            let rows = try await client.wholeResult(
                """
                SELECT id FROM sitegen_search_skills, to_tsquery('simple', \(tsquery)) AS query
                WHERE document @@ query
                ORDER BY ts_rank_cd(\(SearchSchema.tsRankWeights)::float4[], document, query) DESC, score DESC, votes DESC, id
                LIMIT \(pageSize) OFFSET \(offset)
                """, logger: Self.logger)
            for row in rows { ids.append(try row.decode(String.self)) }
            return SearchResults(ids: ids, total: total)
        }
    }

    private func run<T: Sendable>(
        within deadline: Duration = PostgresLink.requestDeadline,
        _ body: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws(SearchIndexError) -> T {
        try await link.named(within: deadline, body)
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    func batches(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
