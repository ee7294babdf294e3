import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// A site whose `language` is `de`: its pages are German through and through, and a site's own
/// strings file changes one text without copying the rest.
@Suite struct GermanSiteTests {
    static let pages = [
        ("index.html", "german/home.html"),
        ("skills/wissen/wetterbericht/index.html", "german/skill-page.html"),
        ("top-rated/index.html", "german/top-rated.html"),
    ]

    static func built() throws -> TestSite {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        let report = try site.build(site.options(strict: true, buildDate: BuildDate(day: "2024-07-01")))
        #expect(report.warnings.isEmpty)
        return site
    }

    @Test func theGoldenPagesAreGerman() throws {
        let site = try Self.built()
        for (path, golden) in Self.pages { try Golden.check(try site.read(path), named: golden) }
        let skill = try site.read("skills/wissen/wetterbericht/index.html")
        #expect(skill.contains("<html lang=\"de\">"))
        #expect(skill.contains(">4,5<"), "the average with a decimal comma")
        #expect(skill.contains(">1.734 Bewertungen<"), "grouped with a dot")
        #expect(skill.contains(">1.131<span aria-hidden=\"true\"> (65%)</span>"))
        #expect(skill.contains("Du hast Wetterbericht mit 4 Sternen bewertet."))
        #expect(skill.contains("Du hast Wetterbericht mit 1 Stern bewertet."))
        #expect(skill.contains("„Wie wird das Wetter morgen?“"))
        let hauptstaedte = try site.read("skills/wissen/hauptstaedte/index.html")
        #expect(hauptstaedte.contains("Mit 5,0 von 5 Sternen bewertet, von 1 Person"))
        let home = try site.read("index.html")
        #expect(home.contains("<p class=\"stats\">4 Skills in 2 Gruppen · 1.742 Bewertungen</p>"))
        #expect(try site.read("feed.xml").contains("<title>Skill-Katalog: die neuesten Skills</title>"))
        #expect(
            try site.read("top-rated/page/2/index.html").contains(
                "<title>Am besten bewertet, Seite 2 · Skill-Katalog</title>"))
    }

    /// Every English text of the theme that German says otherwise, in the form a page would hold
    /// it, must be absent from what every page of the German site shows or reads out.
    @Test(arguments: ["german-site", "the sample in German"])
    func noEnglishIsLeftOnTheGermanSite(_ name: String) throws {
        let site: TestSite
        if name == "german-site" {
            site = try Self.built()
        } else {
            // The sample's skills are English: its content may say "skill" or "star" where the
            // theme's words may not, so there only phrases of the theme count, and the site's
            // title and description are the theme's German ones.
            site = try TestSite(copying: TestSupport.sampleContent)
            let config = try TestSupport.read(TestSupport.sampleContent.appendingPathComponent("site.yml"))
            site.write(
                "site.yml",
                config.split(separator: "\n").filter { !$0.hasPrefix("title:") && !$0.hasPrefix("description:") }
                    .joined(separator: "\n").replacingOccurrences(of: "language: en", with: "language: de"))
            try site.build()
        }
        let phrasesOnly = name != "german-site"
        let english = try UIStringsTests.shipped("en")
        let german = try UIStringsTests.shipped("de")
        let germanTexts = german.values.flatMap { Self.texts($0.string) }
        // Words both languages write ("Skills in", "Details") say nothing about which one a page is in.
        let germanWords = Set(germanTexts.flatMap(Self.words))
        var fragments: Set<String> = []
        for (key, text) in english where german[key]?.string != text.string {
            for whole in Self.texts(text.string) {
                // The words between the placeholders.
                for piece in whole.split(separator: /\{[a-z_]+\}/) {
                    let fragment = piece.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                    let words = Self.words(fragment)
                    guard fragment.count >= 4, !words.allSatisfy(germanWords.contains),
                        !phrasesOnly || words.count >= 2
                    else { continue }
                    fragments.insert(HTML.escape(fragment))
                }
            }
        }
        #expect(fragments.count > (phrasesOnly ? 50 : 80))
        let pages = site.outputFiles().filter { $0.hasSuffix(".html") }
        #expect(pages.count > 10)
        for path in pages {
            let shown = Self.shownText(try site.read(path))
            for fragment in fragments.sorted() where shown.contains(fragment) {
                Issue.record("\(path) shows the English “\(fragment)”")
            }
        }
        let feed = try site.read("feed.xml")
        #expect(!feed.contains("newest skills"))
    }

    static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init)
    }

    /// A page's text and the attribute values people see or hear (labels, titles, placeholders),
    /// without its markup, addresses and JSON-LD.
    static func shownText(_ html: String) -> String {
        // Code to paste (the Embed section's snippets) is URLs and markup, in no language.
        let withoutScripts = html.replacing(/<script[^>]*>[^<]*<\/script>/, with: "")
            .replacing(/<code>[^<]*<\/code>/, with: "")
        let attributes = withoutScripts.matches(of: /(?:aria-label|title|placeholder|alt|content)="([^"]*)"/)
            .map { String($0.output.1) }.filter { !$0.contains("://") }
        let text = withoutScripts.replacing(/<[^>]*>/, with: " ")
        return ([text] + attributes).joined(separator: "\n")
    }

    static func texts(_ string: UIString) -> [String] {
        switch string {
        case .text(let text): [text]
        case .plural(let forms): Array(forms.values)
        }
    }

    @Test func aSitesOwnStringsFileOverridesOneKeyAndIsNotPublished() throws {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        site.template("i18n/de.yml", "not_rated: Noch ohne Bewertung\n")
        try site.build(site.options(templates: site.templates, strict: true))
        let page = try site.read("skills/wissen/zitate/index.html")
        #expect(page.contains("<span class=\"not-rated\">Noch ohne Bewertung</span>"))
        #expect(page.contains("<h2 id=\"details\">Angaben</h2>"), "the other keys stay the built-in German ones")
        #expect(!site.outputFiles().contains { $0.contains("i18n") })
    }

    @Test func aMissingKeyInASitesNewLanguageIsAWarningAndEnglish() throws {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        site.write("site.yml", "title: Katalog\nlanguage: nl\n")
        site.template("i18n/nl.yml", "home: Start\n")
        let report = try site.build(site.options(templates: site.templates))
        #expect(
            report.warnings.contains {
                $0.path == "Templates/i18n/nl.yml" && $0.message.hasPrefix("`newest` is missing")
            })
        let page = try site.read("index.html")
        #expect(page.contains(">Start</a>"))
        #expect(page.contains(">Newest</a>"))
        #expect(page.contains("<html lang=\"nl\">"))
    }

    @Test func anUnknownLanguageBuildsInEnglishWithOneWarning() throws {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        site.write("site.yml", "title: Katalog\nlanguage: tlh\n")
        let report = try site.build()
        #expect(report.warnings.filter { $0.message.contains("`tlh`") }.count == 1)
        #expect(try site.read("index.html").contains(">Top rated</a>"))
    }

    @Test func aBrokenStringsFileFailsTheBuildAtItsPlace() throws {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        site.template("i18n/de.yml", "ratings: {one: \"{count} Bewertung\"}\n")
        #expect {
            try site.build(site.options(templates: site.templates))
        } throws: { error in
            (error as? BuildFailure)?.diagnostics.contains {
                $0.description.hasPrefix("Templates/i18n/de.yml:1:10: error: `ratings` needs an `other` form")
            } == true
        }
    }
}

