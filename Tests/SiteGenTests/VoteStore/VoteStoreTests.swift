import Foundation
import Testing

@testable import CatalogueModel
@testable import Databases
@testable import VoteStore

/// Every behaviour of the vote store, on each backend against a real database: SQLite files in a
/// temporary folder, and the PostgreSQL server of `SITEGEN_TEST_POSTGRES` (skipped, with a note
/// saying why, when there is none).
enum VoteStoreBehaviour: String, CaseIterable, Sendable, CustomStringConvertible {
    case aLaterVoteReplacesTheVotersEarlierOne
    case anEarlierVoteNeverUndoesALaterOne
    case votesReadBackEqualAndInByteOrder
    case votesSurviveClosingTheStore
    case anOldSchemaIsMigratedKeepingItsVotes
    case aNewerSchemaIsRefusedUntouched
    case concurrentWritersStoreEveryVoteExactlyOnce

    var description: String { rawValue }

    static let t0: Int64 = 1_709_287_200_000  // 2024-03-01T10:00:00Z

    func check(on backend: Backend) async throws {
        try await backend.withEmptyDatabase { database in
            switch self {
            case .aLaterVoteReplacesTheVotersEarlierOne: try await Self.replacement(database)
            case .anEarlierVoteNeverUndoesALaterOne: try await Self.earlierNeverUndoesLater(database)
            case .votesReadBackEqualAndInByteOrder: try await Self.ordering(database)
            case .votesSurviveClosingTheStore: try await Self.reopening(database)
            case .anOldSchemaIsMigratedKeepingItsVotes: try await Self.migration(database)
            case .aNewerSchemaIsRefusedUntouched: try await Self.newerSchema(database)
            case .concurrentWritersStoreEveryVoteExactlyOnce: try await Self.concurrentWriters(database)
            }
        }
    }

