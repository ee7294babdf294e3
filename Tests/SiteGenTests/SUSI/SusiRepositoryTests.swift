import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Building straight from a SUSI skill repository: the fixture in `Tests/Fixtures/susi-repo`.
@Suite struct SusiRepositoryTests {
    static let base = "susi_skill_data/models/general/"

    func load(ratings: Bool = true) throws -> LoadedContent {
        try SusiFixture.site(ratings: ratings).load()
    }

    func skill(_ loaded: LoadedContent, _ id: String) throws -> Skill {
        try #require(loaded.skills.first { $0.id == Self.base + id }, "no skill \(id) in \(loaded.skills.map(\.id))")
    }

    @Test func readsEveryUsableSkillFileAndSkipsTheRestWithWarnings() throws {
        let loaded = try load()
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(loaded.skills.count == 17)
        let warned = Set(loaded.diagnostics.map { $0.path.components(separatedBy: "/en/").last ?? $0.path })
        for skipped in ["empty.txt", "only comments.txt", "no name.txt", "template.txt", "notes/stray.txt"] {
            #expect(warned.contains(skipped), "expected a warning for \(skipped)")
        }
        for name in [
            "Tea Timer", "Cooking Guide", "Forecast", "Capital Cities", "Nachrichten", "Old Mac Headlines",
            "Messy Skill", "Unsafe Links", "Caf\u{FFFD} Finder", "Balloons", "Confetti", "🎊 🎊", "谜语 Riddles",
            "Adivinanzas", "IFSC to Bank Details", "IFSC to bank details (copy)",
        ] {
            #expect(loaded.skills.contains { $0.name == name }, "missing \(name)")
        }
        // READMEs beside and inside models/ are documentation, not broken skills.
        #expect(!loaded.diagnostics.contains { $0.path.hasSuffix(".md") })
    }

    @Test func theMessyFileIsReadByTheServersRules() throws {
        let loaded = try load()
        let messy = try skill(loaded, "Knowledge/en/messy")
        #expect(messy.name == "Messy Skill")
        #expect(messy.author == "Ann Example")
        #expect(messy.description == "Second *description* wins.")
        #expect(messy.dynamicContent)
        #expect(messy.image == nil)
        #expect(messy.termsOfUse == nil && messy.privacyPolicy == nil)
        #expect(
            messy.group == "Knowledge" && messy.language == "en" && messy.model == "general" && messy.tag == "messy")
        #expect(messy.examples == ["messy example", "after a comment", "spaced out", "indented by a tab", "glued"])
        let lines = loaded.diagnostics.filter { $0.path.hasSuffix("messy.txt") }.compactMap(\.line)
        #expect(lines == [6, 9, 10, 18])

        let crlf = try skill(loaded, "News/de/nachrichten")
        #expect(crlf.name == "Nachrichten" && crlf.examples == ["nachrichten"] && crlf.language == "de")
        #expect(crlf.description == "Aktuelle Nachrichten aus Deutschland.")
        let cr = try skill(loaded, "News/en/lone cr")
        #expect(cr.name == "Old Mac Headlines" && cr.examples == ["headlines"] && cr.author == "Classic Author")

