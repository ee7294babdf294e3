import Foundation
import Hummingbird
import PageRendering
import Testing

@testable import SiteServer

/// Live reload in `sitegen serve`: the script in the pages it sends (never in the output folder),
/// the endpoint the script asks, the overlay of a failed build, and files other than pages left
/// exactly as a static host sends them.
@Suite struct LiveReloadTests {
    static let page = "/skills/news/tech-digest/"
    static let pageFile = "skills/news/tech-digest/index.html"
    static let source = "Content/skills/news/tech-digest.md"

    /// The generation and run a served page was made at, from its script's attributes.
    static func stamp(_ page: RawHTTP.Response) throws -> (generation: Int, run: String) {
        let generation = try #require(page.body.firstMatch(of: /data-generation="(\d+)"/).flatMap { Int($0.1) })
        let run = try #require(page.body.firstMatch(of: /data-run="([0-9a-f-]+)"/).map { String($0.1) })
        return (generation, run)
    }

    static func news(_ answer: RawHTTP.Response) throws -> [String: Any] {
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
        return try #require(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    }

    @Test func servedPagesCarryTheScriptAndTheFolderDoesNot() async throws {
        try await TestServer.run { server in
            for path in ["/", Self.page, "/groups/news/", "/no-such-page/"] {
                let page = try await server.get(path)
                #expect(page.status == (path == "/no-such-page/" ? 404 : 200), "\(path)")
                #expect(page.body.contains("data-endpoint=\"/.sitegen/live\""), "\(path)")
                #expect(page.body.contains("</script></body>") || page.body.hasSuffix("</script>"), "\(path)")
                #expect(page.header("Content-Length") == String(page.body.utf8.count), "\(path)")
                #expect(page.header("Cache-Control") == "no-store" && page.header("ETag") == nil, "\(path)")
                #expect(!page.body.contains(LiveReloadMarkup.overlayID + "\" role"), "no overlay after a good build")
                let head = try await server.get(path, method: "HEAD")
                #expect(head.header("Content-Length") == page.header("Content-Length"), "HEAD \(path)")
                #expect(head.body.isEmpty)
            }
            #expect(try await server.get(Self.page).body.contains("data-file=\"\(Self.pageFile)\""))
            #expect(try await server.get("/no-such-page/").body.contains("data-file=\"no-such-page/index.html\""))

            let walker = FileManager.default.enumerator(at: server.output, includingPropertiesForKeys: nil)
            var pages = 0
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "html" else { continue }
                pages += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                // The skill pages' one script element is data (JSON-LD), not code.
                let scripts = text.matches(of: /<script[^>]*>/).map { String($0.0) }
                #expect(scripts.allSatisfy { $0 == "<script type=\"application/ld+json\">" }, "\(url.path): \(scripts)")
                #expect(!text.contains(".sitegen/live"), "\(url.path)")
            }
            #expect(pages > 3)
            try await IncrementalServeTests.expectFullBuild(server)
        }
    }

    @Test func noScriptWithNoLiveReload() async throws {
        try await TestServer.run(adjust: { $0.liveReload = false }) { server in
            let page = try await server.get(Self.page)
            let file = try String(contentsOf: server.output.appendingPathComponent(Self.pageFile), encoding: .utf8)
            #expect(page.body == file)
            #expect(page.header("ETag") != nil)
            #expect(try await server.get("/.sitegen/live?since=0&run=x").status == 404)
        }
    }

