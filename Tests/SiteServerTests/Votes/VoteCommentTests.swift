import CatalogueModel
import Foundation
import Testing

@testable import SiteServer

/// The rating form's comment (`rating_form.comment: true`) on its way into the vote log and the
/// database: normalized, limited, JSON-escaped, and ignored by a form without the field.
@Suite struct VoteCommentTests {
    /// Quotes, backslashes, a closing script tag, bidi controls, emoji (one a ZWJ family, one a
    /// flag) and a tab; `formValue` sends it as a browser does, with CRLF line breaks.
    static let hostile =
        "She said \"great\" \\o/ </script><script>alert('x')</script>\n\u{202E}gnp.exe\u{202C} \u{2066}isolated\u{2069} 👩‍👩‍👧‍👦🇩🇪\tend\nLS\u{2028}PS\u{2029}."

    static func formValue(_ text: String) -> String {
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        return crlf.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    static let commentForm = "rating_form:\n  endpoint: /api/ratings\n  comment: true\n"

    struct Line: Decodable, Equatable {
        var skill: String
        var stars: Int
        var timestamp: String
        var user: String?
        var comment: String?
    }

    static func decode(_ line: String) throws -> Line {
        try JSONDecoder().decode(Line.self, from: Data(line.utf8))
    }

    @Test(arguments: [
        ("  plain  ", "plain"),
        ("a\r\nb\rc\nd", "a\nb\nc\nd"),
        ("\r\n\r\nkept\r\n\r\n", "kept"),
        ("tab\tkept", "tab\tkept"),
        ("no\u{0}nul\u{7}bell\u{1B}[31mescape\u{7F}del\u{85}nel", "nonulbell[31mescapedelnel"),
        ("\u{202E}bidi\u{202C} stays", "\u{202E}bidi\u{202C} stays"),
    ])
    func normalizing(sent: String, stored: String) throws {
        #expect(try VoteComment.normalized(sent) == stored)
    }

    @Test(arguments: ["", "   ", "\r\n\t \n", "\u{0}\u{1}"])
    func blankIsNoComment(sent: String) throws {
        #expect(try VoteComment.normalized(sent) == nil)
    }

    /// Characters as a person counts them: a family emoji is one, however many code points.
    @Test func theLimitCountsCharactersNotBytes() throws {
        let family = "👩‍👩‍👧‍👦"
        let longest = String(repeating: family, count: RatingFormConfig.commentLimit)
        #expect(try VoteComment.normalized(longest) == longest)
        // Trimmed first: the spaces around a full comment do not count.
        #expect(try VoteComment.normalized("  " + longest + "\r\n") == longest)
        #expect(throws: VoteComment.TooLong(characters: 2001)) {
            try VoteComment.normalized(longest + "x")
        }
    }

