import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The rating badge (`skills/<id>/badge.svg`) and the skill page's "Embed" section (#23).
@Suite struct BadgeTests {
    static let english = BuiltInTheme.english.strings
    static let german = BuiltInTheme.load("de").strings

    static func rating(_ counts: StarCounts) -> RatingSummary { RatingSummary(counts: counts) }

    struct GoldenCase: Sendable, CustomTestStringConvertible {
        let file: String
        let counts: StarCounts
        var german = false
        var testDescription: String { file }
    }

    static let goldenCases = [
        // 1,234 votes averaging 4.6.
        GoldenCase(file: "badge-rated.svg", counts: StarCounts(one: 20, two: 30, three: 60, four: 250, five: 874)),
        GoldenCase(file: "badge-unrated.svg", counts: StarCounts()),
        GoldenCase(
            file: "badge-german.svg", counts: StarCounts(one: 20, two: 30, three: 60, four: 250, five: 874),
            german: true),
        GoldenCase(file: "badge-long-number.svg", counts: StarCounts(one: 4_000_000, three: 8_000_000, five: 345_678)),
    ]

    @Test(arguments: goldenCases)
    func badgeMatchesGolden(_ testCase: GoldenCase) throws {
        let strings = testCase.german ? Self.german : Self.english
        let svg = Badge(skillName: "Tea Timer", rating: Self.rating(testCase.counts), strings: strings).svg
        let parsed = RatingXML.parse(svg)
        #expect(parsed.error == nil, "\(testCase.file) is not well-formed XML")
        #expect(parsed.elements.filter { $0 == "text" }.count == 2)
        #expect(parsed.elements.contains("title"))
        try RatingGoldenFile.check(svg, golden: "badges/" + testCase.file)
    }

    @Test func theTextIsTheRatingInTheSitesLanguage() {
        let counts = StarCounts(one: 20, two: 30, three: 60, four: 250, five: 874)
        let english = Badge(skillName: "Tea Timer", rating: Self.rating(counts), strings: Self.english)
        #expect(english.label == "rating")
        #expect(english.value == "★ 4.6 · 1,234 ratings")
        #expect(english.title == "Tea Timer, rating: ★ 4.6 · 1,234 ratings")
        let german = Badge(skillName: "Tea Timer", rating: Self.rating(counts), strings: Self.german)
        #expect(german.value == "★ 4,6 · 1.234 Bewertungen")
        let one = Badge(skillName: "x", rating: Self.rating(StarCounts(five: 1)), strings: Self.english)
        #expect(one.value == "★ 5.0 · 1 rating")
        let none = Badge(skillName: "x", rating: Self.rating(StarCounts()), strings: Self.english)
        #expect(none.value == "not rated yet")
        let svg = english.svg
        #expect(svg.contains("role=\"img\" aria-label=\"Tea Timer, rating: ★ 4.6 · 1,234 ratings\""))
        #expect(svg.contains("<title>Tea Timer, rating: ★ 4.6 · 1,234 ratings</title>"))
        #expect(svg.contains(">★ 4.6 · 1,234 ratings</text>"))
    }

    /// The width a skill's page shows is the badge file's, for every kind of rating and language.
    @Test func thePagesWidthIsTheBadgesWidth() {
        let ratings = [StarCounts(), StarCounts(five: 1), StarCounts(one: 3, five: 9), StarCounts(five: 9_999_999)]
        for strings in [Self.english, Self.german] {
            for counts in ratings {
                let rating = Self.rating(counts)
                let badge = Badge(skillName: "Tea Timer", rating: rating, strings: strings)
                #expect(Badge.width(rating: rating, strings: strings) == badge.width, "\(counts)")
            }
        }
    }

    @Test func widthGrowsWithTheText() {
        #expect(BadgeText.width("") == 0)
        #expect(BadgeText.width("1") < BadgeText.width("12"))
        #expect(BadgeText.width("iiii") < BadgeText.width("WWWW"), "narrow and wide letters differ")
        #expect(BadgeText.width("ab") < BadgeText.width("abé"))
        // CJK and emoji count a full em at 11 px: wider than any Latin letter.
        #expect(BadgeText.width("評価") == 22)
        #expect(BadgeText.width("😀") == 11)
        #expect(BadgeText.width("e\u{301}") == BadgeText.width("e"), "a combining mark takes no room")
        func badge(_ counts: StarCounts, _ strings: UIStrings) -> Badge {
            Badge(skillName: "x", rating: Self.rating(counts), strings: strings)
        }
        let few = badge(StarCounts(five: 9), Self.english)
        let many = badge(StarCounts(five: 9_999_999), Self.english)
        #expect(few.width < many.width)
        #expect(badge(StarCounts(five: 9), Self.german).width > few.width, "German words are longer")
    }