    @Test func theEndpointAnswersAfterAnEdit() async throws {
        try await TestServer.run { server in
            let (generation, run) = try Self.stamp(try await server.get(Self.page))
            let quiet = try Self.news(try await server.get("/.sitegen/live?since=\(generation)&run=\(run)&wait=0"))
            #expect(quiet["generation"] as? Int == generation && quiet["changed"] as? [String] == [])

            async let waiting = server.get("/.sitegen/live?since=\(generation)&run=\(run)")
            try await Task.sleep(for: .milliseconds(200))
            try Data("---\nname: Tech Digest\ngroup: News\n---\nTech news, daily.\n".utf8)
                .write(to: server.root.appendingPathComponent(Self.source))
            let news = try Self.news(try await waiting)
            #expect((news["generation"] as? Int ?? 0) > generation)
            #expect(news["failed"] as? Bool == false && news["overlay"] is NSNull)
            let changed = try #require(news["changed"] as? [String])
            #expect(changed.contains(Self.pageFile), "\(changed)")
            #expect(!changed.contains("skills/games/dice-roller/index.html"), "an unrelated page does not reload")

            // The terminal's line says what changed, what was written, and how long it took.
            let line = try #require(
                await server.lastLine { $0.hasPrefix("Built in") && $0.contains("(\(Self.source) changed)") },
                "\(server.lines.all)")
            let pages = try #require(
                line.firstMatch(of: /files written \((\d+) pages?\)/).flatMap { Int($0.1) }, "\(line)")
            #expect(pages >= 1 && pages < 10, "\(line)")
        }
    }

    @Test func aBrokenEditShowsItsFileAndLineUntilItIsFixed() async throws {
        try await TestServer.run { server in
            let (generation, run) = try Self.stamp(try await server.get(Self.page))
            let file = server.root.appendingPathComponent(Self.source)
            async let waiting = server.get("/.sitegen/live?since=\(generation)&run=\(run)")
            try await Task.sleep(for: .milliseconds(200))
            try Data("---\nname: Tech <b>Digest</b>\ngroup: [News\n---\nTech news.\n".utf8).write(to: file)
            let broken = try Self.news(try await waiting)
            #expect(broken["failed"] as? Bool == true)
            #expect(broken["changed"] as? [String] == [], "a failed build writes nothing")
            let overlay = try #require(broken["overlay"] as? String)
            #expect(overlay.contains("\(Self.source):"), "\(overlay)")
            #expect(overlay.firstMatch(of: /tech-digest\.md:\d+/) != nil, "with its line: \(overlay)")
            let printed = try #require(server.lines.all.first { $0.hasPrefix(Self.source + ":") })
            let failedLine = try #require(server.lines.all.last { $0.hasPrefix("Build failed") })
            #expect(
                failedLine.firstMatch(
                    of: /^Build failed in \d+\.\d\d s \(Content\/skills\/news\/tech-digest\.md changed\): 1 error;/)
                    != nil, "what changed and how long it took: \(failedLine)")
            #expect(overlay.contains(HTML.escape(printed)), "as the terminal printed: \(printed)")

            // A page loaded now has the overlay without any script running, on the last good page.
            let page = try await server.get(Self.page)
            #expect(page.status == 200 && page.body.contains("Tech news."))
            #expect(page.body.contains("id=\"\(LiveReloadMarkup.overlayID)\""))
            #expect(!page.body.contains("<b>Digest"), "the source's text is escaped")

            let brokenAt = try #require(broken["generation"] as? Int)
            async let fixing = server.get("/.sitegen/live?since=\(brokenAt)&run=\(run)")
            try await Task.sleep(for: .milliseconds(200))
            try Data("---\nname: Tech Digest\ngroup: News\n---\nTech news, fixed.\n".utf8).write(to: file)
            let fixed = try Self.news(try await fixing)
            #expect(fixed["failed"] as? Bool == false && fixed["overlay"] is NSNull)
            #expect((fixed["changed"] as? [String])?.contains(Self.pageFile) == true)
            let after = try await server.get(Self.page)
            #expect(
                after.body.contains("Tech news, fixed.") && !after.body.contains("id=\"\(LiveReloadMarkup.overlayID)\"")
            )
        }
    }

    @Test func aPageOfAnotherRunHearsThatEverythingChanged() async throws {
        try await TestServer.run { server in
            let (generation, _) = try Self.stamp(try await server.get(Self.page))
            let other = try Self.news(try await server.get("/.sitegen/live?since=\(generation)&run=earlier"))
            #expect(other["changed"] is NSNull)
            #expect(try await server.get("/.sitegen/live?since=x").status == 400)
            #expect(try await server.post("/.sitegen/live", "since=0").status == 405)
        }
    }

    @Test func filesOtherThanPagesGoOutAsTheyAre() async throws {
        try await TestServer.run { server in
            for path in ["/assets/style.css", "/media/images/headline.png", "/api/groups.json", "/robots.txt"] {
                let file = try Data(contentsOf: server.output.appendingPathComponent(String(path.dropFirst())))
                let whole = try await server.get(path)
                #expect(whole.status == 200, "\(path)")
                #expect(whole.header("Content-Length") == String(file.count), "\(path)")
                #expect(Data(whole.body.utf8) == file || path.hasSuffix(".png"), "\(path)")
                let eTag = try #require(whole.header("ETag"), "\(path)")
                let cached = try await RawHTTP.send(
                    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \(eTag)\r\nConnection: close\r\n\r\n",
                    port: server.port)
                #expect(cached.status == 304, "\(path)")
                let part = try await RawHTTP.send(
                    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=1-4\r\nConnection: close\r\n\r\n",
                    port: server.port)
                #expect(part.status == 206 && part.header("Content-Length") == "4", "\(path)")
                #expect(part.header("Content-Range") == "bytes 1-4/\(file.count)", "\(path)")
                #expect(Data(part.body.utf8) == file[1...4] || path.hasSuffix(".png"), "\(path)")
            }
            // A range or validator of a page's file does not apply to the page sent: the whole page goes.
            let ranged = try await RawHTTP.send(
                "GET \(Self.page) HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-9\r\nConnection: close\r\n\r\n",
                port: server.port)
            #expect(ranged.status == 200 && ranged.body.contains("data-endpoint"))
        }
    }

    @Test func theBasePathIsHonoured() async throws {
        try await TestServer.run(siteYAML: "base_url: https://example.org/catalogue/\n") { server in
            let page = try await server.get("/catalogue" + Self.page)
            #expect(page.body.contains("data-endpoint=\"/catalogue/.sitegen/live\""))
            #expect(page.body.contains("data-file=\"\(Self.pageFile)\""))
            let (generation, run) = try Self.stamp(page)
            let news = try Self.news(
                try await server.get("/catalogue/.sitegen/live?since=\(generation)&run=\(run)&wait=0"))
            #expect(news["generation"] as? Int == generation)
            #expect(try await server.get("/.sitegen/live?since=0&run=\(run)&wait=0").status == 404)
        }
    }

    @Test func collectDoesNotServeTheEndpoint() async throws {
        try await CollectTestService.run(.sqlite) { service in
            let answer = try await RawHTTP.get("/.sitegen/live?since=0&run=x&wait=0", port: service.port)
            #expect(answer.status == 404)
            #expect(!answer.body.contains("generation"))
        }
    }
}

