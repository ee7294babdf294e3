import Foundation
import GRDB
import PostgresNIO

@testable import Databases
@testable import VoteStore

/// The two backends, each a fresh, empty database per test: a SQLite file in a temporary folder,
/// or a PostgreSQL database made for the test on the server `SITEGEN_TEST_POSTGRES` names (its
/// role needs CREATEDB; `.ci/run` makes one). Tests run in parallel, so none shares a database.
enum Backend: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }

    /// Makes an empty database, runs `body` with it, and removes it.
    func withEmptyDatabase<T: Sendable>(_ body: (VoteDatabase) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sitegen-votes-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("votes.sqlite").path
            return try await body(.sqlite(path: path, display: "votes.sqlite"))
        case .postgres:
            guard let server = TestPostgres.address else { throw TestPostgres.Unavailable() }
            let name = "sitegen_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await TestPostgres.execute("CREATE DATABASE \(name)", on: server)
            var address = server
            address.database = name
            do {
                let result = try await body(.postgres(address))
                try await TestPostgres.drop(name, on: server)
                return result
            } catch {
                try? await TestPostgres.drop(name, on: server)
                throw error
            }
        }
    }
}

/// Raw SQL beside the store, to set up what a store would never write itself (an old schema, a
/// newer one) and to look at what it did write.
enum RawSQL {
    static func execute(_ statements: [String], in database: VoteDatabase) async throws {
        switch database {
        case .sqlite(let path, _):
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in for statement in statements { try db.execute(sql: statement) } }
        case .postgres(let address):
            for statement in statements { try await TestPostgres.execute(statement, on: address) }
        }
    }

    /// The rows of `table` (PostgreSQL).
    static func count(_ table: String, in database: VoteDatabase) async throws -> Int? {
        guard case .postgres(let address) = database else { return nil }
        return try await TestPostgres.withConnection(address) { connection in
            var count: Int?
            for try await value in try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: TestPostgres.logger
            )
            .decode(Int.self) { count = value }
            return count
        }
    }

    static func schemaVersion(_ database: VoteDatabase) async throws -> Int? {
        switch database {
        case .sqlite(let path, _):
            return try await DatabaseQueue(path: path).read { db in
                try Int.fetchOne(db, sql: "SELECT version FROM sitegen_schema")
            }
        case .postgres(let address):
            return try await TestPostgres.withConnection(address) { connection in
                var version: Int?
                for try await value in try await connection.query(
                    "SELECT version FROM sitegen_schema", logger: TestPostgres.logger
                )
                .decode(Int.self) { version = value }
                return version
            }
        }
    }
}

/// The PostgreSQL server the tests use, when there is one.
enum TestPostgres {
    static let variable = "SITEGEN_TEST_POSTGRES"
    static let logger = Logger(label: "sitegen.tests")

    struct Unavailable: Error {}

    static let address: PostgresAddress? = {
        guard let text = ProcessInfo.processInfo.environment[variable],
            case .success(let address) = PostgresAddress.parse(text)
        else {
            return nil
        }
        return address
    }()

    /// Whether the PostgreSQL tests can run here. When not, it prints why, so a run without a
    /// server says so beside the skipped tests instead of passing quietly.
    static func isAvailable() async -> Bool {
        guard let text = ProcessInfo.processInfo.environment[variable] else {
            print(
                "note: PostgreSQL vote store tests skipped: \(variable) is not set "
                    + "(set it to postgres://user:password@host/database of a role with CREATEDB; .ci/run does)")
            return false
        }
        guard let address else {
            print("note: PostgreSQL vote store tests skipped: \(variable) is not a postgres:// URL")
            return false
        }
        do {
            try await execute("SELECT 1", on: address)
            return true
        } catch {
            print(
                "note: PostgreSQL vote store tests skipped: the server at \(PostgresAddress.redacted(text)) does not answer: "
                    + PostgresProblem.describe(error))
            return false
        }
    }

    static func withConnection<T: Sendable>(_ address: PostgresAddress, _ body: (PostgresConnection) async throws -> T)
        async throws -> T
    {
        let connection = try await PostgresConnection.connect(
            configuration: address.connectionConfiguration(), id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static func execute(_ sql: String, on address: PostgresAddress) async throws {
        do {
            try await withConnection(address) { connection in
                _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
        } catch {
            throw Failed(sql: sql, problem: PostgresProblem.describe(error))
        }
    }

    /// Drops a test's database. FORCE ends the connections a failed test left open, but refuses
    /// (42501, "must be a member of the role whose process is being terminated") while an
    /// autovacuum worker is in the database, which a thousand fresh votes call in: PostgreSQL 15's
    /// `TerminateOtherDBBackends` (procarray.c) checks the role of every process there, and
    /// autovacuum's is none of ours. A plain DROP cancels autovacuum and waits up to 5 s for the
    /// rest, so it follows, a few times.
    static func drop(_ name: String, on server: PostgresAddress) async throws {
        if (try? await execute("DROP DATABASE \(name) WITH (FORCE)", on: server)) != nil { return }
        var attempt = 1
        while true {
            do {
                return try await execute("DROP DATABASE IF EXISTS \(name)", on: server)
            } catch  where attempt < 3 {
                attempt += 1
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// PSQLError's own description is a fixed text; a failed test says the statement and the server's words.
    struct Failed: Error, CustomStringConvertible {
        var sql: String
        var problem: String
        var description: String { "\(sql): \(problem)" }
    }
}
