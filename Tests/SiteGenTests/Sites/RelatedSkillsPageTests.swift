import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

extension String {
    /// A skill page up to the end of the skill's own article: without the related skills' cards.
    var skillArticle: String { components(separatedBy: "</article>")[0] }
}

/// The related skills and the "More by" link on skill pages, as built.
@Suite struct RelatedSkillsPageTests {
    /// The `valid` fixture with a second skill by Headline Finder's author, which shares its words.
    static func site() throws -> TestSite {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        site.skill(
            "news/world-briefing", name: "World Briefing", group: "News", author: "Priya Raman",
            body: "The morning's headlines from public feeds, one minute long.")
        return site
    }

    static func related(_ page: String) -> String {
        guard let start = page.range(of: "<section class=\"group related\"") else { return "" }
        return String(page[start.lowerBound...].prefix { $0 != "§" }.components(separatedBy: "</section>")[0])
    }

    @Test func theSkillPageShowsRelatedSkillsAndMoreByTheAuthor() throws {
        let site = try Self.site()
        try site.build()
        let page = try site.read("skills/news/headline-finder/index.html")
        try Golden.check(page, named: "pages/related-skill-page.html")
        let related = Self.related(page)
        // The same author and shared words ("headlines", "public", "feeds") rank World Briefing first.
        let briefing = try #require(related.range(of: ">World Briefing</a>"))
        let digest = try #require(related.range(of: ">Tech Digest</a>"))
        #expect(briefing.lowerBound < digest.lowerBound)
        #expect(!related.contains(">Headline Finder</a>"), "a skill is never its own relative")
        #expect(related.contains("<h2 id=\"related\">Related skills</h2>"))
        #expect(related.contains("<a href=\"../../../authors/priya-raman/\">More by Priya Raman</a>"))
        // Tech Digest has no author: no "More by" link, but related skills.
        let digestPage = try site.read("skills/news/tech-digest/index.html")
        #expect(!digestPage.contains("More by"))
        #expect(Self.related(digestPage).contains(">Headline Finder</a>"))
    }

    @Test func aSkillSharingNothingHasNoRelatedSection() throws {
        let site = TestSite()
        site.write("site.yml", "title: Alone\n")
        site.skill("solo/one", name: "One", group: "Solo", author: "Ann", body: "Nothing in common.")
        try site.build()
        let page = try site.read("skills/solo/one/index.html")
        #expect(!page.contains("related"))
        #expect(!page.contains("More by"))
    }

    /// A vote for a related skill changes its card on this page: the kept build renders it again.
    @Test func aVoteForARelatedSkillChangesThePageKey() throws {
        let site = try Self.site()
        let loaded = site.load()
        var log = DiagnosticLog()
        let theme = Theme.load(directory: nil, display: "Templates", source: .disk, &log)
        func key(_ ratings: [String: RatingTally]) throws -> PageKey {
            let catalogue = Catalogue(skills: loaded.skills, ratings: ratings, config: loaded.config)
            let plan = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: site.content).plan()
            return try #require(plan.jobs.first { $0.path.hasSuffix("headline-finder/index.html") }).key
        }
        let before = try key([:])
        #expect(before.entries.map(\.skill.id).contains("news/world-briefing"))
        #expect(try key([:]) == before)
        #expect(try key(["news/world-briefing": RatingTally(stars: StarCounts(five: 1))]) != before)
    }

    @Test func hostileNamesStayEscapedInRelatedCards() throws {
        let site = try TestSite(copying: FixtureSite.fixture("hostile"))
        try site.build()
        let pages = site.outputFiles().filter { $0.hasPrefix("skills/") && $0.hasSuffix("/index.html") }
        var withRelated = 0
        for path in pages {
            let related = Self.related(try site.read(path))
            if related.isEmpty { continue }
            withRelated += 1
            #expect(!related.contains("<script"), "\(path)")
            #expect(!related.contains("<img src=x"), "\(path)")
            #expect(!related.contains("onerror=alert(1)>"), "\(path)")
        }
        #expect(withRelated > 0)
    }
}