/// The parts of live reload that need no server.
@Suite struct LiveReloadPartsTests {
    @Test func theMarkupGoesBeforeTheLastBodyEnd() {
        let markup = LiveReloadMarkup(
            endpoint: "/.sitegen/live", file: "a\"b/index.html", news: BuildNews().latest, run: "r", nonce: "N")
        let page = Array("<html><body><p>x</p></BODY></html>".utf8)
        let out = String(decoding: markup.inserted(into: page), as: UTF8.self)
        #expect(out.hasPrefix("<html><body><p>x</p><style nonce=\"N\">"))
        #expect(out.hasSuffix("</script></BODY></html>"))
        #expect(out.contains("data-file=\"a&quot;b/index.html\""))
        let bare = String(decoding: markup.inserted(into: Array("plain".utf8)), as: UTF8.self)
        #expect(bare.hasPrefix("plain<style") && bare.hasSuffix("</script>"))
    }

    @Test func theOverlayEscapesDiagnostics() {
        let overlay = LiveReloadMarkup.overlay([.error("Content/a.md", line: 3, column: 1, "bad <script>")])
        #expect(overlay.contains("Content/a.md:3:1"))
        #expect(overlay.contains("bad &lt;script&gt;") && !overlay.contains("<script>"))
        #expect(overlay.contains("(1 error)"))
    }

