import Foundation
import Testing

@testable import SiteServer

/// Who may vote, as whom, and where the vote may go: cross-site posts are refused, the voter is
/// the receiver's cookie and not a posted name, and a linked vote file is never written through.
@Suite struct VoteIntakeTests {
    static let vote = "skill=news%2Ftech-digest&stars=4"

    static func voter(in response: RawHTTP.Response) -> String? {
        guard let cookie = response.header("Set-Cookie"),
            let match = cookie.firstMatch(of: #/^sitegen_voter=([0-9a-f]{32}); /#)
        else { return nil }
        return String(match.1)
    }

    @Test(arguments: [
        ["Origin: http://evil.example"],
        ["Origin: http://127.0.0.1:1"],
        ["Origin: https://127.0.0.1"],
        ["Origin: null"],
        ["Sec-Fetch-Site: cross-site"],
        ["Sec-Fetch-Site: same-site"],
        // The browser's word on where the request comes from wins over a matching Origin.
        ["Sec-Fetch-Site: cross-site", "Origin: http://127.0.0.1:PORT"],
    ])
    func votesFromOtherSitesAreRefused(headers: [String]) async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let sent = headers.map { $0.replacingOccurrences(of: "PORT", with: String(server.port)) }
            let response = try await server.vote(Self.vote, headers: sent)
            #expect(response.status == 403)
            #expect(response.body.hasPrefix("votes are taken only from this site's own pages"), "\(response.body)")
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
            #expect(
                server.lines.all.contains {
                    $0.hasPrefix("Refused a vote: votes are taken only from this site's own pages")
                })
        }
    }

    @Test func votesFromTheSiteItselfAreTaken() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            for headers in [
                ["Origin: http://127.0.0.1:\(server.port)"], ["Origin: HTTP://127.0.0.1:\(server.port)"],
                ["Sec-Fetch-Site: same-origin", "Origin: http://127.0.0.1:\(server.port)"], ["Sec-Fetch-Site: none"],
                [],
            ] {
                #expect(try await server.vote(Self.vote, headers: headers).status == 303, "\(headers)")
            }
            #expect(server.votes.count == 6)
        }
    }

    /// Before, `user=` named the voter, so anyone could replace anyone's vote.
    @Test func theVoterIsTheCookieNotAPostedName() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let first = try await server.vote(Self.vote + "&user=ada")
            #expect(first.status == 303)
            let cookie = try #require(first.header("Set-Cookie"))
            #expect(cookie.hasSuffix("; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax"))
            let id = try #require(Self.voter(in: first))
            #expect(try RatingReceiverTests.decode(server.votes[0]).user == id)

            // Someone else posting as `ada`, and as the first voter's id, is another voter.
            let other = try await server.vote("skill=news%2Ftech-digest&stars=1&user=ada")
            let otherID = try #require(Self.voter(in: other))
            #expect(otherID != id)
            _ = try await server.vote("skill=news%2Ftech-digest&stars=1&user=\(id)")
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "3 ratings")

            // The same browser voting again replaces its vote and keeps its id.
            let again = try await server.vote(
                "skill=news%2Ftech-digest&stars=5", headers: ["Cookie: theme=dark; sitegen_voter=\(id)"])
            #expect(again.status == 303)
            #expect(again.header("Set-Cookie") == nil)
            #expect(try RatingReceiverTests.decode(server.votes[3]).user == id)
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "3 ratings")

            // A cookie that is not one the receiver gives is ignored and replaced.
            for bad in ["sitegen_voter=ada", "sitegen_voter=\(id.uppercased())", "sitegen_voter=\(id)0"] {
                let response = try await server.vote(Self.vote, headers: ["Cookie: \(bad)"])
                #expect(Self.voter(in: response) != nil, "\(bad)")
            }
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "6 ratings")
        }
    }

    @Test(
        arguments: [
            (
                "multipart/form-data; boundary=x",
                "--x\r\nContent-Disposition: form-data; name=\"skill\"\r\n\r\nnews/tech-digest\r\n--x--\r\n"
            ),
            ("application/json", #"{"skill":"news/tech-digest","stars":4}"#),
            ("application/x-www-form-urlencoded-but-not-quite", vote),
            ("text/plain", vote),
            (nil, vote),
        ] as [(String?, String)])
    func bodiesThatAreNotFormEncodedGet415(contentType: String?, body: String) async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.vote(body, contentType: contentType)
            #expect(response.status == 415)
            #expect(response.body.contains("application/x-www-form-urlencoded"))
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
        }
    }

    @Test func formEncodingWithParametersIsTaken() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            #expect(
                try await server.vote(Self.vote, contentType: "Application/X-WWW-Form-URLEncoded; charset=UTF-8").status
                    == 303)
        }
    }

    /// Before, the vote went through the link into whatever file it named.
    @Test func aLinkedVoteFileGets500AndNothingIsWritten() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let outside = server.root.appendingPathComponent("outside.txt")
            try Data("keep\n".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(at: server.votesFile, withDestinationURL: outside)
            let response = try await server.vote(Self.vote)
            #expect(response.status == 500)
            #expect(response.body == "the vote could not be recorded; the server's output says why\n")
            #expect(try String(contentsOf: outside, encoding: .utf8) == "keep\n")
            #expect(
                server.lines.all.contains(
                    "error: the vote for news/tech-digest could not be recorded: Content/ratings/local-votes.jsonl is a symbolic link; votes are not written through links, so remove it"
                ))
        }
    }

    @Test func aGetFormIsCheckedForItsOriginToo() async throws {
        try await TestServer.run(siteYAML: "rating_form:\n  endpoint: /api/vote\n  method: get\n") {
            (server: TestServer) async throws in
            let request =
                "GET /api/vote?\(Self.vote) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nSec-Fetch-Site: cross-site\r\nConnection: close\r\n\r\n"
            #expect(try await RawHTTP.send(request, port: server.port).status == 403)
            let own = try await server.get("/api/vote?\(Self.vote)")
            #expect(own.status == 303)
            #expect(Self.voter(in: own) != nil)
        }
    }

    @Test func originsAreComparedAsSchemeHostAndPort() {
        func refused(_ origin: String, host: String = "127.0.0.1:8000") -> Bool {
            VoteOrigin.refusal(fetchSite: nil, origin: origin, scheme: "http", authority: host) != nil
        }
        #expect(!refused("http://127.0.0.1:8000"))
        #expect(!refused("http://LOCALHOST:8000", host: "localhost:8000"))
        #expect(!refused("http://example.org", host: "example.org:80"))
        #expect(!refused("http://[::1]:8000", host: "[::1]:8000"))
        #expect(refused("http://127.0.0.1:8001"))
        #expect(refused("http://127.0.0.1:8000.evil.example"))
        #expect(refused("http://127.0.0.1:8000@evil.example"))
        #expect(refused("http://127.0.0.1:8000", host: ""))
        #expect(VoteOrigin.refusal(fetchSite: nil, origin: "http://a", scheme: "http", authority: nil) != nil)
        #expect(VoteOrigin.refusal(fetchSite: nil, origin: nil, scheme: "http", authority: nil) == nil)
    }

    @Test func voterIDsAreRandomHex() {
        let ids = (0..<100).map { _ in VoterCookie.newID() }
        #expect(ids.allSatisfy(VoterCookie.isID))
        #expect(Set(ids).count == 100)
        #expect(VoterCookie.id(in: "a=b;sitegen_voter=\(ids[0]) ; c=d") == ids[0])
        #expect(VoterCookie.id(in: "sitegen_voter=x; sitegen_voter=\(ids[1])") == ids[1])
        #expect(VoterCookie.id(in: "other_sitegen_voter=\(ids[0])") == nil)
        #expect(VoterCookie.id(in: nil) == nil)
    }
}
