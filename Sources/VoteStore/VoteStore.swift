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
}

/// What `VoteStore.record` did.
public enum VoteRecording: Sendable, Equatable {
    /// The voter's first vote for the skill.
    case added
    /// It replaced the voter's earlier vote for the skill.
    case replaced
    /// The voter's stored vote is later, so it stays and this one is dropped.
    case keptLater
}
