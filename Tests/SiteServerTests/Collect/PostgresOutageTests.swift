import Foundation
import Testing
import VoteStore

@testable import SiteServer

/// A database outage while `collect` runs, through `TCPRelay` to the real PostgreSQL: votes and
/// searches get a 503 with `Retry-After` well inside a proxy's 60 s, and work again as soon as the
/// database is back.
@Suite struct PostgresOutageTests {
    @Test(
        .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
            await CollectTestService.postgresAvailable()
        })
    func votesAndSearchesSay503WhileTheDatabaseIsAwayAndWorkWhenItIsBack() async throws {
        guard case .postgres(let address)? = CollectTestService.postgres else {
            Issue.record("SITEGEN_TEST_POSTGRES names no PostgreSQL server")
            return
        }
        let (relay, relayed) = try await TCPRelay.start(toPostgres: address)
        let (root, _) = try CollectTestService.prepare(.sqlite, siteYAML: CollectSearchTests.siteYAML)
        defer { try? FileManager.default.removeItem(at: root) }
        let service = try await CollectTestService.start(root: root, database: .postgres(relayed)) {
            $0.rebuildsPages = true
            $0.rateLimit = nil
            // The answers time the database alone: with several instances (here, the other tests'
            // services on the shared database) a vote may wait for a rebuild another one asked for.
            $0.pageWait = .milliseconds(1)
        }
        try await service.running { service in
            #expect(try await service.vote("skill=news%2Ftech-digest&stars=4").status == 303)
            #expect(try await RawHTTP.get("/search?q=digest", port: service.port).status == 200)

            await relay.cut()
            for attempt in 1...3 {
                let started = ContinuousClock.now
                let vote = try await service.vote("skill=news%2Ftech-digest&stars=5")
                let took = started.duration(to: .now)
                #expect(vote.status == 503, "attempt \(attempt): \(vote.status) \(vote.body)")
                #expect(vote.header("Retry-After") == "5", "\(vote.headers)")
                #expect(took < .seconds(5), "attempt \(attempt) took \(took)")
                let search = try await RawHTTP.get("/search?q=digest", port: service.port)
                #expect(search.status == 503, "\(search.status) \(search.body)")
                #expect(search.header("Retry-After") == "5")
            }

            try await relay.mend()
            let started = ContinuousClock.now
            let back = try await service.vote("skill=news%2Ftech-digest&stars=3")
            #expect(back.status == 303, "\(back.status) \(back.body)")
            #expect(started.duration(to: .now) < .seconds(2), "\(started.duration(to: .now))")
            #expect(try await RawHTTP.get("/search?q=digest", port: service.port).status == 200)
            #expect(service.lines.all.contains { $0.contains("PostgreSQL is unavailable") })
        }
        await relay.cut()
    }
}
