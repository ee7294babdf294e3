import Foundation
import Testing
import VoteStore

@testable import SiteServer

/// Two `collect` instances on one PostgreSQL, each keeping pages of its own: a vote at either
/// reaches the other's pages through LISTEN/NOTIFY, and votes stored while one of them could not
/// reach the database are on its pages once it can. The one instance's database goes away
/// through `TCPRelay`, so the tests beside it keep the shared server.
@Suite(
    .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
        await CollectTestService.postgresAvailable()
    })
struct CollectInstancesTests {
    /// A catalogue with a skill of this test's own, so the counts on its page are this test's votes
    /// although other tests share the database.
    static func prepare(tag: String) throws -> URL {
        let (root, _) = try CollectTestService.prepare(.sqlite)
        let skill = root.appendingPathComponent("Content/skills/news/\(tag).md")
        try Data("---\nname: Shared \(tag)\ngroup: News\n---\nBoth instances show it.\n".utf8).write(to: skill)
        return root
    }

    /// How long it took until `condition` held, polled every 50 ms; nil when it did not within `limit`.
    static func waitFor(within limit: Duration, _ condition: () -> Bool) async -> Duration? {
        let started = ContinuousClock.now
        while started.duration(to: .now) < limit {
            if condition() { return started.duration(to: .now) }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// `waitFor` of `page` holding `text`.
    static func waitFor(_ text: String, in page: URL, within limit: Duration) async -> Duration? {
        await waitFor(within: limit) { (try? String(contentsOf: page, encoding: .utf8))?.contains(text) == true }
    }

    @Test func aVoteAtOneInstanceReachesTheOthersPagesAndNoneIsLostInAnOutage() async throws {
        guard case .postgres(let address)? = CollectTestService.postgres else {
            Issue.record("SITEGEN_TEST_POSTGRES names no PostgreSQL server")
            return
        }
        let (relay, relayed) = try await TCPRelay.start(toPostgres: address)
        let tag = "shared-" + UUID().uuidString.prefix(8).lowercased()
        let (rootA, rootB) = (try Self.prepare(tag: tag), try Self.prepare(tag: tag))
        defer {
            try? FileManager.default.removeItem(at: rootA)
            try? FileManager.default.removeItem(at: rootB)
        }
        let adjust: (inout CollectOptions) -> Void = {
            $0.rebuildsPages = true
            $0.rateLimit = nil
        }
        let a = try await CollectTestService.start(root: rootA, database: .postgres(relayed), adjust: adjust)
        try await a.running { a in
            let b = try await CollectTestService.start(root: rootB, database: .postgres(address), adjust: adjust)
            try await b.running { b in
                let page = a.output.appendingPathComponent("skills/news/\(tag)/index.html")
                let vote = "skill=news%2F\(tag)&stars="
                #expect(try String(contentsOf: page, encoding: .utf8).contains("Not rated yet"))

                let sent = ContinuousClock.now
                #expect(try await b.vote(vote + "4").status == 303)
                let took = await Self.waitFor(#"rating-big-count">1 rating<"#, in: page, within: .seconds(3))
                    .map { _ in sent.duration(to: .now) }
                #expect(took != nil, "a vote at B is not on A's page 3 s later")
                print("a vote at one instance reached the other's page in \(took.map { "\($0)" } ?? "more than 3 s")")

                // A loses the database; B stores two votes meanwhile, which A hears of no notice.
                await relay.cut()
                #expect(
                    await Self.waitFor(within: .seconds(5)) {
                        a.lines.all.contains { $0.contains("not hearing other instances' votes") }
                    } != nil)
                #expect(try await b.vote(vote + "2").status == 303)
                #expect(try await b.vote(vote + "5").status == 303)
                try await relay.mend()
                let back = await Self.waitFor(#"rating-big-count">3 ratings<"#, in: page, within: .seconds(8))
                #expect(back != nil, "the votes stored while A was away are not on its page")
                // Another rebuild (one asked for before the cut) may count them first; the note
                // comes once A listens again, at most 2 s after the database is back.
                #expect(
                    await Self.waitFor(within: .seconds(5)) {
                        a.lines.all.contains { $0.contains("hearing other instances' votes again") }
                    } != nil)

                // And the other way: a vote at A shows on B's pages.
                let pageB = b.output.appendingPathComponent("skills/news/\(tag)/index.html")
                #expect(try await a.vote(vote + "1").status == 303)
                #expect(await Self.waitFor(#"rating-big-count">4 ratings<"#, in: pageB, within: .seconds(3)) != nil)
            }
        }
        await relay.cut()
    }

    @Test func oneRateLimitHoldsAcrossInstances() async throws {
        guard case .postgres(let address)? = CollectTestService.postgres else {
            Issue.record("SITEGEN_TEST_POSTGRES names no PostgreSQL server")
            return
        }
        let (rootA, rootB) = (try Self.prepare(tag: "limited"), try Self.prepare(tag: "limited"))
        defer {
            try? FileManager.default.removeItem(at: rootA)
            try? FileManager.default.removeItem(at: rootB)
        }
        let adjust: (inout CollectOptions) -> Void = {
            $0.rateLimit = RateLimitSetting("2/min")
            $0.trustedProxyHeader = "X-Forwarded-For"
        }
        // An address of this run's own: the tests beside this one share the database's buckets.
        let client = "10.\(Int.random(in: 0...255)).\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
        let from = { (address: String) in ["Origin: \(CollectTestService.pagesOrigin)", "X-Forwarded-For: \(address)"] }
        let a = try await CollectTestService.start(root: rootA, database: .postgres(address), adjust: adjust)
        try await a.running { a in
            let b = try await CollectTestService.start(root: rootB, database: .postgres(address), adjust: adjust)
            try await b.running { b in
                let vote = "skill=news%2Ftech-digest&stars="
                #expect(try await a.vote(vote + "4", headers: from(client)).status == 303)
                #expect(try await b.vote(vote + "5", headers: from(client)).status == 303)
                // Each instance has seen one vote from the client, but the two are one service.
                let third = try await a.vote(vote + "3", headers: from(client))
                #expect(third.status == 429, "\(third.status) \(third.body)")
                #expect(third.header("Retry-After").flatMap(Int.init).map { (1...30).contains($0) } == true)
                #expect(try await b.vote(vote + "3", headers: from(client)).status == 429)
                // Another client is not held back by this one.
                #expect(try await b.vote(vote + "2", headers: from("10.0.0.\(Int.random(in: 1...254))")).status == 303)
            }
        }
    }
}