    @Test func theLineRoundTripsThroughJSONDecoderOnOneLine() async throws {
        let scratch = try VoteLogTests.Scratch()
        defer { scratch.cleanUp() }
        let stored = try #require(try VoteComment.normalized(Self.hostile))
        var vote = VoteLogTests.vote
        vote.comment = stored
        let data = await scratch.log().line(for: vote, at: Date(timeIntervalSince1970: 0))
        #expect(data.last == 0x0A && data.dropLast().firstIndex(of: 0x0A) == nil, "one line")
        let line = try Self.decode(String(decoding: data.dropLast(), as: UTF8.self))
        #expect(line.comment == stored && line.skill == "news/x" && line.stars == 3)
        // A vote without a comment is the line it always was.
        #expect(
            await scratch.log().line(for: VoteLogTests.vote, at: Date(timeIntervalSince1970: 0))
                == Data(VoteLogTests.line.utf8))
    }

    @Test func serveAppendsTheCommentToTheVoteLine() async throws {
        try await TestServer.run(siteYAML: Self.commentForm) { (server: TestServer) async throws in
            let response = try await server.vote(
                "skill=news%2Ftech-digest&stars=4&comment=" + Self.formValue("  " + Self.hostile + "\n\n"))
            #expect(response.status == 303, "\(response.body)")
            #expect(server.votes.count == 2 && server.votes.last == "", "one line")
            let line = try Self.decode(server.votes[0])
            #expect(line.comment == Self.hostile)
            #expect(line.skill == "news/tech-digest" && line.stars == 4)
            #expect(server.lines.all.contains { $0.hasPrefix("Vote: news/tech-digest, 4 stars and a comment → ") })
            // The kept build counts the line like any other, and the page shows the review: escaped,
            // without the direction controls, with its stars.
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "1 rating")
            let page = try await server.get("/skills/news/tech-digest/").body
            #expect(
                page.contains(
                    "She said &quot;great&quot; \\o/ &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
            #expect(page.contains("Rated 4 stars out of 5"))
            #expect(!page.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 })

            // A blank comment is none: the line has no `comment` key.
            #expect(try await server.vote("skill=news%2Ftech-digest&stars=2&comment=%20%0D%0A").status == 303)
            #expect(server.votes[1].hasPrefix(#"{"skill":"news/tech-digest","stars":2,"timestamp":""#))
            #expect(!server.votes[1].contains("comment"))
        }
    }

    /// 2,000 four-byte characters, each byte percent-encoded, are far over the 4 KiB of a vote
    /// without a comment: the limit grows with the field.
    @Test func theLongestCommentFitsAndOneMoreCharacterIsRefused() async throws {
        try await TestServer.run(siteYAML: Self.commentForm) { (server: TestServer) async throws in
            let longest = String(repeating: "👍", count: RatingFormConfig.commentLimit)
            let tooLong = try await server.vote(
                "skill=news%2Ftech-digest&stars=4&comment=" + Self.formValue(longest + "!"))
            #expect(tooLong.status == 400)
            #expect(
                tooLong.body
                    == "the comment is 2,001 characters long; the limit is 2,000: shorten it and send the vote again\n")
            #expect(!FileManager.default.fileExists(atPath: server.votesFile.path))

            let twice = try await server.vote("skill=news%2Ftech-digest&stars=4&comment=a&comment=b")
            #expect(twice.status == 400 && twice.body.contains("`comment` was sent 2 times"))

            let fits = try await server.vote("skill=news%2Ftech-digest&stars=4&comment=" + Self.formValue(longest))
            #expect(fits.status == 303, "\(fits.body)")
            #expect(try Self.decode(server.votes[0]).comment == longest)
        }
    }

    @Test func aFormWithoutTheFieldIgnoresAPostedComment() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.vote("skill=news%2Ftech-digest&stars=4&comment=hello")
            #expect(response.status == 303)
            #expect(server.votes[0].hasPrefix(#"{"skill":"news/tech-digest","stars":4,"timestamp":""#))
            #expect(try Self.decode(server.votes[0]).comment == nil)
            // Without the field the body limit is the plain vote's.
            let big = try await server.vote(
                "skill=news%2Ftech-digest&stars=4&comment=" + String(repeating: "x", count: 5000))
            #expect(big.status == 413)
        }
    }
}

/// `sitegen collect` keeps the comment in `Vote.comment`, on both backends.
enum CollectCommentBehaviour {
    static func check(on backend: CollectTestService.Backend) async throws {
        let siteYAML = CollectTestService.siteYAML + "  comment: true\n"
        try await CollectTestService.run(backend, siteYAML: siteYAML) { (service: CollectTestService) async throws in
            let response = try await service.vote(
                "skill=news%2Ftech-digest&stars=5&comment=" + VoteCommentTests.formValue(VoteCommentTests.hostile))
            #expect(response.status == 303, "\(response.body)")
            let voter = try #require(CollectTestService.voter(in: response))
            let plain = try await service.vote("skill=games%2Fdice-roller&stars=3&comment=%20", cookie: voter)
            #expect(plain.status == 303)
            let stored = try await service.stored(by: [voter])
            #expect(stored.map(\.skill) == ["games/dice-roller", "news/tech-digest"])
            #expect(stored.map(\.comment) == [nil, VoteCommentTests.hostile])

            // A later vote without a comment changes the stars and keeps the review, as a vote
            // line without one does; a later comment replaces it.
            #expect(try await service.vote("skill=news%2Ftech-digest&stars=4", cookie: voter).status == 303)
            let restarred = try await service.stored(by: [voter])
            #expect(restarred.map(\.comment) == [nil, VoteCommentTests.hostile])
            #expect(restarred.map(\.stars) == [3, 4])
            #expect(
                try await service.vote("skill=news%2Ftech-digest&stars=2&comment=Changed", cookie: voter).status == 303)
            #expect(try await service.stored(by: [voter]).map(\.comment) == [nil, "Changed"])
        }
        // A form without the field: a posted comment is not stored.
        try await CollectTestService.run(backend) { (service: CollectTestService) async throws in
            let response = try await service.vote("skill=news%2Ftech-digest&stars=5&comment=hello")
            #expect(response.status == 303)
            let voter = try #require(CollectTestService.voter(in: response))
            #expect(try await service.stored(by: [voter]).map(\.comment) == [nil])
        }
    }
}

@Suite struct CollectCommentSQLiteTests {
    @Test func theCommentIsStoredWithTheVote() async throws {
        try await CollectCommentBehaviour.check(on: .sqlite)
    }
}

/// Needs the PostgreSQL server of SITEGEN_TEST_POSTGRES; without it this is skipped with a note.
@Suite(
    .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
        await CollectTestService.postgresAvailable()
    })
struct CollectCommentPostgresTests {
    @Test func theCommentIsStoredWithTheVote() async throws {
        try await CollectCommentBehaviour.check(on: .postgres)
    }
}