        let odd = try skill(loaded, "Games, Trivia and Accessories/en,chi/谜语")
        #expect(odd.group == "Games, Trivia and Accessories" && odd.language == "en,chi" && odd.examples == ["给我一个谜语"])
        #expect(
            try skill(loaded, "Games, Trivia and Accessories/en spanish/adivinanza").image
                == .remote("https://example.org/adivinanza.png"))
        #expect(
            try skill(loaded, "Food and Drink/en/cooking_guide").image
                == .local("skills/susi_skill_data/models/general/Food and Drink/en/images/cooking_guide.png"))
        // A missing image is dropped by the validator with a warning.
        #expect(try skill(loaded, "Knowledge/en/capital").image == nil)
    }

    @Test func ratingDumpsAttachByModelGroupLanguageAndTag() throws {
        let loaded = try load()
        let teaTimer = try skill(loaded, "Food and Drink/en/Tea Timer")
        let tally = try #require(loaded.ratings[teaTimer.id])
        #expect(tally.stars.five == 13)
        #expect(tally.stars.total == 13)
        #expect(tally.positive == 12)
        let news = try #require(loaded.ratings[try skill(loaded, "News/de/nachrichten").id])
        #expect(news.stars.two == 1 && news.stars.four == 1 && news.stars.total == 2)
        // `cooking guide` is a stray lower-case key in SUSI's store with no skill behind it.
        let orphan = loaded.diagnostics.filter { $0.message.contains("cooking guide") }
        #expect(orphan.count == 1)
        #expect(orphan.first?.severity == .warning)
        #expect(orphan.first?.message.contains("unknown skill") == true)
    }

    @Test func pagesAreUniqueReadableAndEveryLinkWorks() throws {
        let site = try SusiFixture.site()
        let report = try site.build()
        #expect(report.skills == 17)
        let pages = Set(site.outputFiles().filter { $0.hasPrefix("skills/") && $0.hasSuffix(".html") })
        let prefix = "skills/susi-skill-data/models/general/"
        for page in [
            "food-and-drink/en/tea-timer", "novelty-and-humour/en/party-time-now", "novelty-and-humour/en/balloons",
            "novelty-and-humour/en/confetti", "novelty-and-humour/en/_", "games-trivia-and-accessories/en-chi/谜语",
            "games-trivia-and-accessories/en-spanish/adivinanza", "business-and-finance/en/ifsc-to-bank-details",
            "business-and-finance/en/ifsc-to-bank-details-2", "news/en/lone-cr",
        ] {
            #expect(pages.contains(prefix + page + "/index.html"), "missing page \(page)")
        }
        #expect(pages.count == 17)
        #expect(
            report.warnings.contains { $0.kind == SusiPageNames.kind && $0.message.contains("ifsc-to-bank-details-2") })
        #expect(try SusiFixture.brokenLinks(in: site.built) == [])
        // The image of a group with spaces is copied and linked percent-encoded.
        let party = try site.read(prefix + "novelty-and-humour/en/party-time-now/index.html")
        #expect(party.contains("Novelty%20and%20Humour/en/images/party%20time.png"))
    }

    @Test func authorTextIsEscapedAndEmailsAreNeverPublished() throws {
        let site = try SusiFixture.site()
        try site.build()
        var everything = ""
        for file in site.outputFiles() where file.hasSuffix(".html") {
            everything += try site.read(file)
        }
        #expect(!everything.contains("private@example.org"))
        #expect(!everything.contains("<script>alert"))
        #expect(!everything.contains("javascript:"))
        #expect(!everything.contains("<b>raw HTML</b>"))
        #expect(everything.contains("Party 🎉 &quot;Time&quot; &lt;now&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(everything.contains("O&#39;Brien &amp; &lt;Sons&gt;"))
        #expect(everything.contains("“plan a &quot;party&quot; &lt;now&gt; &amp; later”"))
    }

    @Test func contentCanBeTheCheckoutItself() throws {
        let location = ContentLocation(root: SusiFixture.repository, display: "susi-repo")
        let loaded = ContentLoader.load(location)
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(loaded.skills.count == 17)
        let forecast = try #require(loaded.skills.first { $0.tag == "forecast" })
        #expect(forecast.id == "models/general/Weather/en/forecast")
        #expect(forecast.image == .local("models/general/Weather/en/images/forecast.png"))
        #expect(forecast.sourcePath == "susi-repo/models/general/Weather/en/forecast.txt")
    }

    @Test func markdownAndSusiSkillsLiveSideBySide() throws {
        let site = try SusiFixture.site(ratings: false)
        // A hand-written skill whose page the SUSI file would also want keeps it.
        site.write(
            "skills/susi_skill_data/models/general/Weather/en/Forecast.md",
            "---\nname: Own Forecast\ngroup: Weather\n---\nMine.\n")
        // A README without front matter outside a checkout is still a broken skill.
        site.write("skills/notes.md", "# Notes\n")
        let loaded = site.load()
        #expect(loaded.errors.count == 1)
        #expect(loaded.errors.first?.path == "Content/skills/notes.md")
        let own2 = try #require(loaded.skills.first { $0.name == "Own Forecast" })
        let susi = try #require(loaded.skills.first { $0.name == "Forecast" })
        #expect(SiteURLs.standard.skillPage(own2.id) == "skills/susi-skill-data/models/general/weather/en/forecast/")
        #expect(SiteURLs.standard.skillPage(susi.id) == "skills/susi-skill-data/models/general/weather/en/forecast-2/")
    }

    @Test func invalidUTF8IsAWarningNotAFailure() throws {
        let loaded = try load(ratings: false)
        let latin1 = loaded.diagnostics.filter { $0.path.hasSuffix("latin1.txt") }
        #expect(latin1.count == 1)
        #expect(latin1.first?.severity == .warning)
        #expect(latin1.first?.line == 1 && latin1.first?.column == 11)
    }

    @Test func slugsStayReadableAndValidForAwkwardNames() {
        #expect(Slug.segment("Party 🎉 \"Time\" <now>") == "party-time-now")
        #expect(Slug.segment("O'Brien's <Skill> & \"More\"") == "obriens-skill-more")
        #expect(Slug.segment("谜语 Riddles") == "谜语-riddles")
        #expect(Slug.segment("Погода") == "погода")
        #expect(Slug.segment("🎉") == "_")
        #expect(Slug.segment("en,chi") == "en-chi")
        #expect(Slug.encodeForHref("skills/谜语/") == "skills/%E8%B0%9C%E8%AF%AD/")
        #expect(!Slug.encodeForHref("a <b> \"c\"").contains(where: { "<>\" ".contains($0) }))
    }

    @Test func aLargeMessyRepositoryPrintsASummaryNotAWallOfWarnings() throws {
        let site = TestSite()
        let language = "skills/repo/models/general/Knowledge/en/"
        for index in 0..<400 {
            site.write(
                language + "skill-\(index).txt",
                "::name Skill \(index)\n::descripton Misspelt.\n::image images/missing-\(index).png\n")
        }
        site.write(language + "empty.txt", "")
        let loaded = site.load()
        #expect(loaded.skills.count == 400)
        #expect(loaded.diagnostics.count == 801)
        let lines = WarningSummary.lines(loaded.diagnostics)
        #expect(lines.count <= 10, "\(lines.joined(separator: "\n"))")
        #expect(
            lines.last
                == "801 warnings: 400 image `…` not found in Content/, 400 unknown SUSI key, 1 SUSI file skipped; --verbose shows all"
        )
        #expect(lines.contains { $0.hasSuffix("empty.txt: warning: empty SUSI skill file; skipped") })
        #expect(WarningSummary.lines(loaded.diagnostics, verbose: true).count == 801)
    }
}
