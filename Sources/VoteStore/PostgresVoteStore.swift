import CatalogueModel
import Databases
import Foundation
import PostgresNIO

/// Votes in PostgreSQL, for several instances of the service sharing one store. Every vote is
/// one statement (an upsert), so concurrent writers need no locks of their own; commits are
/// durable as the server is configured (`synchronous_commit`, on by default).
public struct PostgresVoteStore: VoteStore {
    let link: PostgresLink
    let display: String
    /// This store's name in the notices its votes send, so it does not hear its own.
    let id = UUID().uuidString

    /// Connects, brings the schema to `VoteSchema.latest`, and runs `body` with the store; the
    /// connections close when it returns.
    public static func with<T: Sendable>(
        _ address: PostgresAddress,
        _ body: (PostgresVoteStore) async throws -> T
    ) async throws -> T {
        // Migrated over one connection of its own first: an unreachable server or a wrong password
        // fails here at once, where the pool would retry for a minute before giving up.
        try await migrate(address)
        return try await PostgresLink.with(address) {
            try await body(PostgresVoteStore(link: $0, display: address.display))
        }
    }

    static let logger = Logger(label: "sitegen.votes")

    static func migrate(_ address: PostgresAddress) async throws(VoteStoreError) {
        try await VoteSchema.tables.migrate(address, lock: advisoryLock)
    }

    /// Any number that no other program's advisory lock is likely to use ("sitegen" in ASCII).
    static let advisoryLock: Int64 = 0x73_69_74_65_67_65_6E

    @discardableResult
    public func record(_ vote: Vote) async throws -> VoteRecording {
        try await run { client in
            // `xmax = 0` tells a fresh row from an updated one; no row back means the WHERE kept a
            // later vote, and then no notice goes either. Other instances hear it on commit.
            let notice = VoteNotices.payload(store: id, skill: vote.skill)
            let rows = try await client.query(
                """
                WITH recorded AS (
                    INSERT INTO sitegen_votes (skill, voter, stars, voted_at, comment)
                    VALUES (\(vote.skill), \(vote.voter), \(vote.stars), \(vote.milliseconds), \(vote.comment))
                    ON CONFLICT (skill, voter) DO UPDATE SET
                        stars = excluded.stars, voted_at = excluded.voted_at,
                        comment = COALESCE(excluded.comment, sitegen_votes.comment)
                        WHERE excluded.voted_at >= sitegen_votes.voted_at
                    RETURNING (xmax = 0) AS inserted
                )
                SELECT inserted, pg_notify('\(unescaped: VoteNotices.channel)', \(notice))::text FROM recorded
                """, logger: Self.logger)
            var outcome = VoteRecording.keptLater
            for try await (inserted, _) in rows.decode((Bool, String).self) { outcome = inserted ? .added : .replaced }
            return outcome
        }
    }

    /// Hears the votes other instances commit to the same database, until cancelled.
    public func followOtherWriters(_ heard: @escaping @Sendable (OtherWriters) async -> Void) async {
        await VoteNotices.follow(link.address, ignoring: id, heard)
    }

    public func votes() async throws -> [Vote] {
        try await run(within: PostgresLink.bulkDeadline) { client in
            let rows = try await client.query(
                "SELECT skill, voter, stars, voted_at, comment FROM sitegen_votes ORDER BY skill, voter",
                logger: Self.logger)
            var votes: [Vote] = []
            for try await (skill, voter, stars, milliseconds, comment) in rows.decode(
                (String, String, Int, Int64, String?).self)
            {
                votes.append(
                    Vote(skill: skill, stars: stars, voter: voter, milliseconds: milliseconds, comment: comment))
            }
            return votes
        }
    }

    public func count() async throws -> Int {
        try await run { client in
            var count = 0
            for try await n in try await client.query("SELECT count(*) FROM sitegen_votes", logger: Self.logger).decode(
                Int.self)
            {
                count = n
            }
            return count
        }
    }

    private func run<T: Sendable>(
        within deadline: Duration = PostgresLink.requestDeadline,
        _ body: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws(VoteStoreError) -> T {
        try await link.named(within: deadline, body)
    }
}
