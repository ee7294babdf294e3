import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects what an XML document holds, and whether it parsed at all.
final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var texts: [String: [String]] = [:]
    private var current = ""

    static func parse(_ text: String) -> XMLCollector? {
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
        self.attributes.append(attributes)
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        texts[name, default: []].append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        current = ""
    }

    func hrefs(of element: String) -> [String] {
        zip(elements, attributes).compactMap { $0.0 == element ? $0.1["href"] : nil }
    }
}

@Suite struct MachineReadableTests {
    static let base = "https://example.org/catalogue/"

    func site() -> TestSite {
        let site = TestSite()
        site.write("site.yml", "title: Test & <Catalogue>\nbase_url: \(Self.base)\npage_size: 2\n")
        site.skill(
            "news/headlines", name: "Headlines & \"Quotes\"", group: "News", author: "Ann Author",
            created: "2019-03-01", body: "Reads <b>news</b>. [A link](https://example.org/x?a=1&b=2)")
        site.skill("news/digest", name: "Digest", group: "News", created: "2021-07-04")
        site.skill("weather/forecast", name: "Forecast", group: "Weather", created: "2018-01-01")
        // JSON may carry characters XML forbids; the feed and sitemap must still parse.
        site.write("skills/weather/undated.json", #"{"skill_name": "Undated \u0001Control", "group": "Weather"}"#)
        return site
    }

    @Test func feedIsWellFormedAtomWithAbsoluteLinksAndContentDates() throws {
        let site = site()
        try site.build()
        let text = try site.read("feed.xml")
        let feed = try #require(XMLCollector.parse(text), "feed.xml is not well-formed XML")
        #expect(feed.elements.first == "feed")
        // The newest skill's date, not the build's.
        #expect(feed.texts["updated"]?.first == "2021-07-04T00:00:00Z")
        #expect(feed.elements.filter { $0 == "entry" }.count == 2, "one page (page_size 2) of the newest skills")
        #expect(feed.texts["title"]?.contains("Digest") == true)
        for href in feed.hrefs(of: "link") {
            #expect(href.hasPrefix(Self.base), "\(href) is not absolute below the base URL")
        }
        #expect(feed.hrefs(of: "link").contains(Self.base + "skills/news/digest/"))
        // Building again gives the same bytes: nothing depends on the clock.
        try site.build()
        #expect(try site.read("feed.xml") == text)
    }

    @Test func sitemapListsEveryPageWithAbsoluteURLs() throws {
        let site = site()
        try site.build()
        let sitemap = try #require(XMLCollector.parse(try site.read("sitemap.xml")), "sitemap.xml is not well-formed")
        #expect(sitemap.elements.first == "urlset")
        let locs = sitemap.texts["loc"] ?? []
        // Nobody has voted, so the empty rankings are written but listed nowhere (EmptyListingsTests).
        let unlisted = ["404.html", "top-rated/index.html", "most-rated/index.html"]
        #expect(unlisted.allSatisfy(site.exists))
        let pages = site.outputFiles().filter { $0.hasSuffix(".html") && !unlisted.contains($0) }
        #expect(locs.count == pages.count)
        for page in pages {
            let url = Self.base + String(page.dropLast("index.html".count))
            #expect(locs.contains(url), "\(url) missing from the sitemap")
        }
        #expect(locs == locs.sorted())
        let robots = try site.read("robots.txt")
        #expect(robots.contains("Sitemap: \(Self.base)sitemap.xml\n"))
    }

    /// A kept build's plan takes the last sitemap when it lists the same pages with the same
    /// settings, and makes it again otherwise.
    @Test func aPlanTakesTheLastSitemapOnlyForTheSamePagesAndSettings() throws {
        let site = site()
        let loaded = site.load()
        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
        var log = DiagnosticLog()
        let theme = Theme.load(directory: nil, display: "Templates", source: .disk, &log)
        let renderer = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: site.content)
        let first = renderer.plan(reusing: nil)
        let made = try #require(first.otherFiles.first { $0.path == "sitemap.xml" })
        let marked = OutputFile(path: "sitemap.xml", text: "kept")
        let kept = Sitemap.Made(pagePaths: first.sitemap.pagePaths, config: first.sitemap.config, files: [marked])
        let again = renderer.plan(reusing: first.cards, sitemap: kept)
        #expect(again.otherFiles.first { $0.path == "sitemap.xml" }?.contents == marked.contents)

        let fewer = Sitemap.Made(
            pagePaths: Array(first.sitemap.pagePaths.dropLast()), config: first.sitemap.config, files: [marked])
        #expect(
            renderer.plan(reusing: first.cards, sitemap: fewer).otherFiles.first { $0.path == "sitemap.xml" }?.contents
                == made.contents)
        var moved = first.sitemap.config
        moved.baseURL = "https://example.com/"
        let elsewhere = Sitemap.Made(pagePaths: first.sitemap.pagePaths, config: moved, files: [marked])
        #expect(
            renderer.plan(reusing: first.cards, sitemap: elsewhere).otherFiles.first { $0.path == "sitemap.xml" }?
                .contents == made.contents)
    }

    /// After pages came or went, the last sitemap with their lines taken out or put in
    /// (`Sitemap.Made.patched`) is the sitemap made whole, over random series of plans whose
    /// pages (odd names, unlisted ones, the 404 page, files that are not pages) come and go.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func aPatchedSitemapIsTheOneMadeWhole(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var config = SiteConfig()
        config.baseURL = Self.base
        let urls = config.urls
        let pool = [
            "index.html", "404.html", "groups/a/index.html", "groups/a/page/2/index.html", "skills/a/b/index.html",
            "skills/a/<script>/index.html", "skills/a/é x/index.html", "skills/a/🚀/index.html", "newest/index.html",
            "skills/b/&amp;/index.html", "top-rated/index.html", "about.html", "skills/Z/index.html",
            "skills/z/index.html", "feed.xml", "skills/a-/index.html", "skills/a/index.html",
        ]
        let unlisted: Set<String> = ["top-rated/"]
        func made(_ outputs: [String]) -> Sitemap.Made {
            let listed = Sitemap.pagePaths(of: outputs, urls: urls).filter { !unlisted.contains($0) }
            var made = Sitemap.Made(pagePaths: listed, config: config)
            made.madeFrom = (outputs, unlisted)
            return made
        }
        var outputs = pool.filter { _ in random.below(3) != 0 }
        var last = made(outputs)
        var patchedCount = 0
        for step in 0..<30 {
            var next = outputs
            for _ in 0...random.below(3) {
                let path = pool[random.below(pool.count)]
                if let at = next.firstIndex(of: path) {
                    next.remove(at: at)
                } else {
                    // In the pool's order, as plans keep their order from build to build.
                    next = pool.filter { next.contains($0) || $0 == path }
                }
            }
            let whole = made(next)
            // A kept build checks the lines the last sitemap lacked, or everything when a page
            // it still lists is said to be gone.
            func locs(_ sitemap: OutputFile?) throws -> [String] {
                let file = try #require(sitemap)
                return try #require(XMLCollector.parse(file.generatedText)).texts["loc"] ?? []
            }
            let before = Set(try locs(last.files.first))
            let fresh = whole.linesToCheck(since: last, gone: outputs.filter { !next.contains($0) })
            #expect(try locs(fresh) == locs(whole.files.first).filter { !before.contains($0) }, "step \(step)")
            if let listed = next.first(where: { urls.page(ofOutput: $0).map(whole.pagePaths.contains) ?? false }) {
                #expect(whole.linesToCheck(since: last, gone: [listed]) == nil, "step \(step)")
            }
            if let patched = last.patched(to: next) {
                patchedCount += 1
                #expect(patched.pagePaths == whole.pagePaths, "step \(step)")
                #expect(patched.files.map(\.contents) == whole.files.map(\.contents), "step \(step)")
                #expect(patched.lines == whole.lines, "step \(step)")
                #expect(patched.madeFrom.outputPaths == next, "step \(step)")
                last = patched
            } else {
                last = whole
            }
            outputs = next
        }
        #expect(patchedCount > 20)
        #expect(made(pool).patched(to: pool, limit: 3) == nil)
        var moved = config
        moved.baseURL = "https://example.com/"
        #expect(Sitemap.Made(pagePaths: last.pagePaths, config: moved).linesToCheck(since: last, gone: []) == nil)
    }

    @Test func largeSitemapsAreSplitBehindAnIndex() throws {
        var config = SiteConfig()
        config.baseURL = Self.base
        let paths = (0..<7).map { "skills/s\($0)/" }
        let files = Sitemap.files(pagePaths: paths, config: config, limit: 3)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        let index = try #require(XMLCollector.parse(files[0].generatedText))
        #expect(index.elements.first == "sitemapindex")
        #expect(index.texts["loc"] == (1...3).map { Self.base + "sitemap-\($0).xml" })
        var all: [String] = []
        for file in files.dropFirst() {
            let part = try #require(XMLCollector.parse(file.generatedText))
            #expect(part.elements.first == "urlset")
            #expect((part.texts["loc"] ?? []).count <= 3)
            all += part.texts["loc"] ?? []
        }
        #expect(all == paths.map { Self.base + $0 })
        // At the limit, one plain sitemap.
        #expect(
            Sitemap.files(pagePaths: Array(paths.prefix(3)), config: config, limit: 3).map(\.path) == ["sitemap.xml"])
    }

    @Test func aPathOnlyBaseURLWritesNoFeedOrSitemap() throws {
        let site = site()
        try site.build(baseURL: "/catalogue/")
        #expect(!site.exists("feed.xml"))
        #expect(!site.exists("sitemap.xml"))
        #expect(try site.read("robots.txt") == "User-agent: *\nAllow: /\n")
        let home = try site.read("index.html")
        #expect(!home.contains("feed.xml"))
        #expect(!home.contains("og:url"))
    }

    @Test func aRobotsFileOfTheOwnersOwnWins() throws {
        let site = site()
        site.write("static/robots.txt", "User-agent: *\nDisallow: /private/\n")
        try site.build()
        #expect(try site.read("robots.txt") == "User-agent: *\nDisallow: /private/\n")
    }

    @Test func xmlEscapingDropsCharactersXMLForbids() {
        #expect(XML.escape("a\u{1}b<c>&\"'") == "ab&lt;c&gt;&amp;&quot;&apos;")
        #expect(XML.escape("tab\tok\u{FFFE}") == "tab\tok")
    }

    /// Text with nothing to escape or drop is returned as it is; any other is escaped scalar
    /// by scalar, as this reference does, whichever way `escape` takes.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func xmlEscapingIsTheScalarRuleOnAnyText(seed: UInt64) {
        let entities: [Unicode.Scalar: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
        ]
        let allowed =
            [0x9...0x9, 0xA...0xA, 0xD...0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
            as [ClosedRange<UInt32>]
        func reference(_ text: String) -> String {
            text.unicodeScalars.filter { scalar in allowed.contains { $0.contains(scalar.value) } }
                .map { entities[$0] ?? String($0) }.joined()
        }
        let pieces = [
            "a", "/", "https://example.org/x/", "\u{1}", "\t", "\r\n", "&", "<", ">", "\"", "'", "é", "\u{FFFE}",
            "\u{FFFF}", "\u{FFFD}", "\u{F000}", "😀", "\u{7F}", " ",
        ]
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            #expect(XML.escape(text) == reference(text), "\(text.unicodeScalars.map(\.value))")
        }
    }
}

/// Planning decides from what the load stage listed, never from the disk.
@Suite struct PlanWithoutDiskTests {
    @Test func anOwnRobotsTxtIsKnownFromTheListingAlone() {
        var log = DiagnosticLog()
        let theme = Theme.load(directory: nil, display: "Templates", source: .disk, &log)
        let catalogue = Fixture.catalogue([Fixture.entry("a/b", name: "B")])
        var renderer = SiteRenderer(
            catalogue: catalogue, theme: theme, contentRoot: URL(fileURLWithPath: "/nonexistent"))
        #expect(renderer.plan().paths.contains("robots.txt"))
        renderer.staticPaths = ["robots.txt"]
        #expect(!renderer.plan().paths.contains("robots.txt"))
    }
}