    @Test func coloursFollowTheShownAverageAndKeepTextReadable() throws {
        #expect(Badge.Colour.forAverage(tenths: nil) == .unrated)
        #expect(Badge.Colour.forAverage(tenths: 40) == .good)
        #expect(Badge.Colour.forAverage(tenths: 39) == .fair)
        #expect(Badge.Colour.forAverage(tenths: 30) == .fair)
        #expect(Badge.Colour.forAverage(tenths: 29) == .poor)
        #expect(Badge.Colour.forAverage(tenths: 20) == .poor)
        #expect(Badge.Colour.forAverage(tenths: 19) == .bad)
        // 3.96 shows as "4.0": green, as the number says.
        let nearlyFour = Badge(
            skillName: "x", rating: Self.rating(StarCounts(three: 1, four: 24)),
            strings: Self.english)
        #expect(nearlyFour.value.hasPrefix("★ 4.0") && nearlyFour.colour == .good)
        for colour in Badge.Colour.all {
            let contrast = try RatingColorContrastTests.contrast(colour.background, colour.text)
            #expect(contrast >= 4.5, "\(colour.text) on \(colour.background) is \(contrast):1")
        }
    }

    @Test func hostileNamesStayInertInTheBadgeAndTheSnippets() throws {
        let hostile = #"<script>alert("x")</script> & ](javascript:alert(1)) ![x](y) 'q' `c`"#
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/cat/\n")
        let name = hostile.replacingOccurrences(of: "'", with: "''")
        site.write(
            "skills/g/<img src=x onerror=alert(1)>.md", "---\nname: '\(name)'\ngroup: G\nlanguage: en\n---\nA skill.\n")
        try site.build()
        let badgePath = try #require(site.outputFiles().first { $0.hasSuffix("/badge.svg") })
        let svg = try site.read(badgePath)
        #expect(RatingXML.parse(svg).error == nil)
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;"))
        let page = try site.read(String(badgePath.dropLast("badge.svg".count)) + "index.html")
        let embed = try #require(page.range(of: "<section class=\"embed\""))
        let section = page[embed.lowerBound...]
        #expect(!section.contains("<script"))
        #expect(!section.contains("<img src=x"))
        // Markdown: every punctuation mark in the alt text escaped, so no link can open or close.
        #expect(
            section.contains(
                #"[![Rating of \&lt;script\&gt;alert\(\&quot;x\&quot;\)\&lt;\/script\&gt; \&amp; \]\(javascript\:alert\(1\)\) \!\[x\]\(y\) \&#39;q\&#39; \`c\`](https://example.org/cat/skills/"#
            ))
        // HTML: escaped once for the attribute, once more for the page.
        #expect(section.contains("alt=&quot;Rating of &amp;lt;script&amp;gt;alert(&amp;quot;x&amp;quot;)"))
    }

    /// Every field of the hostile fixture's skills is markup: no badge or snippet lets it out.
    @Test func theHostileFixtureBuildsInertBadges() throws {
        let site = try TestSite(copying: TestSite.repository.appendingPathComponent("Tests/Fixtures/hostile"))
        // Not example.org: the fixture's own links to it would then be checked as the site's.
        try site.build(baseURL: "https://badges.example/")
        let badges = site.outputFiles().filter { $0.hasSuffix("/badge.svg") }
        #expect(!badges.isEmpty)
        for path in badges {
            let svg = try site.read(path)
            #expect(RatingXML.parse(svg).error == nil, "\(path)")
            #expect(!svg.contains("<script") && !svg.contains("<img"), "\(path)")
            let page = try site.read(String(path.dropLast("badge.svg".count)) + "index.html")
            let embed = try #require(page.range(of: "<section class=\"embed\""), "\(path)")
            let section = page[embed.lowerBound...]
            let end = try #require(section.range(of: "</section>"))
            let snippets = section[..<end.lowerBound]
            #expect(!snippets.contains("<script") && !snippets.contains("<img src=x"), "\(path)")
        }
    }

    @Test func markdownDestinationsCannotEndEarly() {
        #expect(BadgeEmbed.markdownURL("https://example.org/a (b)/<c>") == "https://example.org/a%20%28b%29/%3Cc%3E")
        #expect(BadgeEmbed.markdownText("a\nb") == "a b")
    }

    /// Random names of odd pieces (every ASCII punctuation mark, CR LF, combining marks, emoji,
    /// CJK): the text escaped byte by byte is what escaping scalar by scalar gave.
    @Test(arguments: 0..<8) func markdownTextEscapesAsScalarByScalar(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let text = OddText.make(&random)
            #expect(BadgeEmbed.markdownText(text) == Self.scalarMarkdownText(text), "\(text.debugDescription)")
        }
    }

    /// `markdownText` as it was written first, scalar by scalar: the reference.
    static func scalarMarkdownText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r": out += " "
            case "!"..."/", ":"..."@", "["..."`", "{"..."~":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func everySkillHasABadgeAndTheEmbedSectionNeedsAnAbsoluteBaseURL() throws {
        let site = TestSite()
        site.skill("news/headlines", name: "Headlines", group: "News")
        site.skill("food/tea-timer", name: "Tea Timer", group: "Food")
        site.write("ratings/votes.jsonl", #"{"skill":"food/tea-timer","stars":4,"user":"a"}"# + "\n")
        try site.build()
        #expect(try site.read("skills/news/headlines/badge.svg").contains(">not rated yet</text>"))
        #expect(try site.read("skills/food/tea-timer/badge.svg").contains(">★ 4.0 · 1 rating</text>"))
        #expect(!(try site.read("skills/food/tea-timer/index.html")).contains("class=\"embed\""))

        try site.build(baseURL: "https://example.org/")
        let page = try site.read("skills/food/tea-timer/index.html")
        #expect(page.contains("<h2 id=\"embed\">Embed</h2>"))
        #expect(
            page.contains(
                "<pre><code>[![Rating of Tea Timer](https://example.org/skills/food/tea-timer/badge.svg)](https://example.org/skills/food/tea-timer/)</code></pre>"
            ))
        #expect(
            page.contains(
                "<pre><code>&lt;a href=&quot;https://example.org/skills/food/tea-timer/&quot;&gt;&lt;img src=&quot;https://example.org/skills/food/tea-timer/badge.svg&quot; alt=&quot;Rating of Tea Timer&quot;&gt;&lt;/a&gt;</code></pre>"
            ))
        #expect(page.contains("<img src=\"../../../skills/food/tea-timer/badge.svg\" alt=\"Rating of Tea Timer\""))
        let section = try #require(page.split(separator: "<section class=\"embed\"").last)
        #expect(!section.contains("<script") && !section.contains("<button"), "no JavaScript, no copy button")
    }

    @Test func aKeptBuildRemakesOnlyTheVotedSkillsBadge() throws {
        let site = TestSite()
        for i in 0..<6 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G") }
        // One rated skill already, so the first vote does not add the rankings to every page.
        let first = #"{"skill":"g/s0","stars":4,"user":"b"}"# + "\n"
        site.write("ratings/votes.jsonl", first)
        var live = LiveSite()
        try live.apply(site.options())
        site.write("ratings/votes.jsonl", first + #"{"skill":"g/s3","stars":2,"user":"a"}"# + "\n")
        let vote = try live.apply(site.options())
        #expect(!vote.whole)
        #expect(vote.written.contains("skills/g/s3/badge.svg"))
        #expect(!vote.written.contains("skills/g/s1/badge.svg"))
        #expect(!vote.written.contains("skills/g/s0/badge.svg"))
        let badge = String(decoding: live.files["skills/g/s3/badge.svg"] ?? Data(), as: UTF8.self)
        #expect(badge.contains(">★ 2.0 · 1 rating</text>"))
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: full)
        #expect(full.files == live.files)
    }

    /// A kept build makes a file again only when its key changed: a vote changes the voted
    /// skill's badge key and no other.
    @Test func aVoteChangesOnlyTheVotedSkillsBadgeKey() {
        let before = Fixture.catalogue([
            Fixture.entry("a", counts: StarCounts(five: 1)), Fixture.entry("b"), Fixture.entry("c"),
        ])
        let after = Fixture.catalogue([
            Fixture.entry("a", counts: StarCounts(five: 1)), Fixture.entry("b", counts: StarCounts(two: 1)),
            Fixture.entry("c"),
        ])
        let old = Dictionary(
            uniqueKeysWithValues: Badge.files(before, strings: Self.english).jobs.map { ($0.path, $0.key) })
        let new = Badge.files(after, strings: Self.english).jobs
        #expect(new.map(\.path) == ["skills/a/badge.svg", "skills/b/badge.svg", "skills/c/badge.svg"])
        let changed = new.filter { old[$0.path] != $0.key }.map(\.path)
        #expect(changed == ["skills/b/badge.svg"])
    }
}
