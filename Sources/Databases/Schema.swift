import GRDB
import Logging
import PostgresNIO

/// Tables built up by numbered migrations. A version table of one row holds the version the
/// database is at; opening applies the migrations after it, in one transaction, and refuses a
/// version above `latest` (a newer sitegen's database) untouched. Migrations only ever add: a
/// release that needs a table changed adds a migration that copies, never one that drops what a
/// user's data is in. The vote store and the search index each have one, with a version table
/// of its own, so that sharing a database they upgrade apart.
package struct Schema: Sendable {
    package struct Migration: Sendable {
        package var version: Int
        package var sqlite: [String]
        package var postgres: [String]

        package init(version: Int, sqlite: [String], postgres: [String]) {
            self.version = version
            self.sqlite = sqlite
            self.postgres = postgres
        }
    }

    /// What the tables hold, for messages: "vote", "search".
    package let name: String
    package let versionTable: String
    package let migrations: [Migration]

    package init(name: String, versionTable: String, migrations: [Migration]) {
        self.name = name
        self.versionTable = versionTable
        self.migrations = migrations
    }

    package var latest: Int { migrations.last?.version ?? 0 }

    /// The migrations a database at `version` still needs; nil when it is newer than this sitegen.
    package func pending(after version: Int) -> [Migration]? {
        guard version <= latest else { return nil }
        return migrations.filter { $0.version > version }
    }

    /// The version table itself, created when missing (it is not a migration: it records them).
    var createVersionTable: String { "CREATE TABLE IF NOT EXISTS \(versionTable) (version INTEGER NOT NULL)" }

    package func newer(_ database: String, found: Int) -> DatabaseFailure {
        DatabaseFailure(
            database: database,
            "the \(name) schema is version \(found), but this sitegen knows versions up to "
                + "\(latest): it was written by a newer sitegen; use that one (nothing was changed)")
    }

    /// Opens a SQLite database with `open` and brings it to `latest` in one transaction. What
    /// fails is an error naming `display`: "\(cannot): " and SQLite's words.
    package func opened<Writer: DatabaseWriter>(
        _ display: String, cannot: String, _ open: () throws -> Writer
    ) throws(DatabaseFailure) -> Writer {
        do {
            let writer = try open()
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try migrate(db, display: display)
                    return .commit
                }
            }
            return writer
        } catch let error as DatabaseFailure {
            throw error
        } catch {
            throw DatabaseFailure(database: display, "\(cannot): \(SQLiteProblem.describe(error))")
        }
    }

    /// Brings a SQLite database up to `latest`, inside the caller's transaction.
    func migrate(_ db: Database, display: String) throws {
        try db.execute(sql: createVersionTable)
        let current = try Int.fetchOne(db, sql: "SELECT version FROM \(versionTable)")
        if current == nil { try db.execute(sql: "INSERT INTO \(versionTable) (version) VALUES (0)") }
        guard let pending = pending(after: current ?? 0) else { throw newer(display, found: current ?? 0) }
        for migration in pending {
            for statement in migration.sqlite { try db.execute(sql: statement) }
            try db.execute(sql: "UPDATE \(versionTable) SET version = ?", arguments: [migration.version])
        }
    }

    /// Brings a PostgreSQL database up to `latest` in one transaction, holding the advisory
    /// `lock`: one instance migrates at a time, the others wait, then find nothing to do.
    package func migrate(_ address: PostgresAddress, lock: Int64) async throws(DatabaseFailure) {
        let logger = PostgresLink.logger
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: address.connectionConfiguration(), id: 1, logger: logger)
        } catch {
            throw DatabaseFailure(
                database: address.display,
                "cannot connect to PostgreSQL: \(PostgresProblem.describe(error)); "
                    + "check that the server runs and the URL's host, port, user, password and database")
        }
        do {
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.wholeResult("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
                try await connection.wholeResult(PostgresQuery(unsafeSQL: createVersionTable), logger: logger)
                var current: Int?
                let rows = try await connection.wholeResult(
                    PostgresQuery(unsafeSQL: "SELECT version FROM \(versionTable)"), logger: logger)
                for row in rows { current = try row.decode(Int.self) }
                if current == nil {
                    try await connection.wholeResult(
                        PostgresQuery(unsafeSQL: "INSERT INTO \(versionTable) (version) VALUES (0)"), logger: logger)
                }
                guard let pending = pending(after: current ?? 0) else {
                    throw newer(address.display, found: current ?? 0)
                }
                for migration in pending {
                    for statement in migration.postgres {
                        try await connection.wholeResult(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.wholeResult(
                        PostgresQuery(unsafeSQL: "UPDATE \(versionTable) SET version = \(migration.version)"),
                        logger: logger)
                }
            }
            try? await connection.close()
        } catch {
            try? await connection.close()
            if let error = (error as? PostgresTransactionError)?.closureError as? DatabaseFailure { throw error }
            throw DatabaseFailure(
                database: address.display,
                "cannot prepare the \(name) tables: \(PostgresProblem.describe(error))")
        }
    }
}
