import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// What a visitor reads on listings and skill pages (#22): group pages that put rated skills
/// first, example phrases that are quotes or links to try them, cards that say something about a
/// bare skill, and each skill's language marked on its text.
@Suite struct VisitorPagesTests {
    /// Four skills in one group: "Alpha demo" unrated and undated, "Beta" with many good votes,
    /// "Gamma" with one perfect vote and the newest date, "Delta" with the most votes.
    func site(_ siteYML: String = "title: Order\n") throws -> TestSite {
        let site = TestSite()
        site.write("site.yml", siteYML)
        site.skill("g/alpha", name: "Alpha demo", group: "G")
        site.skill("g/beta", name: "Beta", group: "G", created: "2023-01-01")
        site.skill("g/gamma", name: "Gamma", group: "G", created: "2024-06-01")
        site.skill("g/delta", name: "Delta", group: "G", created: "2022-01-01")
        site.write(
            "ratings/counts.json",
            """
            {"g/beta": {"five_star": 40, "four_star": 10}, "g/gamma": {"five_star": 1},
             "g/delta": {"three_star": 90, "two_star": 10}}
            """)
        try site.build()
        return site
    }

    /// The card titles of the group page, in order.
    func order(_ site: TestSite) throws -> [String] {
        let html = try site.read("groups/g/index.html")
        return html.components(separatedBy: "class=\"card-title\"").dropFirst().compactMap { part in
            part.components(separatedBy: "</a>").first?.components(separatedBy: ">").last
        }
    }

    @Test func groupPagesRankRatedSkillsFirstByDefault() throws {
        // Top rated order (a single 5 does not beat fifty votes averaging 4.8), then the unrated.
        #expect(try order(site()) == ["Beta", "Gamma", "Delta", "Alpha demo"])
    }

    @Test func groupOrderComesFromSiteYML() throws {
        #expect(try order(site("group_order: name\n")) == ["Alpha demo", "Beta", "Delta", "Gamma"])
        #expect(try order(site("group_order: votes\n")) == ["Delta", "Beta", "Gamma", "Alpha demo"])
        #expect(try order(site("group_order: newest\n")) == ["Gamma", "Beta", "Delta", "Alpha demo"])
        #expect(try order(site("group_order: rating\n")) == ["Beta", "Gamma", "Delta", "Alpha demo"])
    }

    @Test func anUnknownGroupOrderIsALocatedError() {
        let (_, diagnostics) = TestSupport.readConfig("title: T\ngroup_order: popularity\n")
        let error = diagnostics.first { $0.severity == .error }
        #expect(error?.line == 2)
        #expect(error?.message.contains("`rating`, `votes`, `name`, `newest`") == true)
    }

    @Test func examplesAreQuotesWithoutATryURL() throws {
        let site = TestSite()
        site.write("skills/g/chat.md", "---\nname: Chat\ngroup: G\nexamples:\n  - hello there\n---\nHi.\n")
        try site.build()
        let html = try site.read("skills/g/chat/index.html")
        #expect(html.contains("<li>“hello there”</li>"))
        #expect(!html.contains("<a href=\"https://chat"))
    }