    @Test(arguments: [
        ("default-src 'self'", "default-src 'self' 'nonce-N'"),
        ("script-src 'none'; style-src 'self'", "script-src 'nonce-N'; style-src 'self' 'nonce-N'"),
        ("script-src 'unsafe-inline'", "script-src 'unsafe-inline'"),
        ("script-src 'sha256-x' 'unsafe-inline'", "script-src 'sha256-x' 'unsafe-inline' 'nonce-N'"),
        ("script-src-elem 'self'; script-src 'none'", "script-src-elem 'self' 'nonce-N'; script-src 'none'"),
        ("img-src 'self'", "img-src 'self'"),
        ("default-src 'none', img-src *", "default-src 'nonce-N', img-src *"),
    ])
    func aPolicyAllowsTheNonce(policy: String, amended: String) {
        #expect(ContentSecurityPolicy.allowing(nonce: "N", policy) == amended)
    }

    @Test func aMetaPolicyAllowsTheNonce() {
        let page = Array(
            #"<head><meta charset="utf-8"><META HTTP-EQUIV="content-security-policy" content="default-src &#39;self&#39;"></head>"#
                .utf8)
        let out = String(decoding: ContentSecurityPolicy.allowingInMetaTags(nonce: "N", page), as: UTF8.self)
        #expect(
            out
                == #"<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39; &#39;nonce-N&#39;"></head>"#
        )
    }

    @Test func aPagePathNamesItsFile() {
        #expect(LiveReloadMiddleware<BasicRequestContext>.file("/", base: "/") == "index.html")
        #expect(LiveReloadMiddleware<BasicRequestContext>.file("/c/skills/x/", base: "/c/") == "skills/x/index.html")
        #expect(LiveReloadMiddleware<BasicRequestContext>.file("/c/a%20b.html", base: "/c/") == "a b.html")
        #expect(LiveReloadMiddleware<BasicRequestContext>.mayBePage("/skills/x/"))
        #expect(LiveReloadMiddleware<BasicRequestContext>.mayBePage("/about.HTML"))
        #expect(!LiveReloadMiddleware<BasicRequestContext>.mayBePage("/style.css"))
    }

    @Test func newsListsWhatChangedSinceAGeneration() async {
        let news = BuildNews()
        news.built(written: ["a", "b"], removed: [])
        news.built(written: ["b"], removed: ["c"])
        #expect(news.current(since: 1).changed == ["b", "c"])
        #expect(news.current(since: 0).changed == ["a", "b", "c"])
        news.failed([.error("x", "broken")])
        #expect(news.current(since: 2).changed == [] && news.current(since: 2).failure?.count == 1)
        news.built(written: (0...BuildNews.listLimit).map { "page\($0)" }, removed: [])
        #expect(news.current(since: 3).changed == nil, "too many to list: everything")
        #expect(news.current(since: 4).failure == nil)
        let waited = await news.report(after: 4, ofRun: news.run, waitingUpTo: .milliseconds(10))
        #expect(waited.generation == 4 && waited.changed == [])
        let future = await news.report(after: 9, ofRun: news.run, waitingUpTo: .seconds(60))
        #expect(future.changed == nil, "a generation that never happened answers at once")
    }
}

/// The byte search every served page goes through.
@Suite struct CaselessBytesTests {
    @Test func findsANeedleInEitherCaseAndNeverReadsPastTheEnd() {
        let page = Array("<p></BODY><b></body>".utf8)
        let tag = Array("</body".utf8)
        #expect(page.firstCaseless(tag) == 3)
        #expect(page.lastCaseless(tag) == 13)
        #expect(page.firstCaseless(tag, from: 4) == 13)
        #expect(page.firstCaseless(tag, from: 15) == nil)
        #expect(page.firstCaseless(tag, from: 99) == nil)
        #expect(Array("</bo".utf8).lastCaseless(tag) == nil)
        #expect([UInt8]().firstCaseless(tag) == nil)
    }
}
