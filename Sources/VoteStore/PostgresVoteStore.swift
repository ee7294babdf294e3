import CatalogueModel
import Databases
import Foundation
import PostgresNIO
import Synchronization

/// Votes in PostgreSQL, for several instances of the service sharing one store. Every vote is
/// one statement (an upsert), so concurrent writers need no locks of their own; commits are
/// durable as the server is configured (`synchronous_commit`, on by default).
public struct PostgresVoteStore: VoteStore {
    let link: PostgresLink
    let display: String
    /// This store's name in the notices its votes send, so it does not hear its own.
    let id = UUID().uuidString
    private let sweep = Sweep()

    /// Connects, brings the schema to `VoteSchema.latest`, and runs `body` with the store; the
    /// connections close when it returns.
    public static func with<T: Sendable>(
        _ address: PostgresAddress,
        _ body: (PostgresVoteStore) async throws -> T
    ) async throws -> T {
        try await PostgresLink.with(address, migrating: VoteSchema.tables, lock: advisoryLock) {
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
        try await record(vote, limit: nil)
    }

    public var keepsRateLimits: Bool { true }

    @discardableResult
    public func record(_ vote: Vote, within limit: VoteRateLimit) async throws -> VoteRecording {
        await sweep.run(every: limit, for: self)
        return try await record(vote, limit: limit)
    }

    /// One statement: the client's bucket (with a limit), then the vote when the bucket let it
    /// in. `xmax = 0` tells a fresh row from an updated one; no row back from the vote's upsert
    /// means the WHERE kept a later vote, and then no notice goes either. Other instances hear
    /// the notice on commit.
    private func record(_ vote: Vote, limit: VoteRateLimit?) async throws -> VoteRecording {
        var binds = PostgresBindings()
        binds.append(vote.skill)
        binds.append(vote.voter)
        binds.append(vote.stars)
        binds.append(vote.milliseconds)
        binds.append(vote.comment)
        binds.append(VoteNotices.payload(store: id, skill: vote.skill))
        var bucket = "SELECT true AS admitted, 0::float8 AS tokens"
        if let limit {
            binds.append(limit.client)
            binds.append(Double(limit.count))
            binds.append(limit.perMillisecond)
            // Refilled by the database's clock, the one clock every instance shares; a refused
            // vote takes no token, as in `RateLimiter`.
            let refill = "LEAST($8, b.tokens + GREATEST(0, excluded.updated_at - b.updated_at) * $9)"
            bucket = """
                INSERT INTO sitegen_rate_buckets AS b (client, tokens, updated_at, admitted)
                VALUES ($7, $8 - 1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint, true)
                ON CONFLICT (client) DO UPDATE SET
                    tokens = \(refill) - CASE WHEN \(refill) >= 1 THEN 1 ELSE 0 END,
                    admitted = \(refill) >= 1,
                    updated_at = excluded.updated_at
                RETURNING admitted, tokens
                """
        }
        let query = PostgresQuery(
            unsafeSQL: """
                WITH bucket AS (\(bucket)),
                recorded AS (
                    INSERT INTO sitegen_votes (skill, voter, stars, voted_at, comment)
                    SELECT $1, $2, $3, $4, $5 FROM bucket WHERE admitted
                    ON CONFLICT (skill, voter) DO UPDATE SET
                        stars = excluded.stars, voted_at = excluded.voted_at,
                        comment = COALESCE(excluded.comment, sitegen_votes.comment)
                        WHERE excluded.voted_at >= sitegen_votes.voted_at
                    RETURNING (xmax = 0) AS inserted
                ),
                notified AS (SELECT inserted, pg_notify('\(VoteNotices.channel)', $6) AS sent FROM recorded)
                SELECT bucket.admitted, bucket.tokens, notified.inserted FROM bucket LEFT JOIN notified ON true
                """, binds: binds)
        return try await run { client in
            var outcome = VoteRecording.keptLater
            for row in try await client.wholeResult(query, logger: Self.logger) {
                let (admitted, tokens, inserted) = try row.decode((Bool, Double, Bool?).self)
                if !admitted, let limit {
                    outcome = .limited(retryAfter: limit.secondsUntilOne(from: tokens))
                } else if let inserted {
                    outcome = inserted ? .added : .replaced
                }
            }
            return outcome
        }
    }

    /// Forgets the buckets untouched for a whole period (full, so the same as none), at most once
    /// a period per store: the table holds the clients of about the last period.
    private final class Sweep: Sendable {
        private let last = Mutex<ContinuousClock.Instant?>(nil)

        func run(every limit: VoteRateLimit, for store: PostgresVoteStore) async {
            let now = ContinuousClock.now
            let due = last.withLock { last in
                guard last.map({ $0.duration(to: now) < limit.period }) != true else { return false }
                last = now
                return true
            }
            guard due else { return }
            let milliseconds = limit.periodMilliseconds
            // Housekeeping only: a failure (the server away, another instance's sweep in the
            // way) leaves rows for the next sweep and costs the vote nothing.
            _ = try? await store.run { client in
                try await client.wholeResult(
                    """
                    DELETE FROM sitegen_rate_buckets
                    WHERE updated_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - \(milliseconds)
                    """, logger: PostgresVoteStore.logger)
            }
        }
    }

    /// Hears the votes other instances commit to the same database, until cancelled.
    public func followOtherWriters(_ heard: @escaping @Sendable (OtherWriters) async -> Void) async {
        await VoteNotices.follow(link.address, ignoring: id, heard)
    }

    public func votes() async throws -> [Vote] {
        try await run(within: PostgresLink.bulkDeadline) { client in
            let rows = try await client.wholeResult(
                "SELECT skill, voter, stars, voted_at, comment FROM sitegen_votes ORDER BY skill, voter",
                logger: Self.logger)
            var votes: [Vote] = []
            votes.reserveCapacity(rows.count)
            for row in rows {
                let (skill, voter, stars, milliseconds, comment) = try row.decode(
                    (String, String, Int, Int64, String?).self)
                votes.append(
                    Vote(skill: skill, stars: stars, voter: voter, milliseconds: milliseconds, comment: comment))
            }
            return votes
        }
    }

    public func count() async throws -> Int {
        try await run { client in
            var count = 0
            for row in try await client.wholeResult("SELECT count(*) FROM sitegen_votes", logger: Self.logger) {
                count = try row.decode(Int.self)
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
