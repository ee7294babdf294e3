import Foundation
import Testing

@testable import CatalogueModel
@testable import VoteStore

/// The rate limit a PostgreSQL store keeps for every instance writing to it: one token bucket
/// per client, taken from in the statement that stores the vote. A SQLite store is written by
/// one process, which keeps the limit in memory, so the store stores what it is given.
@Suite struct SharedRateLimitTests {
    static let t0: Int64 = 1_709_287_200_000
    static func vote(_ skill: String, _ voter: String = "u") -> Vote {
        Vote(skill: skill, stars: 4, voter: voter, milliseconds: t0)
    }

    @Test(.enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES") { TestPostgres.address != nil })
    func twoStoresOnOneDatabaseShareEachClientsBucket() async throws {
        try await Backend.postgres.withEmptyDatabase { database in
            try await database.withStore(create: true) { (a: any VoteStore) async throws in
                try await database.withStore(create: true) { (b: any VoteStore) async throws in
                    #expect(a.keepsRateLimits && b.keepsRateLimits)
                    // 3 an hour: one token every 20 minutes, so no refill comes in between, however slow.
                    let limit = VoteRateLimit(client: "203.0.113.7", count: 3, period: .seconds(3600))
                    #expect(try await a.record(Self.vote("s1"), within: limit) == .added)
                    #expect(try await a.record(Self.vote("s2"), within: limit) == .added)
                    #expect(try await b.record(Self.vote("s3"), within: limit) == .added)
                    // The fourth, at either store: the bucket is empty.
                    for (store, vote) in [(b, Self.vote("s4")), (a, Self.vote("s1", "v"))] {
                        let refused = try await store.record(vote, within: limit)
                        guard case .limited(let wait) = refused else {
                            Issue.record("\(refused): not refused")
                            continue
                        }
                        #expect((1100...1200).contains(wait), "\(wait) s")
                    }
                    #expect(try await a.count() == 3, "a refused vote is not stored")
                    // Another client has a bucket of its own; a replacement takes a token too.
                    let other = VoteRateLimit(client: "198.51.100.1", count: 3, period: .seconds(60))
                    #expect(try await b.record(Self.vote("s4", "w"), within: other) == .added)
                    var later = Self.vote("s4", "w")
                    later.milliseconds += 1
                    #expect(try await a.record(later, within: other) == .replaced)
                    #expect(try await a.count() == 4)
                }
            }
        }
    }

    @Test(.enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES") { TestPostgres.address != nil })
    func aBucketRefillsAndARefusedVoteTakesNoToken() async throws {
        try await Backend.postgres.withEmptyDatabase { database in
            try await database.withStore(create: true) { (store: any VoteStore) async throws in
                // 2 per 12 s: one token every 6 s.
                let limit = VoteRateLimit(client: "2001:db8::/64", count: 2, period: .seconds(12))
                #expect(try await store.record(Self.vote("s1"), within: limit) == .added)
                #expect(try await store.record(Self.vote("s2"), within: limit) == .added)
                let waits = [
                    try await store.record(Self.vote("s3"), within: limit),
                    try await store.record(Self.vote("s3"), within: limit),
                ]
                #expect(
                    waits.allSatisfy { if case .limited(let wait) = $0 { (1...6).contains(wait) } else { false } },
                    "\(waits)")
                // Refused twice, yet 6 s on there is a token again: refusals took none.
                try await Task.sleep(for: .milliseconds(6100))
                #expect(try await store.record(Self.vote("s4"), within: limit) == .added)
                #expect(try await store.count() == 3)
            }
        }
    }

    @Test(.enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES") { TestPostgres.address != nil })
    func bucketsUntouchedForAPeriodAreSwept() async throws {
        try await Backend.postgres.withEmptyDatabase { database in
            try await database.withStore(create: true) { (store: any VoteStore) async throws in
                let period = Duration.seconds(6)
                for client in ["a", "b", "c"] {
                    try await store.record(
                        Self.vote("s", client), within: VoteRateLimit(client: client, count: 5, period: period))
                }
                #expect(try await RawSQL.count("sitegen_rate_buckets", in: database) == 3)
                try await Task.sleep(for: .milliseconds(6200))
                // The first vote a period after the last sweep sweeps the full buckets first.
                try await store.record(
                    Self.vote("s", "d"), within: VoteRateLimit(client: "d", count: 5, period: period))
                #expect(try await RawSQL.count("sitegen_rate_buckets", in: database) == 1)
            }
        }
    }

    @Test func aSQLiteStoreLeavesTheLimitToItsOneWriter() async throws {
        try await Backend.sqlite.withEmptyDatabase { database in
            try await database.withStore(create: true) { (store: any VoteStore) async throws in
                #expect(!store.keepsRateLimits)
                let limit = VoteRateLimit(client: "203.0.113.7", count: 1, period: .seconds(60))
                for skill in ["s1", "s2", "s3"] {
                    #expect(try await store.record(Self.vote(skill), within: limit) == .added)
                }
                #expect(try await store.count() == 3)
            }
        }
    }
}
