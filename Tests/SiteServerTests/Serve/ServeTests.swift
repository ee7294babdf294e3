import Foundation
import Testing

@testable import SiteServer

/// `sitegen serve` as a browser and a hostile client see it, against a real server on 127.0.0.1.
@Suite struct ServeTests {
    @Test func pagesAndAssetsHaveTheirTypes() async throws {
        try await TestServer.run { (server: TestServer) async throws in

            let home = try await server.get("/")
            #expect(home.status == 200)
            #expect(home.header("Content-Type") == "text/html; charset=utf-8")
            #expect(home.body.hasPrefix("<!DOCTYPE html>"))

            let css = try await server.get("/assets/style.css")
            #expect(css.status == 200)
            #expect(css.header("Content-Type") == "text/css; charset=utf-8")
            #expect(css.body.contains(".rating-thanks:target"))

            let image = try await server.get("/media/images/headline.png")
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/png")
            // A file is what its name says: a `.png` holding SVG is never run as a document.
            #expect(image.header("X-Content-Type-Options") == "nosniff")
            #expect(home.header("X-Content-Type-Options") == "nosniff")

            let page = try await server.get("/skills/news/headline-finder/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.body.contains("<legend>Rate Headline Finder</legend>"))

            let head = try await server.get("/skills/news/headline-finder/", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }

    @Test func aFolderWithoutItsSlashIsRedirected() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.get("/skills/news/headline-finder")
            #expect(response.status == 301)
            #expect(response.header("Location") == "/skills/news/headline-finder/")
        }
    }

    @Test func missingPagesGetTheSites404Page() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            for path in ["/nothing-here", "/skills/news/nope/", "/assets/missing.css"] {
                let response = try await server.get(path)
                #expect(response.status == 404, "\(path)")
                #expect(response.header("Content-Type") == "text/html; charset=utf-8")
                #expect(response.body.contains("Page not found"), "\(path)")
            }
        }
    }

    @Test(arguments: [
        "/../site.yml", "/../Content/site.yml", "/%2e%2e/Content/site.yml", "/%2E%2E/%2E%2E/etc/passwd",
        "/assets/..%2f..%2fContent%2fsite.yml", "/skills/../../Content/site.yml", "/..%5c..%5cContent%5csite.yml",
        "/assets/%2e%2e/%2e%2e/Content/ratings/counts.json",
    ])
    func traversalIsRefused(path: String) async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let response = try await server.get(path)
            #expect([400, 404].contains(response.status), "\(path) → \(response.status)")
            #expect(
                !response.body.contains("rating_form") && !response.body.contains("one_star")
                    && !response.body.contains("root:"))
        }
    }

    @Test func symbolicLinksInTheOutputLeadNowhere() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let fm = FileManager.default
            try fm.createSymbolicLink(
                at: server.output.appendingPathComponent("leak.yml"),
                withDestinationURL: server.content.appendingPathComponent("site.yml"))
            try fm.createSymbolicLink(
                at: server.output.appendingPathComponent("content"), withDestinationURL: server.content)
            try fm.createSymbolicLink(
                at: server.output.appendingPathComponent("home.html"),
                withDestinationURL: server.output.appendingPathComponent("index.html"))
            for path in ["/leak.yml", "/content/site.yml", "/content/", "/home.html"] {
                let response = try await server.get(path)
                #expect(response.status == 404, "\(path) → \(response.status)")
                #expect(!response.body.contains("rating_form"))
            }
            // The real files are still there.
            #expect(try await server.get("/index.html").status == 200)
        }
    }

    @Test func servesUnderTheBasePath() async throws {
        try await TestServer.run(
            siteYAML: "base_url: https://example.org/catalogue/\nrating_form:\n  endpoint: /api/ratings\n"
        ) { (server: TestServer) async throws in
            let root = try await server.get("/")
            #expect(root.status == 302)
            #expect(root.header("Location") == "/catalogue/")
            #expect(try await server.get("/catalogue").header("Location") == "/catalogue/")
            #expect(try await server.get("/catalogue/").status == 200)
            let folder = try await server.get("/catalogue/skills/news/headline-finder")
            #expect(folder.status == 301)
            #expect(folder.header("Location") == "/catalogue/skills/news/headline-finder/")
            #expect(try await server.get("/skills/news/headline-finder/").status == 404)
            #expect(try await server.get("/catalogue-not/").status == 404)

            // The form's relative action resolves to /catalogue/api/ratings from the page.
            let page = try await server.get("/catalogue/skills/news/headline-finder/")
            #expect(page.body.contains("action=\"../../../api/ratings\""))
            #expect(try await server.post("/api/ratings", "skill=news/headline-finder&stars=5").status == 404)
            #expect(server.votes.isEmpty)
            let vote = try await server.post("/catalogue/api/ratings", "skill=news/headline-finder&stars=5")
            #expect(vote.status == 303)
            #expect(vote.header("Location") == "/catalogue/skills/news/headline-finder/#rated-5")
        }
    }

    @Test func anEditRebuildsAndABrokenEditKeepsTheLastGoodSite() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let skill = server.content.appendingPathComponent("skills/games/dice-roller.md")
            let config = server.content.appendingPathComponent("site.yml")

            try Data("---\nname: Dice Roller Deluxe\ngroup: Games\n---\nRolls dice.\n".utf8).write(to: skill)
            let rebuilt = try await server.eventually {
                try await server.get("/skills/games/dice-roller/").body.contains("Dice Roller Deluxe")
            }
            #expect(rebuilt)
            // The new page is in place a moment before the build's line is printed.
            #expect(
                await server.eventually {
                    server.lines.all.contains { $0.contains("Content/skills/games/dice-roller.md changed") }
                })

            let goodConfig = try Data(contentsOf: config)
            try Data("rating_form: [unclosed\n".utf8).write(to: config)
            let failed = await server.eventually { server.lines.all.contains { $0.hasPrefix("Build failed") } }
            #expect(failed)
            #expect(server.lines.all.contains { $0.hasPrefix("Content/site.yml:") && $0.contains("error") })
            let stillServed = try await server.get("/skills/games/dice-roller/")
            #expect(stillServed.status == 200)
            #expect(stillServed.body.contains("Dice Roller Deluxe"))

            try goodConfig.write(to: config)
            try Data("---\nname: Dice Roller Classic\ngroup: Games\n---\nRolls dice.\n".utf8).write(to: skill)
            let recovered = try await server.eventually {
                try await server.get("/skills/games/dice-roller/").body.contains("Dice Roller Classic")
            }
            #expect(recovered)
        }
    }

    /// A build is served as soon as it is made, its files from memory until the output folder
    /// holds them. Here the folder cannot take a new skill's page (a stray file stands where its
    /// folder goes): the page is served all the same, the terminal says the folder could not be
    /// written, and the next build writes the folder whole.
    @Test func aBuildIsServedFromMemoryUntilTheFolderHoldsIt() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            let stray = server.output.appendingPathComponent("skills/games/coin-flipper")
            try Data("not a folder".utf8).write(to: stray)
            let skill = server.content.appendingPathComponent("skills/games/coin-flipper.md")
            try Data("---\nname: Coin Flipper\ngroup: Games\n---\nFlips coins.\n".utf8).write(to: skill)
            let served = try await server.eventually {
                try await server.get("/skills/games/coin-flipper/").body.contains("Flips coins.")
            }
            #expect(served)
            #expect(
                await server.eventually {
                    server.lines.all.contains(
                        "Public/ could not be written; serving the last build from memory until one is written")
                })
            #expect(server.lines.all.contains { $0.hasPrefix("Public: error: cannot write the site: ") })
            #expect(try Data(contentsOf: stray) == Data("not a folder".utf8))
            #expect(try await server.get("/skills/games/coin-flipper/").body.contains("Flips coins."))

            let other = server.content.appendingPathComponent("skills/games/dice-roller.md")
            try Data("---\nname: Dice Roller\ngroup: Games\n---\nRolls two dice.\n".utf8).write(to: other)
            let written = await server.eventually {
                let page = try? String(
                    contentsOf: stray.appendingPathComponent("index.html"), encoding: .utf8)
                return page?.contains("Flips coins.") ?? false
            }
            #expect(written)
            #expect(try await server.get("/skills/games/dice-roller/").body.contains("Rolls two dice."))
            #expect(try await server.get("/skills/games/coin-flipper/").body.contains("Flips coins."))
        }
    }
}