extension GermanSiteTests {
    @Test func withoutATitleTheSiteIsNamedInItsLanguage() throws {
        let site = try TestSite(copying: FixtureSite.fixture("german-site"))
        site.write("site.yml", "language: de\n")
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains("<title>Skill-Katalog</title>"))
        #expect(home.contains("<p class=\"lead\">Skills nach Gruppen, mit ihren Bewertungen.</p>"))
        site.write("site.yml", "language: en\n")
        try site.build()
        #expect(try site.read("index.html").contains("<title>Skill Catalogue</title>"))
    }
}

extension GermanSiteTests {
    @Test func theSearchPageIsGermanToo() throws {
        let theme = BuiltInTheme.load("de")
        var config = SiteConfig()
        config.language = "de"
        config.search = SearchConfig(path: "search")
        let catalogue = Catalogue(
            skills: [Skill(id: "spiele/quiz", tag: "quiz", name: "Quiz", group: "Spiele", language: "de")],
            ratings: [:], config: config.wordsFilled(from: theme.strings))
        let renderer = SiteRenderer(
            catalogue: catalogue, theme: theme, contentRoot: URL(fileURLWithPath: "/nonexistent"))
        func page(_ query: String, _ matches: [Catalogue.Entry]) throws -> String {
            let outcome = SearchOutcome(query: query, matches: matches, total: matches.count, page: 1)
            return String(decoding: try #require(renderer.searchPage(outcome)), as: UTF8.self)
        }
        let found = try page("quiz", catalogue.entries)
        #expect(found.contains("<title>Suche: quiz · Skill-Katalog</title>"))
        #expect(found.contains("<h1>Ergebnisse für „quiz“</h1>"))
        #expect(found.contains("<p class=\"stats\">1 Skill passt zu „quiz“</p>"))
        #expect(found.contains("<button type=\"submit\">Suchen</button>"))
        #expect(try page("tee", []).contains("<p class=\"empty\">Kein Skill passt zu „tee“."))
        #expect(try page("", []).contains("<p class=\"empty\">Gib oben ein oder zwei Wörter ein:"))
    }
}