    @Test func examplesLinkToTheTryURLWithThePhraseEncoded() throws {
        let site = TestSite()
        site.write("site.yml", "try_url: \"https://chat.example.org/?lang=en&q={example}\"\n")
        site.write(
            "skills/g/chat.md",
            """
            ---
            name: Chat
            group: G
            examples:
              - "what's 1+1 & 2#3?"
              - "<script>alert(1)</script> ☕"
            ---
            Hi.

            """)
        try site.build()
        let html = try site.read("skills/g/chat/index.html")
        #expect(
            html.contains(
                "<a href=\"https://chat.example.org/?lang=en&amp;q=what%27s%201%2B1%20%26%202%233%3F\" rel=\"nofollow noopener\">“what&#39;s 1+1 &amp; 2#3?”</a>"
            ))
        #expect(html.contains("q=%3Cscript%3Ealert%281%29%3C%2Fscript%3E%20%E2%98%95\""))
        #expect(!html.contains("<script>alert"))
    }

    @Test func aTryURLMustBeHTTPWithThePlaceholder() {
        for bad in [
            "javascript:alert(1)//{example}", "https://chat.example.org/", "/chat?q={example}",
            "https://chat.example.org/?q={example}\"onmouseover=x",
        ] {
            let (config, diagnostics) = TestSupport.readConfig("try_url: '\(bad)'\n")
            #expect(config.tryURL == nil, "\(bad)")
            #expect(
                diagnostics.contains { $0.severity == .error && $0.line == 1 && $0.message.contains("`try_url`") },
                "\(bad)")
        }
    }

    @Test func cardsSayTheGroupAndLanguageOfABareSkill() throws {
        let site = TestSite()
        site.write("site.yml", "language: en\n")
        site.write(
            "skills/tools/bare.md", "---\nname: Bare\ngroup: Tools\nlanguage: de\nexamples:\n  - wie spät ist es\n---\n"
        )
        try site.build()
        let html = try site.read("groups/tools/index.html")
        #expect(html.contains("<p class=\"card-meta\">Tools · German</p>"))
        #expect(html.contains("<p class=\"card-example\" lang=\"de\">“wie spät ist es”</p>"))
        #expect(html.contains("class=\"card-title\" lang=\"de\"><a"))
    }

    @Test func aSkillInAnotherLanguageMarksItsTextNotThePage() throws {
        let site = TestSite()
        site.write("site.yml", "language: en\n")
        site.write(
            "skills/g/wetter.md",
            "---\nname: Wetter\ngroup: G\nlanguage: de\nexamples:\n  - wie wird das Wetter\n---\nSagt das Wetter.\n")
        site.write("skills/g/weather.md", "---\nname: Weather\ngroup: G\nlanguage: en\n---\nSays the weather.\n")
        try site.build()
        let german = try site.read("skills/g/wetter/index.html")
        #expect(german.contains("<html lang=\"en\">"), "the page's own text stays English")
        #expect(german.contains("<h1 lang=\"de\">Wetter</h1>"))
        #expect(german.contains("<div class=\"description-text\" lang=\"de\">"))
        #expect(german.contains("<ul class=\"examples\" lang=\"de\">"))
        let english = try site.read("skills/g/weather/index.html")
        #expect(english.contains("<h1>Weather</h1>"))
        #expect(!english.contains(" lang=\"en\">Weather"))
    }

    @Test func thumbsAreDrawnAndTheHeaderRatingLeadsToTheChart() throws {
        let site = TestSite()
        site.skill("g/liked", name: "Liked", group: "G")
        site.write("ratings/counts.json", "{\"g/liked\": {\"four_star\": 3, \"positive\": 15, \"negative\": 2}}")
        try site.build()
        let html = try site.read("skills/g/liked/index.html")
        // Emoji thumbs are empty boxes where no emoji font is installed; the words stay for screen readers.
        #expect(!html.contains("👍") && !html.contains("👎"))
        #expect(html.components(separatedBy: "<svg class=\"thumb-icon\"").count == 3)
        #expect(html.contains("<span class=\"visually-hidden\">helpful:</span>15"))
        #expect(html.contains("<span class=\"visually-hidden\">not helpful:</span>2"))
        #expect(html.contains("<a class=\"rating-jump\" href=\"#ratings\">"))
        #expect(html.contains("<h2 id=\"ratings\">"))
    }

    @Test func languagePagesLinkEachOther() throws {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G", language: "de")
        site.skill("g/b", name: "B", group: "G", language: "en")
        site.skill("g/c", name: "C", group: "G", language: "fr")
        try site.build()
        let german = try site.read("languages/de/index.html")
        #expect(german.contains("<h2 id=\"siblings-heading\">Other languages</h2>"))
        #expect(
            german.contains(
                "<li><a href=\"../../languages/en/\">English</a></li><li><a href=\"../../languages/fr/\">French</a></li>"
            ))
        #expect(!german.contains("href=\"../../languages/de/\""))
    }

    @Test func languageTagsKeepOnlyWhatACheckerAccepts() {
        #expect(LanguageTag.attribute(for: "de", onSiteIn: "en") == "de")
        #expect(LanguageTag.attribute(for: "EN", onSiteIn: "en") == nil)
        #expect(LanguageTag.attribute(for: "pt-br", onSiteIn: "en") == "pt-BR")
        #expect(LanguageTag.attribute(for: "zh-hant-tw", onSiteIn: "en") == "zh-Hant-TW")
        #expect(LanguageTag.attribute(for: "en-chi", onSiteIn: "de") == "en")
        #expect(LanguageTag.attribute(for: "es-419", onSiteIn: "en") == "es-419")
        for unusable in ["", "x", "deutsch", "d1", "<b>", "de\"x", "-de"] {
            #expect(LanguageTag.attribute(for: unusable, onSiteIn: "en") == nil, "\(unusable)")
        }
    }
}
