import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// `featured`, `collections` and `report_url` in site.yml (#23): what the owner names shows where
/// a visitor looks, and a wrong id is an error at its line.
@Suite struct EditorsPicksTests {
    static func site(_ yaml: String) -> TestSite {
        let site = TestSite()
        site.write("site.yml", yaml)
        site.skill("news/headlines", name: "Headlines", group: "News")
        site.skill("news/weather", name: "Weather", group: "News")
        site.skill("food/tea-timer", name: "Tea Timer", group: "Food")
        return site
    }

    @Test func featuredSkillsComeFirstOnTheHomePageInTheEditorsOrder() throws {
        let site = Self.site("featured:\n  - news/weather\n  - food/tea-timer\n")
        try site.build()
        let home = try site.read("index.html")
        let featured = try #require(home.range(of: "<h2 id=\"featured\">Featured</h2>"))
        let weather = try #require(home.range(of: ">Weather<", range: featured.upperBound..<home.endIndex))
        let tea = try #require(home.range(of: ">Tea Timer<", range: featured.upperBound..<home.endIndex))
        let firstGroup = try #require(home.range(of: "id=\"group-", range: featured.upperBound..<home.endIndex))
        #expect(weather.lowerBound < tea.lowerBound && tea.lowerBound < firstGroup.lowerBound)
    }

    @Test func noFeaturedSectionWithoutFeaturedSkills() throws {
        let site = Self.site("title: Plain\n")
        try site.build()
        let home = try site.read("index.html")
        #expect(!home.contains("id=\"featured\""))
        #expect(!home.contains("id=\"collections\""))
        #expect(!site.outputFiles().contains { $0.hasPrefix("collections/") })
    }

    @Test func aCollectionHasItsOwnPageLinkedFromTheHomePage() throws {
        let site = Self.site(
            """
            collections:
              - title: "Morning <b>routine</b>"
                text: "Start the day & <script>alert(1)</script>"
                skills: [food/tea-timer, news/headlines]

            """)
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains("<a href=\"collections/morning-b-routine-b/\">Morning &lt;b&gt;routine&lt;/b&gt;</a>"))
        #expect(home.contains("Start the day &amp; &lt;script&gt;alert(1)&lt;/script&gt;"))
        let page = try site.read("collections/morning-b-routine-b/index.html")
        #expect(page.contains("<h1>Morning &lt;b&gt;routine&lt;/b&gt;</h1>"))
        #expect(!page.contains("<script>alert"))
        let tea = try #require(page.range(of: ">Tea Timer<"))
        let headlines = try #require(page.range(of: ">Headlines<"))
        #expect(tea.lowerBound < headlines.lowerBound, "the editor's order, not by name")
        #expect(!page.contains(">Weather<"))
    }

    @Test func anIDThatNamesNoSkillIsAnErrorAtItsLineWithASuggestion() {
        let site = Self.site(
            """
            featured:
              - news/wether
            collections:
              - title: Tea
                skills:
                  - food/tea-timer
                  - completely/unknown

            """)
        let diagnostics = site.load().diagnostics.filter { $0.severity == .error }
        #expect(
            diagnostics.contains {
                $0.path.hasSuffix("site.yml") && $0.line == 2 && $0.column == 5
                    && $0.message.contains("`news/wether`") && $0.message.contains("did you mean `news/weather`?")
            })
        #expect(
            diagnostics.contains {
                $0.line == 7 && $0.message.contains("collection `Tea` names `completely/unknown`")
                    && $0.message.contains("like `news/headline-finder`")
            })
        #expect(throws: BuildFailure.self) { try site.build() }
    }

    @Test func collectionsNeedATitleSkillsAndDistinctPages() {
        let (_, diagnostics) = TestSupport.readConfig(
            """
            collections:
              - skills: [a/b]
              - title: Empty
              - title: Tea Time
                skills: [a/b]
              - title: tea time
                skills: [a/c]
              - just text

            """)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.contains { $0.contains("needs a `title`") })
        #expect(errors.contains { $0.contains("`Empty` lists no `skills`") })
        #expect(errors.contains { $0.contains("would both be the page `collections/tea-time/`") })
        #expect(errors.contains { $0.contains("every item of `collections` must be a mapping") })
    }

    @Test func theReportLinkCarriesTheSkillAndItsAddressEncoded() throws {
        let site = Self.site(
            "base_url: https://example.org/cat/\nreport_url: \"https://example.org/issues/new?title={skill}&page={url}\"\n"
        )
        try site.build()
        let page = try site.read("skills/food/tea-timer/index.html")
        #expect(
            page.contains(
                "<a href=\"https://example.org/issues/new?title=food%2Ftea-timer&amp;page=https%3A%2F%2Fexample.org%2Fcat%2Fskills%2Ffood%2Ftea-timer%2F\" rel=\"nofollow noopener\">Report a problem with this skill</a>"
            ))
    }

    @Test func noReportLinkUnlessConfiguredAndOnlySafeOnes() throws {
        let site = Self.site("title: Plain\n")
        try site.build()
        #expect(!(try site.read("skills/food/tea-timer/index.html")).contains("report-link"))
        for bad in [
            "javascript:alert(1)//{skill}", "https://example.org/issues", "/report?s={skill}",
            "https://example.org/?s={skill}\"onmouseover=x",
        ] {
            let (config, diagnostics) = TestSupport.readConfig("report_url: '\(bad)'\n")
            #expect(config.reportURL == nil, "\(bad)")
            #expect(
                diagnostics.contains { $0.severity == .error && $0.line == 1 && $0.message.contains("`report_url`") })
        }
        let (mail, _) = TestSupport.readConfig("report_url: 'mailto:owner@example.org?subject={skill}'\n")
        #expect(mail.reportURL == "mailto:owner@example.org?subject={skill}")
    }
}
