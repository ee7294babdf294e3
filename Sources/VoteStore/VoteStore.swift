import CatalogueModel
import Databases

/// Why a vote store could not be opened or used (`DatabaseFailure`).
public typealias VoteStoreError = DatabaseFailure

/// Where votes are kept between builds: one vote per voter per skill. Both backends
/// (`SQLiteVoteStore`, `PostgresVoteStore`) behave the same; `VoteStoreTests` runs every
/// behaviour against each.
public protocol VoteStore: Sendable {
    /// Keeps `vote`, replacing the voter's earlier vote for the skill. When the stored vote is
    /// later than `vote` (by time) it stays: a replayed or delayed vote never undoes a newer one,
    /// as in `.jsonl` events files. Of two votes at the same millisecond the one recorded last wins.
    /// Returns only once the vote is committed.
    @discardableResult
    func record(_ vote: Vote) async throws -> VoteRecording

    /// Whether the store keeps rate limits for every process that writes to it (PostgreSQL):
    /// then `record(_:within:)` holds one limit across all of them. A store only one process
    /// writes (a SQLite file) leaves the limit to that process.
    var keepsRateLimits: Bool { get }

    /// Keeps `vote` as `record(_:)` does, unless the voter's client has used up `limit`: then
    /// nothing is stored and the answer is `.limited`. The limit is taken from in the same
    /// statement that stores the vote, so instances sharing the store share the limit.
    @discardableResult
    func record(_ vote: Vote, within limit: VoteRateLimit) async throws -> VoteRecording

    /// Every current vote, ordered by skill, then voter (by their UTF-8 bytes, on both backends).
    func votes() async throws -> [Vote]

    /// How many current votes there are (one per voter per skill).
    func count() async throws -> Int

    /// Calls `heard` for the votes other processes commit to the same store, until cancelled;
    /// returns at once for a store only one process writes (a SQLite file).
    func followOtherWriters(_ heard: @escaping @Sendable (OtherWriters) async -> Void) async
}

extension VoteStore {
    public func followOtherWriters(_ heard: @escaping @Sendable (OtherWriters) async -> Void) async {}

    public var keepsRateLimits: Bool { false }

    /// A store one process writes: that process keeps the limit (in memory), so it is not kept here.
    @discardableResult
    public func record(_ vote: Vote, within limit: VoteRateLimit) async throws -> VoteRecording {
        try await record(vote)
    }
}

/// `count` votes per `period` from one client, as a token bucket: full at first, refilled evenly
/// over the period, so a burst of `count` passes and then one vote every `period / count`.
public struct VoteRateLimit: Sendable, Equatable {
    /// The client's bucket: its address, or its network for IPv6 (`RateLimitKey`).
    public var client: String
    public var count: Int
    public var period: Duration

    public init(client: String, count: Int, period: Duration) {
        self.client = client
        self.count = count
        self.period = period
    }

    /// The period in whole milliseconds, the unit of the database's clock here.
    var periodMilliseconds: Int64 {
        period.components.seconds * 1000 + period.components.attoseconds / 1_000_000_000_000_000
    }

    /// Tokens added per millisecond.
    var perMillisecond: Double { Double(count) / Double(periodMilliseconds) }

    /// Whole seconds until a bucket holding `tokens` holds one again (for `Retry-After`).
    func secondsUntilOne(from tokens: Double) -> Int {
        max(1, Int(((1 - tokens) / (perMillisecond * 1000)).rounded(.up)))
    }
}

/// What `VoteStore.record` did.
public enum VoteRecording: Sendable, Equatable {
    /// The voter's first vote for the skill.
    case added
    /// It replaced the voter's earlier vote for the skill.
    case replaced
    /// The voter's stored vote is later, so it stays and this one is dropped.
    case keptLater
    /// The client used up the rate limit: nothing was stored; another vote may go in `retryAfter` seconds.
    case limited(retryAfter: Int)
}
