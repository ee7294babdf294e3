import CatalogueModel
import Foundation
import Testing
import VoteStore

@testable import SiteServer

/// What `sitegen collect` does over HTTP, on each backend: raw requests to a real service.
enum CollectBehaviour: String, CaseIterable, Sendable, CustomStringConvertible {
    case anAcceptedVoteIsStoredBeforeThe303
    case theSameCookieReplacesTheVote
    case aRestartKeepsEveryVote

    var description: String { rawValue }

    static let vote = "skill=news%2Ftech-digest&stars=4"

    func check(on backend: CollectTestService.Backend) async throws {
        switch self {
        case .anAcceptedVoteIsStoredBeforeThe303:
            try await CollectTestService.run(backend) { (service: CollectTestService) async throws in
                let response = try await service.vote(Self.vote)
                #expect(response.status == 303, "\(response.body)")
                #expect(response.header("Location") == "https://example.org/skills/news/tech-digest/#rated-4")
                let cookie = try #require(response.header("Set-Cookie"))
                // The site is https: the cookie never goes over plain http.
                #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax; Secure"), "\(cookie)")
                let voter = try #require(CollectTestService.voter(in: response))
                // Read once the 303 is in: the vote was committed before it was sent.
                let stored = try await service.stored(by: [voter])
                #expect(stored.map { [$0.skill, String($0.stars)] } == [["news/tech-digest", "4"]])
                // The log names the request, never the voter or the address.
                let logged = try #require(service.lines.all.first { $0.hasPrefix("POST /api/ratings 303 ") })
                #expect(
                    !service.lines.all.contains {
                        $0.contains(voter) || $0.contains("127.0.0.1") && $0.hasPrefix("POST")
                    }, "\(logged)")
                #expect(logged.firstMatch(of: /ms client [0-9a-f]{8}$/) != nil, "\(logged)")
            }
        case .theSameCookieReplacesTheVote:
            try await CollectTestService.run(backend) { (service: CollectTestService) async throws in
                let first = try await service.vote(Self.vote)
                let voter = try #require(CollectTestService.voter(in: first))
                let second = try await service.vote("skill=news%2Ftech-digest&stars=2", cookie: voter)
                #expect(second.status == 303)
                #expect(second.header("Set-Cookie") == nil, "a known voter keeps their id")
                let third = try await service.vote("skill=games%2Fdice-roller&stars=5", cookie: voter)
                #expect(third.status == 303)
                let stored = try await service.stored(by: [voter]).map { "\($0.skill) \($0.stars)" }
                #expect(stored == ["games/dice-roller 5", "news/tech-digest 2"])
            }
        case .aRestartKeepsEveryVote:
            let (root, database) = try CollectTestService.prepare(backend)
            defer { try? FileManager.default.removeItem(at: root) }
            var voters: Set<String> = []
            for _ in 0..<2 {
                let service = try await CollectTestService.start(root: root, database: database)
                for stars in 1...3 {
                    let response = try await service.vote("skill=news%2Fheadline-finder&stars=\(stars)")
                    voters.insert(try #require(CollectTestService.voter(in: response)))
                }
                await service.stop()
            }
            let service = try await CollectTestService.start(root: root, database: database)
            #expect(try await service.stored(by: voters).count == 6)
            await service.stop()
        }
    }
}

@Suite struct CollectSQLiteTests {
    @Test(arguments: CollectBehaviour.allCases)
    func behaves(_ behaviour: CollectBehaviour) async throws {
        try await behaviour.check(on: .sqlite)
    }
}

/// Needs the PostgreSQL server of SITEGEN_TEST_POSTGRES; without it these are skipped with a note.
@Suite(
    .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
        await CollectTestService.postgresAvailable()
    })
struct CollectPostgresTests {
    @Test(arguments: CollectBehaviour.allCases)
    func behaves(_ behaviour: CollectBehaviour) async throws {
        try await behaviour.check(on: .postgres)
    }
}

