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

    /// DNS rebinding: a page at evil.example whose name now resolves to 127.0.0.1 is, to the
    /// browser, the same origin as the preview. Its requests still say `Host: evil.example`, and
    /// with a matching `Origin` one posted a vote (303). The preview answers only its own names.
    @Test func aRequestNamingAnotherHostIsRefused() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let vote = VoteIntakeTests.vote
            let rebound = try await RawHTTP.send(
                "POST /api/ratings HTTP/1.1\r\nHost: evil.example:\(server.port)\r\nOrigin: http://evil.example:\(server.port)\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(vote.utf8.count)\r\nConnection: close\r\n\r\n\(vote)",
                port: server.port)
            #expect(rebound.status == 421)
            #expect(rebound.body.contains("not for evil.example"))
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
            for host in ["evil.example", "EVIL.example.:80", "127.0.0.1.evil.example", "localhost.evil.example"] {
                let page = try await RawHTTP.send(
                    "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: server.port)
                #expect(page.status == 421, "\(host)")
            }
            for host in [
                "127.0.0.1:\(server.port)", "localhost:\(server.port)", "LocalHost.", "[::1]:\(server.port)",
                "app.localhost", "192.168.1.20",
            ] {
                let page = try await RawHTTP.send(
                    "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: server.port)
                #expect(page.status == 200, "\(host)")
            }
        }
    }

    @Test func thePreviewAnswersItsOwnNames() {
        let loopback = PreviewHost(listeningOn: "127.0.0.1", machineName: "box.example.net")
        #expect(!loopback.allows("box.example.net"))
        #expect(loopback.allows(nil))
        let named = PreviewHost(listeningOn: "preview.test", machineName: "box.example.net")
        #expect(named.allows("preview.test:8000"))
        #expect(!named.allows("other.test:8000"))
        let everywhere = PreviewHost(listeningOn: "0.0.0.0", machineName: "Box.example.net")
        #expect(everywhere.allows("box.example.net:8000"))
        #expect(everywhere.allows("box"))
        #expect(everywhere.allows("box.local"))
        #expect(!everywhere.allows("evil.example"))
        #expect(PreviewHost.host(of: "[::1]:8000") == "[::1]")
        #expect(!loopback.allows("[::1"))
        #expect(!loopback.allows("1.2.3.4.5"))
        #expect(!loopback.allows("1.2.3"))
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