    static func replacement(_ database: VoteDatabase) async throws {
        try await database.withStore(create: true) { (store: any VoteStore) async throws in
            #expect(try await store.record(Vote(skill: "news/a", stars: 2, voter: "u1", milliseconds: t0)) == .added)
            #expect(try await store.record(Vote(skill: "news/a", stars: 4, voter: "u2", milliseconds: t0)) == .added)
            #expect(try await store.record(Vote(skill: "news/b", stars: 1, voter: "u1", milliseconds: t0)) == .added)
            #expect(
                try await store.record(Vote(skill: "news/a", stars: 5, voter: "u1", milliseconds: t0 + 1000))
                    == .replaced)
            #expect(try await store.count() == 3)
            #expect(
                try await store.votes() == [
                    Vote(skill: "news/a", stars: 5, voter: "u1", milliseconds: t0 + 1000),
                    Vote(skill: "news/a", stars: 4, voter: "u2", milliseconds: t0),
                    Vote(skill: "news/b", stars: 1, voter: "u1", milliseconds: t0),
                ])
        }
    }

    static func earlierNeverUndoesLater(_ database: VoteDatabase) async throws {
        try await database.withStore(create: true) { (store: any VoteStore) async throws in
            try await store.record(Vote(skill: "s", stars: 5, voter: "u", milliseconds: t0 + 5000))
            // A delayed or replayed vote from before the stored one: dropped, as in events files.
            #expect(try await store.record(Vote(skill: "s", stars: 1, voter: "u", milliseconds: t0)) == .keptLater)
            #expect(try await store.votes().map(\.stars) == [5])
            // The same millisecond: the vote recorded last wins, as the later line of a file does.
            #expect(
                try await store.record(Vote(skill: "s", stars: 3, voter: "u", milliseconds: t0 + 5000)) == .replaced)
            #expect(try await store.votes().map(\.stars) == [3])
            #expect(try await store.count() == 1)
        }
    }

    static func ordering(_ database: VoteDatabase) async throws {
        // Upper case before lower, `-` before `/`, accents after ASCII: bytes, not a locale's order.
        let skills = ["b", "B", "ä/x", "a/z", "a-z", "A", "z"]
        let voters = ["v", "V", "é", "10", "9"]
        var expected: [Vote] = []
        try await database.withStore(create: true) { (store: any VoteStore) async throws in
            for (i, skill) in skills.enumerated() {
                for (j, voter) in voters.enumerated() {
                    let vote = Vote(
                        skill: skill, stars: 1 + (i + j) % 5, voter: voter, milliseconds: t0 + Int64(i * 10 + j) * 1001,
                        comment: (i + j) % 3 == 0 ? "«\(skill)» \"\(voter)\" 'quoted'; --" : nil)
                    try await store.record(vote)
                    expected.append(vote)
                }
            }
            expected.sort { a, b in
                a.skill == b.skill
                    ? a.voter.utf8.lexicographicallyPrecedes(b.voter.utf8)
                    : a.skill.utf8.lexicographicallyPrecedes(b.skill.utf8)
            }
            #expect(try await store.votes() == expected)
        }
    }

    static func reopening(_ database: VoteDatabase) async throws {
        let vote = Vote(skill: "news/a", stars: 4, voter: "cookie-1", milliseconds: t0 + 250, comment: "good")
        try await database.withStore(create: true) { try await $0.record(vote) }
        #expect(try await database.readVotes() == [vote])
    }

    /// A database made at schema version 1 (before comments): opening it adds the column, records
    /// version 2 and keeps the votes.
    static func migration(_ database: VoteDatabase) async throws {
        let version1 = VoteSchema.migrations[0]
        let isSQLite = if case .sqlite = database { true } else { false }
        try await RawSQL.execute(
            [VoteSchema.tables.createVersionTable, "INSERT INTO sitegen_schema (version) VALUES (1)"]
                + (isSQLite ? version1.sqlite : version1.postgres)
                + ["INSERT INTO sitegen_votes (skill, voter, stars, voted_at) VALUES ('news/a', 'u1', 3, \(t0))"],
            in: database)
        #expect(try await RawSQL.schemaVersion(database) == 1)
        try await database.withStore(create: false) { (store: any VoteStore) async throws in
            #expect(try await store.votes() == [Vote(skill: "news/a", stars: 3, voter: "u1", milliseconds: t0)])
            try await store.record(
                Vote(skill: "news/a", stars: 5, voter: "u2", milliseconds: t0, comment: "new column"))
            #expect(try await store.votes().last?.comment == "new column")
        }
        #expect(try await RawSQL.schemaVersion(database) == VoteSchema.latest)
    }

    static func newerSchema(_ database: VoteDatabase) async throws {
        try await database.withStore(create: true) {
            try await $0.record(Vote(skill: "s", stars: 2, voter: "u", milliseconds: t0))
        }
        try await RawSQL.execute(["UPDATE sitegen_schema SET version = 99"], in: database)
        do {
            _ = try await database.readVotes()
            Issue.record("a database at schema version 99 was opened")
        } catch {
            #expect(error.database == database.display)
            #expect(
                error.problem.contains(
                    "the vote schema is version 99, but this sitegen knows versions up to \(VoteSchema.latest)"),
                "\(error)")
        }
        #expect(try await RawSQL.schemaVersion(database) == 99)
        try await RawSQL.execute(["UPDATE sitegen_schema SET version = \(VoteSchema.latest)"], in: database)
        #expect(try await database.readVotes().count == 1)
    }

    /// Several stores at once (as several service instances would be), opened together on a new
    /// database, each with many tasks voting: every vote is there once, and a voter who votes
    /// twice counts once, with the later vote.
    static func concurrentWriters(_ database: VoteDatabase) async throws {
        let stores = 4
        let tasksPerStore = 25
        let votesPerTask = 10
        try await withThrowingTaskGroup(of: Void.self) { group in
            for s in 0..<stores {
                group.addTask {
                    try await database.withStore(create: true) { (store: any VoteStore) async throws in
                        try await withThrowingTaskGroup(of: Void.self) { tasks in
                            for t in 0..<tasksPerStore {
                                tasks.addTask {
                                    for v in 0..<votesPerTask {
                                        let voter = "s\(s)-t\(t)"
                                        // Every task votes twice for its first skill: first 1 star, then 5.
                                        try await store.record(
                                            Vote(
                                                skill: "skill-\(v)", stars: v == 0 ? 1 : 1 + v % 5,
                                                voter: voter, milliseconds: t0))
                                    }
                                    try await store.record(
                                        Vote(skill: "skill-0", stars: 5, voter: "s\(s)-t\(t)", milliseconds: t0 + 1))
                                }
                            }
                            try await tasks.waitForAll()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let votes = try await database.readVotes()
        #expect(votes.count == stores * tasksPerStore * votesPerTask)
        #expect(Set(votes.map { "\($0.skill) \($0.voter)" }).count == votes.count)
        #expect(votes.filter { $0.skill == "skill-0" }.allSatisfy { $0.stars == 5 })
        #expect(votes.filter { $0.skill == "skill-3" }.allSatisfy { $0.stars == 4 })
    }
}

@Suite struct SQLiteVoteStoreTests {
    @Test(arguments: VoteStoreBehaviour.allCases)
    func behaves(_ behaviour: VoteStoreBehaviour) async throws {
        try await behaviour.check(on: .sqlite)
    }

    @Test func theFileIsInWALModeWithFullSync() async throws {
        try await Backend.sqlite.withEmptyDatabase { database in
            guard case .sqlite(let path, _) = database else { return }
            let store = try SQLiteVoteStore(path: path, display: "votes.sqlite", create: true)
            let (mode, sync) = try await store.pool.read { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
            }
            #expect(mode == "wal")
            #expect(sync == 2, "synchronous = FULL is 2")
        }
    }

    @Test func aMissingFileIsNotCreatedForReading() async throws {
        try await Backend.sqlite.withEmptyDatabase { database in
            guard case .sqlite(let path, _) = database else { return }
            await #expect(throws: VoteStoreError.self) { try await database.readVotes() }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}

/// Needs a PostgreSQL server: SITEGEN_TEST_POSTGRES=postgres://user:password@host/database, a
/// role with CREATEDB. Without one these are skipped and a note says why; CI always has one.
@Suite(
    .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
        await TestPostgres.isAvailable()
    })
struct PostgresVoteStoreTests {
    @Test(arguments: VoteStoreBehaviour.allCases)
    func behaves(_ behaviour: VoteStoreBehaviour) async throws {
        try await behaviour.check(on: .postgres)
    }

    @Test func aWrongPasswordIsAClearErrorWithoutThePassword() async throws {
        var address = try #require(TestPostgres.address)
        address.password = "certainly-wrong-\(UUID().uuidString)"
        do {
            _ = try await VoteDatabase.postgres(address).readVotes()
            Issue.record("connected with a wrong password")
        } catch {
            #expect(!error.description.contains("certainly-wrong"))
            #expect(error.description.hasPrefix(address.display), "\(error)")
        }
    }
}
