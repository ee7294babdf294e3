import CatalogueModel
import Databases
import Foundation
import GRDB

/// The embedded backend: SQLite's FTS5 through GRDB, ranked with bm25. In a file (the companion
/// service's, which may be the vote database itself: the tables are apart) or in memory
/// (`sitegen serve`'s preview, made again each start).
public struct SQLiteSearchIndex: SearchIndex {
    private let writer: any DatabaseWriter
    let display: String

    /// Opens (creating it when missing) the index in the SQLite file at `path`, in WAL mode.
    /// - Parameter display: how messages name it (what the user wrote).
    public init(path: String, display: String) throws(SearchIndexError) {
        var configuration = Configuration()
        // Another process (the service's vote writer, a build) may hold the write lock a moment.
        configuration.busyMode = .timeout(10)
        try self.init(display: display) { try DatabasePool(path: path, configuration: configuration) }
    }

    /// An index in memory, gone when the last copy of this value is.
    public static func inMemory() throws(SearchIndexError) -> SQLiteSearchIndex {
        try SQLiteSearchIndex(display: "the search index in memory") { try DatabaseQueue() }
    }

    private init(display: String, open: () throws -> some DatabaseWriter) throws(SearchIndexError) {
        self.display = display
        writer = try SearchSchema.tables.opened(display, cannot: "cannot open the search index", open)
    }

    @discardableResult
    public func update(_ catalogue: SearchCatalogue) async throws -> SearchIndexUpdate {
        try await run {
            try await writer.writeWithoutTransaction { db in
                var summary = SearchIndexUpdate()
                // IMMEDIATE: what the changes are worked out from cannot change before they are written.
                try db.inTransaction(.immediate) {
                    var stored: [String: (digest: String, rating: SearchRating)] = [:]
                    for row in try Row.fetchAll(db, sql: "SELECT id, digest, score, votes FROM sitegen_search_skills") {
                        stored[row["id"]] = (row["digest"], SearchRating(score: row["score"], votes: row["votes"]))
                    }
                    let changes = catalogue.changes(from: stored)
                    try Self.write(changes, db)
                    summary = changes.summary
                    return .commit
                }
                return summary
            }
        }
    }

    private static func write(_ changes: SearchChanges, _ db: Database) throws {
        for id in changes.removed {
            try db.execute(
                sql:
                    "DELETE FROM sitegen_search_text WHERE rowid = (SELECT docid FROM sitegen_search_skills WHERE id = ?)",
                arguments: [id])
            try db.execute(sql: "DELETE FROM sitegen_search_skills WHERE id = ?", arguments: [id])
        }
        for (id, rating) in changes.rescored {
            try db.execute(
                sql: "UPDATE sitegen_search_skills SET score = ?, votes = ? WHERE id = ?",
                arguments: [rating.score, rating.votes, id])
        }
        let text = try db.makeStatement(
            sql: """
                INSERT INTO sitegen_search_text (rowid, name, examples, description, author, grp) VALUES (?, ?, ?, ?, ?, ?)
                """)
        for document in changes.indexed {
            // The row keeps its docid, so the text is found again under the same rowid.
            try db.execute(
                sql: """
                    INSERT INTO sitegen_search_skills (id, digest, score, votes) VALUES (?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET digest = excluded.digest, score = excluded.score, votes = excluded.votes
                    """, arguments: [document.id, document.digest, document.rating.score, document.rating.votes])
            guard
                let docid = try Int64.fetchOne(
                    db, sql: "SELECT docid FROM sitegen_search_skills WHERE id = ?",
                    arguments: [document.id])
            else { continue }
            try db.execute(sql: "DELETE FROM sitegen_search_text WHERE rowid = ?", arguments: [docid])
            try text.execute(arguments: [
                docid, document.name, document.examples, document.description, document.author,
                document.group,
            ])
        }
    }

    public func search(_ query: SearchQuery, page: Int, pageSize: Int) async throws -> SearchResults {
        guard !query.isEmpty, page >= 1, pageSize >= 1 else { return .none }
        return try await run {
            try await writer.read { db in
                let match = query.fts5
                let total =
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM sitegen_search_text WHERE sitegen_search_text MATCH ?",
                        arguments: [match]) ?? 0
                let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
                guard total > 0, !overflow, offset < total else { return SearchResults(ids: [], total: total) }
                let ids = try String.fetchAll(
                    db,
                    sql: """
                        SELECT s.id FROM sitegen_search_text JOIN sitegen_search_skills s ON s.docid = sitegen_search_text.rowid
                        WHERE sitegen_search_text MATCH ?
                        ORDER BY bm25(sitegen_search_text, \(SearchSchema.bm25Weights)), s.score DESC, s.votes DESC, s.id
                        LIMIT ? OFFSET ?
                        """, arguments: [match, pageSize, offset])
                return SearchResults(ids: ids, total: total)
            }
        }
    }

    private func run<T>(_ body: () async throws -> T) async throws(SearchIndexError) -> T {
        try await SearchIndexError.naming(display, SQLiteProblem.describe, body)
    }
}
