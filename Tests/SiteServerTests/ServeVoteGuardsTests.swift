import Foundation
import Testing

@testable import SiteServer

/// The guards `serve` shares with `collect` (`VoteReception`): the honeypot, and a `Referer` from
/// another site when the browser sends neither `Origin` nor `Sec-Fetch-Site`.
@Suite struct ServeVoteGuardsTests {
    @Test func aFilledHoneypotIsRefused() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.vote(VoteIntakeTests.vote + "&website=spam")
            #expect(response.status == 400)
            #expect(response.body.hasPrefix("the form's hidden field `website` must stay empty"))
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
            #expect(try await server.vote(VoteIntakeTests.vote + "&website=").status == 303)
        }
    }

    @Test func aRefererFromAnotherSiteIsRefused() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            #expect(
                try await server.vote(VoteIntakeTests.vote, headers: ["Referer: http://evil.example/page"]).status
                    == 403)
            let own = "Referer: http://127.0.0.1:\(server.port)/skills/news/tech-digest/"
            #expect(try await server.vote(VoteIntakeTests.vote, headers: [own]).status == 303)
        }
    }

    /// A site whose own form uses the trap's name keeps its field: no vote is refused for it.
    @Test func aSiteFieldNamedLikeTheTrapIsNotATrap() async throws {
        let yaml = "rating_form:\n  endpoint: /api/ratings\n  extra: {website: catalogue}\n"
        try await TestServer.run(siteYAML: yaml) { (server: TestServer) async throws in
            #expect(try await server.vote(VoteIntakeTests.vote + "&website=catalogue").status == 303)
        }
    }
}