/// The checks in front of the store: the same refusals as `serve`, the abuse guards, and where
/// the client address comes from. They never reach the store, so SQLite is enough.
@Suite struct CollectRefusalTests {
    static let vote = CollectBehaviour.vote

    @Test func theRateLimitAnswers429WithRetryAfter() async throws {
        try await CollectTestService.run(.sqlite, adjust: { $0.rateLimit = RateLimitSetting("3/min") }) {
            (service: CollectTestService) async throws in
            for _ in 0..<3 { #expect(try await service.vote(Self.vote).status == 303) }
            let limited = try await service.vote(Self.vote)
            #expect(limited.status == 429)
            let wait = try #require(limited.header("Retry-After").flatMap(Int.init))
            #expect((1...20).contains(wait), "one vote in 20 s comes back into the bucket")
            #expect(limited.body.hasPrefix("too many votes from your address"))
        }
    }

    @Test func aProxyHeaderIsIgnoredUnlessTrusted() async throws {
        // Untrusted: every request is the socket's 127.0.0.1, whatever it claims.
        try await CollectTestService.run(.sqlite, adjust: { $0.rateLimit = RateLimitSetting("2/min") }) {
            (service: CollectTestService) async throws in
            var statuses: [Int] = []
            for n in 1...3 {
                statuses.append(
                    try await service.vote(
                        Self.vote, headers: ["Origin: https://example.org", "X-Forwarded-For: 10.0.0.\(n)"]
                    ).status)
            }
            #expect(statuses == [303, 303, 429])
        }
        // Trusted: each forwarded client has its own bucket; the last entry is the proxy's word.
        try await CollectTestService.run(
            .sqlite,
            adjust: {
                $0.rateLimit = RateLimitSetting("2/min")
                $0.trustedProxyHeader = "X-Forwarded-For"
            }
        ) { (service: CollectTestService) async throws in
            var statuses: [Int] = []
            for n in 1...3 {
                statuses.append(
                    try await service.vote(
                        Self.vote, headers: ["Origin: https://example.org", "X-Forwarded-For: 6.6.6.6, 10.0.0.\(n)"]
                    ).status)
            }
            #expect(statuses == [303, 303, 303])
            for _ in 1...2 {
                statuses.append(
                    try await service.vote(
                        Self.vote, headers: ["Origin: https://example.org", "X-Forwarded-For: 10.0.0.1"]
                    ).status)
            }
            #expect(statuses.suffix(2) == [303, 429])
        }
    }

    @Test(arguments: [
        ["Origin: https://evil.example"],
        // The request's own host is not where the pages are.
        ["Origin: http://127.0.0.1:PORT"],
        ["Origin: http://example.org"],
        ["Origin: null"],
        ["Referer: https://evil.example/skills/news/tech-digest/"],
        ["Sec-Fetch-Site: cross-site", "Origin: https://example.org"],
        ["Sec-Fetch-Site: same-site"],
    ])
    func votesFromElsewhereAreRefused(headers: [String]) async throws {
        try await CollectTestService.run(.sqlite) { (service: CollectTestService) async throws in
            let sent = headers.map { $0.replacingOccurrences(of: "PORT", with: String(service.port)) }
            let response = try await service.vote(Self.vote, headers: sent)
            #expect(response.status == 403, "\(sent)")
            #expect(response.body.hasPrefix("votes are taken only from this site's own pages"), "\(response.body)")
            #expect(response.header("Set-Cookie") == nil)
        }
    }

    @Test func votesFromTheSitesPagesAreTaken() async throws {
        try await CollectTestService.run(.sqlite, adjust: { $0.rateLimit = nil }) {
            (service: CollectTestService) async throws in
            for headers in [
                ["Origin: https://example.org"], ["Origin: HTTPS://EXAMPLE.ORG:443"],
                ["Sec-Fetch-Site: same-site", "Referer: https://example.org/skills/news/tech-digest/"],
                ["Sec-Fetch-Site: same-origin"], [],
            ] {
                #expect(try await service.vote(Self.vote, headers: headers).status == 303, "\(headers)")
            }
        }
    }

    @Test func aFilledHoneypotIsRefusedAndNotStored() async throws {
        try await CollectTestService.run(.sqlite) { (service: CollectTestService) async throws in
            let response = try await service.vote(Self.vote + "&website=http%3A%2F%2Fspam.example")
            #expect(response.status == 400)
            #expect(response.body.hasPrefix("the form's hidden field `website` must stay empty"))
            #expect(response.header("Set-Cookie") == nil)
            #expect(try await service.database.withStore(create: false) { try await $0.count() } == 0)
            // Empty, as the form sends it, is a vote.
            #expect(try await service.vote(Self.vote + "&website=").status == 303)
        }
    }

    @Test func badVotesGetTheRight4xx() async throws {
        try await CollectTestService.run(.sqlite, adjust: { $0.rateLimit = nil }) {
            (service: CollectTestService) async throws in
            let unknown = try await service.vote("skill=news%2Fnope&stars=4")
            #expect(unknown.status == 400)
            #expect(unknown.body.hasPrefix("unknown skill `news/nope`"))
            let stars = try await service.vote("skill=news%2Ftech-digest&stars=6")
            #expect(stars.status == 400)
            #expect(stars.body.hasPrefix("`stars` must be one of 1, 2, 3, 4 or 5"))
            #expect(try await service.vote(Self.vote + "&pad=" + String(repeating: "x", count: 5000)).status == 413)
            #expect(try await service.vote(Self.vote, contentType: "application/json").status == 415)
            let get = try await RawHTTP.get("/api/ratings?" + Self.vote, port: service.port)
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
            #expect(try await RawHTTP.get("/elsewhere", port: service.port).status == 404)
            #expect(try await service.database.withStore(create: false) { try await $0.count() } == 0)
        }
    }

    @Test func aSiteWithoutAHostOrAFormDoesNotStart() async throws {
        for (yaml, problem) in [
            ("rating_form:\n  endpoint: /api/ratings\n", "`base_url` is `/`"),
            ("base_url: https://example.org/\n", "no `rating_form.endpoint`"),
        ] {
            let (root, database) = try CollectTestService.prepare(.sqlite, siteYAML: yaml)
            defer { try? FileManager.default.removeItem(at: root) }
            do {
                let service = try await CollectTestService.start(root: root, database: database)
                await service.stop()
                Issue.record("started with \(yaml)")
            } catch {
                #expect("\(error)".contains(problem), "\(error)")
            }
        }
    }
}

/// With `--output`, the page a voter is sent back to already counts the vote; votes that arrive
/// during a rebuild share the next one.
@Suite struct CollectRebuildTests {
    @Test func theVotersPageCountsTheVoteWhenThe303Comes() async throws {
        try await CollectTestService.run(
            .sqlite,
            adjust: {
                $0.rebuildsPages = true
                $0.rateLimit = nil
            }
        ) { (service: CollectTestService) async throws in
            let page = service.output.appendingPathComponent("skills/news/tech-digest/index.html")
            #expect(try String(contentsOf: page, encoding: .utf8).contains("Not rated yet"))
            #expect(try await service.vote("skill=news%2Ftech-digest&stars=4").status == 303)
            #expect(try String(contentsOf: page, encoding: .utf8).contains(#"rating-big-count">1 rating<"#))
            try await withThrowingTaskGroup(of: Int.self) { group in
                for stars in Array(repeating: [5, 4, 3], count: 4).joined() {
                    group.addTask { try await service.vote("skill=news%2Ftech-digest&stars=\(stars)").status }
                }
                for try await status in group { #expect(status == 303) }
            }
            // Each voter is new (no cookie), so 13 votes; all answered, so all on the page.
            #expect(try String(contentsOf: page, encoding: .utf8).contains(#"rating-big-count">13 ratings<"#))
            let rebuilds = service.lines.all.filter { $0.hasPrefix("Built in") && $0.contains("vote") }
            // The first vote's own, then the burst's: twelve votes sent at once share rebuilds.
            #expect(rebuilds.count <= 7, "\(rebuilds)")
        }
    }
}

@Suite struct RateLimitTests {
    @Test func aBucketRefillsEvenlyAndForgetsFullClients() async {
        let limiter = RateLimiter(RateLimit(count: 2, period: .seconds(60)))
        let start = ContinuousClock.now
        #expect(await limiter.admit("a", at: start) == nil)
        #expect(await limiter.admit("a", at: start) == nil)
        #expect(await limiter.admit("a", at: start) == 30)
        #expect(await limiter.admit("a", at: start + .seconds(29)) == 1)
        #expect(await limiter.admit("a", at: start + .seconds(31)) == nil)
        #expect(await limiter.admit("b", at: start + .seconds(200)) == nil)
        // `a` filled up again long ago and was forgotten when `b` came.
        #expect(await limiter.clients == 1)
    }

