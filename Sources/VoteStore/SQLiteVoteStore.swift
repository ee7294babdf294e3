import CatalogueModel
import Databases
import Foundation
import GRDB

/// The embedded default: one SQLite file through GRDB, in WAL mode (readers never wait for the
/// writer), with `synchronous = FULL`: a vote is on disk when `record` returns, even if the
/// machine loses power next (in WAL, NORMAL may lose the last commits then; a vote is answered
/// as kept, so it must be).
public struct SQLiteVoteStore: VoteStore {
    let pool: DatabasePool
    let display: String

    /// Opens the database at `path`, creating it only when `create` is true, and brings its schema
    /// to `VoteSchema.latest`.
    /// - Parameter display: how messages name it (what the user wrote).
    public init(path: String, display: String, create: Bool) throws(VoteStoreError) {
        self.display = display
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw VoteStoreError(
                database: display,
                "ratings database not found; check the path (relative to the content folder in "
                    + "site.yml, to the current folder on the command line), or remove the setting")
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        // Another process (a second service, a build) may hold the write lock for a moment.
        configuration.busyMode = .timeout(10)
        pool = try VoteSchema.tables.opened(display, cannot: "cannot open the SQLite database") {
            try DatabasePool(path: path, configuration: configuration)
        }
    }

    @discardableResult
    public func record(_ vote: Vote) async throws -> VoteRecording {
        try await run {
            try await pool.writeWithoutTransaction { db in
                var outcome = VoteRecording.added
                // IMMEDIATE: the write lock is taken before the read, so another process cannot
                // slip a vote in between the two.
                try db.inTransaction(.immediate) {
                    let stored = try Int64.fetchOne(
                        db, sql: "SELECT voted_at FROM sitegen_votes WHERE skill = ? AND voter = ?",
                        arguments: [vote.skill, vote.voter])
                    if let stored, stored > vote.milliseconds {
                        outcome = .keptLater
                        return .commit
                    }
                    outcome = stored == nil ? .added : .replaced
                    try db.execute(
                        sql: """
                            INSERT INTO sitegen_votes (skill, voter, stars, voted_at, comment) VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (skill, voter) DO UPDATE SET
                                stars = excluded.stars, voted_at = excluded.voted_at,
                                comment = COALESCE(excluded.comment, sitegen_votes.comment)
                            """, arguments: [vote.skill, vote.voter, vote.stars, vote.milliseconds, vote.comment])
                    return .commit
                }
                return outcome
            }
        }
    }

    public func votes() async throws -> [Vote] {
        try await run {
            try await pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT skill, voter, stars, voted_at, comment FROM sitegen_votes ORDER BY skill, voter"
                )
                .map { row in
                    Vote(
                        skill: row["skill"], stars: row["stars"], voter: row["voter"], milliseconds: row["voted_at"],
                        comment: row["comment"])
                }
            }
        }
    }

    public func count() async throws -> Int {
        try await run {
            try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sitegen_votes") ?? 0 }
        }
    }

    private func run<T>(_ body: () async throws -> T) async throws(VoteStoreError) -> T {
        try await VoteStoreError.naming(display, SQLiteProblem.describe, body)
    }
}
