import CatalogueModel
import Databases
import Foundation

/// Which database holds the votes: a SQLite file, or a PostgreSQL server.
public enum VoteDatabase: Sendable, Equatable {
    case sqlite(path: String, display: String)
    case postgres(PostgresAddress)

    /// `text` as a user writes it: a `postgres://` URL, or a file path relative to `base`.
    /// - Parameter displayBase: how messages show `base` (`Content`), or nil to show `text` alone.
    public static func named(_ text: String, relativeTo base: URL, displayBase: String?) -> Result<
        VoteDatabase, VoteStoreError
    > {
        if PostgresAddress.isPostgresURL(text) { return PostgresAddress.parse(text).map(VoteDatabase.postgres) }
        if text.contains("://") {
            return .failure(
                VoteStoreError(database: text, "a ratings database is a SQLite file path or a postgres:// URL"))
        }
        let url = text.hasPrefix("/") ? URL(fileURLWithPath: text) : base.appendingPathComponent(text)
        let display = text.hasPrefix("/") ? text : displayBase.map { $0 + "/" + text } ?? text
        return .success(.sqlite(path: url.standardizedFileURL.path, display: display))
    }

    /// How messages name it (never with a password).
    public var display: String {
        switch self {
        case .sqlite(_, let display): display
        case .postgres(let address): address.display
        }
    }

    /// Opens the store, migrates its schema, runs `body`, and closes it.
    /// - Parameter create: make a missing SQLite file (the service); a build wants it to exist.
    @discardableResult
    public func withStore<T: Sendable>(create: Bool, _ body: (any VoteStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite(let path, let display):
            return try await body(SQLiteVoteStore(path: path, display: display, create: create))
        case .postgres(let address):
            return try await PostgresVoteStore.with(address) { try await body($0) }
        }
    }

    /// Every current vote, for a build or an export.
    public func readVotes() async throws(VoteStoreError) -> [Vote] {
        do {
            return try await withStore(create: false) { try await $0.votes() }
        } catch let error as VoteStoreError {
            throw error
        } catch {
            throw VoteStoreError(database: display, "\(error)")
        }
    }
}
