import CatalogueSearch
import Foundation
import Testing

@testable import SiteServer

/// `sitegen serve` answering its search endpoint, against a real server on 127.0.0.1.
@Suite struct SearchServeTests {
    static let siteYAML = "rating_form:\n  endpoint: /api/ratings\n  method: post\nsearch:\n  endpoint: /search\n"

    static func cardLinks(_ html: String) -> [String] {
        html.matches(of: /class="card-title"><a href="([^"]*)"/).map { String($0.1) }
    }

    @Test func aSearchIsAnsweredWithTheResultsPage() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            let response = try await server.get("/search?q=news")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("Cache-Control") == "no-cache")
            // The group "News" matches both; Headline Finder's rating breaks the tie.
            #expect(Self.cardLinks(response.body) == ["./skills/news/headline-finder/", "./skills/news/tech-digest/"])
            #expect(response.body.contains("<p class=\"stats\">2 skills match “news”</p>"))
            // Every page of the served site carries the form, and its stylesheet is there.
            #expect(
                try await server.get("/").body.contains("<form class=\"site-search\" role=\"search\" action=\"search\"")
            )
            #expect(try await server.get("/assets/search.css").status == 200)
            let head = try await server.get("/search?q=news", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @Test func hostileQueriesAreWordsAndEscaped() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            let response = try await server.get("/search?q=%22%3Cscript%3Ealert(1)%3C%2Fscript%3E+NEAR+dice*+-%3A")
            #expect(response.status == 200)
            #expect(!response.body.contains("<script>"))
            #expect(response.body.contains("value=\"&quot;&lt;script&gt;alert(1)&lt;/script&gt; NEAR dice* -:\""))
            #expect(response.body.contains("No skills match"))
            let dice = try await server.get("/search?q=%22dice*")
            #expect(Self.cardLinks(dice.body) == ["./skills/games/dice-roller/"])
        }
    }

    /// The query is echoed in the title, the description and the heading: no control character or
    /// bidi override may reach them, as none may from the content (`VisibleText`).
    @Test func controlCharactersInTheQueryNeverReachThePage() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            let response = try await server.get("/search?q=di%00ce%1B%7F%C2%85%E2%80%AEx")
            #expect(response.status == 200)
            let forbidden: [Unicode.Scalar] = ["\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}"]
            for scalar in forbidden {
                #expect(!response.body.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))")
            }
            #expect(response.body.contains("dicex"), "\(response.body.prefix(600))")
        }
    }

    @Test func refusalsAreShortAndPlain() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            let long = String(repeating: "a", count: SearchQuery.maxCharacters + 1)
            let tooLong = try await server.get("/search?q=" + long)
            #expect(tooLong.status == 414)
            #expect(tooLong.body.contains("at most \(SearchQuery.maxCharacters) characters"))
            #expect(
                try await server.get("/search?q=" + String(repeating: "a", count: SearchQuery.maxCharacters)).status
                    == 200)
            let huge = try await server.get("/search?x=" + String(repeating: "a", count: SearchResponder.maxQueryBytes))
            #expect(huge.status == 414)
            let post = try await server.post("/search", "q=news")
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
            #expect(try await server.get("/search?q=news&page=0").status == 400)
            #expect(try await server.get("/search?q=news&page=x").status == 400)
            #expect(try await server.get("/search?q=%zz").status == 400)
            let past = try await server.get("/search?q=news&page=2")
            #expect(past.status == 404)
            // serve shows its 404 page for every 404 (the responder's own words are for the service).
            #expect(past.body.contains("Page not found"))
        }
    }

    @Test func anEmptyQueryAsksForWords() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            for path in ["/search", "/search?q=", "/search?q=+++"] {
                let response = try await server.get(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.body.contains("Type a word or two above"), "\(path)")
            }
        }
    }

    @Test func theIndexFollowsAnEditAnAdditionAndADeletion() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            let skills = server.content.appendingPathComponent("skills")
            try Data("---\nname: Weather Now\ngroup: Weather\n---\nForecasts.\n".utf8)
                .write(to: skills.appendingPathComponent("news/weather-now.md"))
            try Data("---\nname: Dice Roller\ngroup: Games\n---\nRolls many polyhedral dice.\n".utf8)
                .write(to: skills.appendingPathComponent("games/dice-roller.md"))
            try FileManager.default.removeItem(at: skills.appendingPathComponent("news/tech-digest.md"))
            let followed = try await server.eventually {
                let weather = Self.cardLinks(try await server.get("/search?q=forecasts").body)
                let dice = Self.cardLinks(try await server.get("/search?q=polyhedral").body)
                let tech = Self.cardLinks(try await server.get("/search?q=tech").body)
                return weather == ["./skills/news/weather-now/"] && dice == ["./skills/games/dice-roller/"]
                    && tech.isEmpty
            }
            #expect(followed)
        }
    }

    @Test func aVoteReordersTheResultsOnceAnswered() async throws {
        try await TestServer.run(siteYAML: Self.siteYAML) { (server: TestServer) async throws in
            // Tech Digest, unrated, follows Headline Finder; ten 5-star votes put it first.
            for _ in 0..<10 { #expect(try await server.vote("skill=news/tech-digest&stars=5").status == 303) }
            #expect(
                Self.cardLinks(try await server.get("/search?q=news").body)
                    == ["./skills/news/tech-digest/", "./skills/news/headline-finder/"])
        }
    }

    @Test func withoutAnEndpointThereIsNoSearch() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.get("/search?q=news")
            #expect(response.status == 404)
            #expect(!(try await server.get("/").body.contains("site-search")))
            #expect(try await server.get("/assets/search.css").status == 404)
        }
    }
}
