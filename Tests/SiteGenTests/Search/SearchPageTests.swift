import Foundation
import Testing

@testable import CatalogueModel
@testable import CatalogueSearch
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// The search form in built sites and the results page the server renders.
@Suite struct SearchPageTests {
    static func site(_ yaml: String) -> TestSite {
        let site = TestSite()
        site.write("site.yml", yaml)
        site.skill("news/headline-finder", name: "Headline Finder", group: "News")
        site.skill("games/dice", name: "Dice Roller", group: "Games")
        return site
    }

    @Test func withoutAnEndpointNoPageHasAFormAndNothingChanges() throws {
        let site = Self.site("title: Quiet\n")
        try site.build()
        let plain = site.built
        #expect(!site.exists("assets/search.css"))
        for path in plain.keys where path.hasSuffix(".html") {
            let html = try site.read(path)
            #expect(!html.contains("<form class=\"site-search\"") && !html.contains("search.css"), "\(path)")
        }
        // The same content with search: every page gains the form and the stylesheet, and nothing else.
        let searching = Self.site("title: Quiet\nsearch:\n  endpoint: /search\n")
        try searching.build()
        #expect(
            Set(searching.built.keys)
                == Set(plain.keys).union(["assets/search.css", TestSupport.hashedAsset("assets/search.css")]))
        for (path, data) in plain where !path.hasSuffix(".html") {
            #expect(searching.built[path] == data, "\(path)")
        }
    }

    @Test func withAnEndpointEveryPageHasTheFormRelativeToIt() throws {
        let site = Self.site("base_url: https://example.org/catalogue/\nsearch:\n  endpoint: /find/search\n")
        try site.build()
        let pages = [
            "index.html": "", "groups/news/index.html": "../../", "skills/news/headline-finder/index.html": "../../../",
            "404.html": "/catalogue/",
        ]
        for (path, root) in pages {
            let html = try site.read(path)
            #expect(
                html.contains(
                    "<form class=\"site-search\" role=\"search\" action=\"\(root)find/search\" method=\"get\">"),
                "\(path)")
            #expect(
                html.contains("<label class=\"visually-hidden\" for=\"site-search-q\">Search skills</label>"), "\(path)"
            )
            #expect(html.contains("<input id=\"site-search-q\" type=\"search\" name=\"q\""), "\(path)")
            #expect(
                html.contains(
                    "<link rel=\"stylesheet\" href=\"\(root)\(TestSupport.hashedAsset("assets/search.css"))\">"),
                "\(path)")
        }
        #expect(try site.read("assets/search.css").contains(".site-search"))
    }

    @Test func theFormsLimitIsTheServersLimit() throws {
        let limit = "maxlength=\"\(SearchQuery.maxCharacters)\""
        let templates = TestSite.repository.appendingPathComponent("Templates")
        for name in ["header.mustache", "search.mustache"] {
            #expect(
                try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8).contains(limit),
                "\(name)")
        }
    }

    @Test(arguments: [
        ("https://example.org/search", "2:13"), ("/search?x=1", "2:13"), ("//evil.example/search", "2:13"),
        ("/../search", "2:13"), ("javascript:alert(1)", "2:13"),
    ])
    func anEndpointOffTheSiteFailsTheBuild(endpoint: String, location: String) {
        let site = Self.site("search:\n  endpoint: \(endpoint)\n")
        #expect {
            try site.build()
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.errors.map(\.location) == ["Content/site.yml:" + location]
                && failure.errors.first?.message.contains("search.endpoint") == true
        }
    }

    @Test func anUnknownSearchKeyIsAWarning() throws {
        let report = try Self.site("search:\n  endpont: /search\n").build()
        #expect(report.warnings.contains { $0.message.contains("endpont") })
    }

    // MARK: The results page

    static let hostileName = "<img src=x onerror=alert(1)> \"Quoted\" & 'single'"

    static func renderer(pageSize: Int = 24, skills extra: Int = 0) -> SiteRenderer {
        var config = SiteConfig()
        config.search = SearchConfig(path: "search")
        config.pageSize = pageSize
        let skills =
            [
                Skill(
                    id: "x/hostile", tag: "hostile", name: hostileName, group: "<b>Group</b>",
                    examples: ["</p><script>alert(2)</script>"], description: "<script>alert(3)</script> *text*")
            ]
            + (0..<extra).map { Skill(id: "q/\($0)", tag: "\($0)", name: "Quiz \($0)", group: "Games") }
        let catalogue = Catalogue(
            skills: skills, ratings: ["x/hostile": RatingTally(stars: StarCounts(four: 1))], config: config)
        var log = DiagnosticLog()
        return SiteRenderer(
            catalogue: catalogue, theme: Theme.load(directory: nil, display: "Templates", source: .disk, &log),
            contentRoot: URL(fileURLWithPath: "/nonexistent"))
    }

    static func page(_ renderer: SiteRenderer, query: String, ids: [String], total: Int, page: Int = 1) throws -> String
    {
        let entries = ids.compactMap { id in renderer.catalogue.entries.first { $0.skill.id == id } }
        let data = try #require(
            renderer.searchPage(SearchOutcome(query: query, matches: entries, total: total, page: page)))
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theQueryAndTheSkillsTextAreEscapedEverywhere() throws {
        let query = "\"><script>alert('q')</script>&amp;"
        let html = try Self.page(Self.renderer(), query: query, ids: ["x/hostile"], total: 1)
        #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("<b>Group"))
        let escaped = "&quot;&gt;&lt;script&gt;alert(&#39;q&#39;)&lt;/script&gt;&amp;amp;"
        #expect(html.contains("<title>Search: \(escaped) · Skill Catalogue</title>"))
        #expect(html.contains("<h1>Results for “\(escaped)”</h1>"))
        #expect(html.contains("value=\"\(escaped)\""))
        #expect(html.contains("<p class=\"stats\">1 skill matches “\(escaped)”</p>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &quot;Quoted&quot; &amp; &#39;single&#39;"))
        // A results page is not a page to index, and names no canonical address.
        #expect(html.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!html.contains("rel=\"canonical\""))
    }

    @Test func resultsAreTheUsualCardsWithLinksFromTheSiteRoot() throws {
        let html = try Self.page(Self.renderer(), query: "hostile", ids: ["x/hostile"], total: 1)
        #expect(html.contains("<ul class=\"cards\">"))
        #expect(html.contains("<h2 class=\"card-title\"><a href=\"./skills/x/hostile/\">"))
        #expect(html.contains("class=\"rating-average\">4.0</span>"))
        #expect(html.contains("<a class=\"brand\" href=\"./\">"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"./\(TestSupport.hashedAsset("assets/style.css"))\">"))
        #expect(!html.contains("class=\"pager\""))
    }

    @Test func pagerLinksKeepTheQueryAsOneEscapedValue() throws {
        let renderer = Self.renderer(pageSize: 2, skills: 9)
        let query = "a&b=c \"d\"#é+"
        let html = try Self.page(renderer, query: query, ids: ["q/2", "q/3"], total: 10, page: 2)
        let value = "a%26b%3Dc%20%22d%22%23%C3%A9%2B"
        #expect(html.contains("<a rel=\"prev\" href=\"./search?q=\(value)\">"))
        #expect(html.contains("<a rel=\"next\" href=\"./search?q=\(value)&amp;page=3\">"))
        #expect(html.contains("<a href=\"./search?q=\(value)&amp;page=5\">5</a>"))
        #expect(html.contains("<span class=\"pager-current\" aria-current=\"page\">2</span>"))
        #expect(html.contains("<link rel=\"next\" href=\"./search?q=\(value)&amp;page=3\">"))
        #expect(html.contains("<title>Search: a&amp;b=c &quot;d&quot;#é+, page 2 · Skill Catalogue</title>"))
        #expect(SiteRenderer.queryValue("~-._ AZaz09") == "~-._%20AZaz09")
    }

    @Test func noMatchAndNoQueryPagesSayWhatToDo() throws {
        let none = try Self.page(Self.renderer(), query: "zebra <x>", ids: [], total: 0)
        #expect(none.contains("<p class=\"empty\">No skills match “zebra &lt;x&gt;”."))
        #expect(!none.contains("<ul class=\"cards\">") && !none.contains("class=\"stats\""))
        let empty = try Self.page(Self.renderer(), query: "", ids: [], total: 0)
        #expect(empty.contains("<h1>Search</h1>"))
        #expect(empty.contains("<p class=\"empty\">Type a word or two above"))
        #expect(!empty.contains("No skills match"))
    }

    @Test func aSiteWithoutSearchRendersNoResultsPage() {
        var config = SiteConfig()
        config.search = nil
        let renderer = SiteRenderer(
            catalogue: Catalogue(skills: [], ratings: [:], config: config),
            theme: Self.renderer().theme, contentRoot: URL(fileURLWithPath: "/nonexistent"))
        #expect(renderer.searchPage(SearchOutcome(query: "x", matches: [], total: 0, page: 1)) == nil)
    }

    @Test func theRootOfTheResultsPageFollowsItsPath() {
        #expect(SearchConfig(path: "search").root == "./")
        #expect(SearchConfig(path: "find/search").root == "../")
        #expect(SearchConfig(path: "search/").root == "../")
    }

    @Test func descriptionsAreIndexedAsTheirWholeText() {
        let text = Markdown.plainText(
            "# Title\n\nFirst *para*.\n\n- item one\n- [link](https://x.org)\n\n```\ncode\n```\n<b>raw</b>")
        #expect(text == "Title First para. item one link code raw")
    }
}
