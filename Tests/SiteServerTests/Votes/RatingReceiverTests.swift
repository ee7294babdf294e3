import Foundation
import Testing

@testable import SiteServer

/// The local rating receiver: good votes land in the events file and on the page, bad ones are
/// refused with a plain message and leave no trace.
@Suite struct RatingReceiverTests {
    struct Line: Decodable, Equatable {
        var skill: String
        var stars: Int
        var timestamp: String
        var user: String?
    }

    static func decode(_ line: String) throws -> Line {
        try JSONDecoder().decode(Line.self, from: Data(line.utf8))
    }

    @Test func aVoteIsRecordedAndCountedAndTheVoterThanked() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            #expect(try await server.ratingCount("/skills/news/headline-finder/") == "10 ratings")

            let response = try await server.vote(
                "skill=news%2Fheadline-finder&stars=4&model=general&group=News&language=en")
            #expect(response.status == 303)
            #expect(response.header("Location") == "/skills/news/headline-finder/#rated-4")

            #expect(server.votes.count == 2, "one line and the final newline")
            #expect(server.votes.last == "")
            let line = try Self.decode(server.votes[0])
            #expect(line.skill == "news/headline-finder" && line.stars == 4)
            #expect(line.user.map(VoterCookie.isID) == true, "the voter is the id the receiver gave")
            #expect(line.timestamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(server.votes[0].hasPrefix(#"{"skill":"news/headline-finder","stars":4,"timestamp":""#))
            // Answered only after the rebuild: the page the voter is sent to counts the vote.
            #expect(try await server.ratingCount("/skills/news/headline-finder/") == "11 ratings")

            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "not rated")
            #expect(try await server.vote("skill=news/tech-digest&stars=5").status == 303)
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "1 rating")
        }
    }

    @Test(arguments: [
        ("stars=4", "missing `skill`"),
        ("skill=news/headline-finder", "missing `stars`"),
        ("skill=news/headline-finder&stars=", "missing `stars`"),
        ("skill=news/headline-finder&stars=0", "got `0`"),
        ("skill=news/headline-finder&stars=6", "got `6`"),
        ("skill=news/headline-finder&stars=five", "got `five`"),
        ("skill=news/headline-finder&stars=4.5", "got `4.5`"),
        ("skill=news/headline-finder&stars=-1", "got `-1`"),
        ("skill=news/headline-finder&stars=4&stars=5", "`stars` was sent 2 times"),
        ("skill=news/unknown&stars=4", "unknown skill `news/unknown`"),
        ("skill=News/Headline-Finder&stars=4", "unknown skill"),
        ("skill=news/headline-finder&stars=%zz", "not valid URL encoding"),
    ])
    func badVotesAreRefusedAndWriteNothing(body: String, message: String) async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.vote(body)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.body.contains(message), "\(response.body)")
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
        }
    }

    @Test func oversizedWrongTypeAndWrongMethodAreRefused() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let big = "skill=news/headline-finder&stars=4&padding=" + String(repeating: "x", count: 5000)
            let oversized = try await server.vote(big)
            #expect(oversized.status == 413)
            #expect(oversized.body.contains("4096 bytes"))

            // A body larger than it claims to be is cut at the limit too.
            let lying =
                "POST /api/ratings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "1388\r\n" + String(repeating: "y", count: 5000) + "\r\n0\r\n\r\n"
            #expect(try await RawHTTP.send(lying, port: server.port).status == 413)

            let json = try await server.vote(
                #"{"skill":"news/headline-finder","stars":4}"#, contentType: "application/json")
            #expect(json.status == 415)
            let get = try await server.get("/api/ratings?skill=news/headline-finder&stars=4")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
        }
    }

    @Test func concurrentVotesNeverInterleaveOrGetLost() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let skills = ["news/headline-finder", "news/tech-digest", "games/dice-roller"]
            let votes = (0..<50).map { (skill: skills[$0 % 3], stars: $0 % 5 + 1) }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for vote in votes {
                    group.addTask {
                        try await server.vote("skill=\(vote.skill)&stars=\(vote.stars)").status
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses == Array(repeating: 303, count: 50))

            let lines = server.votes
            #expect(lines.count == 51 && lines.last == "")
            let recorded = try lines.dropLast().map(Self.decode)
            #expect(
                recorded.map { "\($0.skill)|\($0.stars)" }.sorted() == votes.map { "\($0.skill)|\($0.stars)" }.sorted())
            // Requests without a cookie are fifty browsers, each given its own voter id.
            #expect(Set(recorded.compactMap(\.user)).count == 50)
            // 17 of the 50 votes are for Headline Finder, which had 10.
            #expect(try await server.ratingCount("/skills/news/headline-finder/") == "27 ratings")
            #expect(try await server.ratingCount("/skills/games/dice-roller/") == "16 ratings")
            // Bursts share builds instead of queueing one each.
            #expect(server.lines.all.filter { $0.hasPrefix("Built in") }.count < 51)
        }
    }

    /// A half-star vote is never stored rounded: the form offers whole stars, and the receiver
    /// refuses anything else rather than count 4.5 as 5.
    @Test func halfStarVotesAreRefusedNotRounded() async throws {
        try await TestServer.run(siteYAML: "rating_form:\n  endpoint: /api/ratings\n  granularity: 0.5\n") {
            (server: TestServer) async throws in
            #expect(try await server.vote("skill=games/dice-roller&stars=4.5").status == 400)
            #expect(try await server.vote("skill=games/dice-roller&stars=0.5").status == 400)
            #expect(try await server.vote("skill=games/dice-roller&stars=3").status == 303)
            #expect(try await server.vote("skill=games/dice-roller&stars=0").status == 400)
            #expect(try server.votes.dropLast().map { try Self.decode($0).stars } == [3])
        }
    }

    @Test func aGetFormIsReceivedFromTheQuery() async throws {
        try await TestServer.run(
            siteYAML: "rating_form:\n  endpoint: /api/vote\n  method: get\n  fields: {skill: id, stars: value}\n"
        ) { (server: TestServer) async throws in
            let response = try await server.get("/api/vote?id=games%2Fdice-roller&value=2&model=general")
            #expect(response.status == 303)
            #expect(response.header("Location") == "/skills/games/dice-roller/#rated-2")
            #expect(try await server.get("/api/vote?skill=games/dice-roller&stars=2").status == 400)
            #expect(try await server.post("/api/vote", "id=games/dice-roller&value=2").status == 405)
            #expect(try server.votes.dropLast().map(Self.decode).map(\.stars) == [2])
        }
    }

    @Test func withoutALocalEndpointThereIsNoReceiver() async throws {
        try await TestServer.run(siteYAML: "rating_form:\n  preset: susi\n") { (server: TestServer) async throws in
            #expect(try await server.vote("skill=games/dice-roller&stars=2").status == 404)
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))
        }
    }
}