    @Test func oneClientWrittenSeveralWaysIsOneBucket() {
        let v4 = [
            "198.51.100.9", "::ffff:198.51.100.9", "198.51.100.9:1234", "[::ffff:198.51.100.9]:80", " 198.51.100.9",
        ]
        #expect(Set(v4.map(RateLimitKey.of)) == ["198.51.100.9"])
        // An IPv6 subscriber's /64 is one bucket, however written.
        let subscriber = [
            "2001:db8:1:2::1", "2001:DB8:1:2:ffff:0:0:7", "[2001:db8:1:2::9]:443", "2001:0db8:0001:0002::1%eth0",
        ]
        #expect(Set(subscriber.map(RateLimitKey.of)) == ["2001:db8:1:2::/64"])
        #expect(RateLimitKey.of("2001:db8:1:3::1") == "2001:db8:1:3::/64")
        #expect(RateLimitKey.of("::1") == "0:0:0:0::/64")
        // Not addresses: each its own bucket, as written.
        for odd in ["unknown (no X-Real-IP header)", "1.2.3", "1.2.3.256", "2001:db8::1::2", "::ffff:1.2.3.4.5", ""] {
            #expect(RateLimitKey.of(odd) == odd, "\(odd)")
        }
    }

    @Test func bucketsAreForgottenAPeriodAfterTheirLastRequest() async {
        let limiter = RateLimiter(RateLimit(count: 1, period: .seconds(10)))
        let start = ContinuousClock.now
        for n in 0..<20_000 { _ = await limiter.admit("10.\(n / 65536).\(n / 256 % 256).\(n % 256)", at: start) }
        #expect(await limiter.clients == 20_000)
        #expect(await limiter.admit("10.0.0.1", at: start + .seconds(5)) == 5)
        // A period after the flood, only the client seen since is left.
        #expect(await limiter.admit("192.0.2.1", at: start + .seconds(10)) == nil)
        #expect(await limiter.clients == 2)
        // 10.0.0.1 went a period after its last request (+5 s); 192.0.2.1 (+10 s) stays.
        #expect(await limiter.admit("203.0.113.5", at: start + .seconds(16)) == nil)
        #expect(await limiter.clients == 2)
        #expect(await limiter.admit("192.0.2.1", at: start + .seconds(16)) == 4)
    }

    @Test func ratesAreReadAsWritten() {
        #expect(RateLimit("20/min") == RateLimit(count: 20, period: .seconds(60)))
        #expect(RateLimit("5/s") == RateLimit(count: 5, period: .seconds(1)))
        #expect(RateLimit("300/hour") == RateLimit(count: 300, period: .seconds(3600)))
        for bad in ["20", "0/min", "-1/min", "20/day", "x/min", ""] { #expect(RateLimit(bad) == nil, "\(bad)") }
    }
}
