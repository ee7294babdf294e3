import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// A theme pays only for the skill page values its templates can show (`SkillPageReach`): what
/// the skill template reaches through its partials and parents decides, `{{.}}` reaches
/// everything, and leaving a value out changes no byte of the site.
@Suite struct SkillPageReachTests {
    static func reach(_ templates: [String: String]) throws -> SkillPageReach {
        let library = try TemplateLibrary(templates.mapValues { ($0, "t") }, vocabulary: PageName.vocabulary)
        return SkillPageReach(engine: library)
    }

    @Test func theSkillTemplateDecidesThroughItsPartialsAndParents() throws {
        let none = SkillPageReach(related: false, timeline: false, chart: false)
        #expect(try Self.reach(["skill": "<h1>{{pageTitle}}</h1>{{descriptionHTML}}"]) == none)
        #expect(
            try Self.reach(["skill": "{{#hasRelated}}more{{/hasRelated}}"])
                == .init(related: true, timeline: false, chart: false))
        #expect(try Self.reach(["skill": "{{#related}}{{{card}}}{{/related}}"]).related)
        #expect(
            try Self.reach(["skill": "{{>more}}", "more": "{{{timeline}}}"])
                == .init(related: false, timeline: true, chart: false))
        #expect(
            try Self.reach([
                "skill": "{{<frame}}{{$body}}{{{chart}}}{{/body}}{{/frame}}", "frame": "{{$body}}{{/body}}",
            ])
                == .init(related: false, timeline: false, chart: true))
        // A template only the skill template does not use reaches nothing of it.
        #expect(try Self.reach(["skill": "x", "card": "{{{timeline}}}{{#related}}{{/related}}"]) == none)
        // Printing the page's data whole shows all it holds: `{{.}}` outside every section, in a
        // section over a flag (which opens no context) or in `{{#.}}`. Printing an example (as the
        // built-in theme does) shows that example only.
        #expect(try Self.reach(["skill": "{{>more}}", "more": "{{.}}"]) == .everything)
        #expect(try Self.reach(["skill": "{{.}}"]) == .everything)
        #expect(try Self.reach(["skill": "{{#hasDescription}}{{.}}{{/hasDescription}}"]) == .everything)
        #expect(try Self.reach(["skill": "{{#.}}{{.}}{{/.}}"]) == .everything)
        #expect(try Self.reach(["skill": "{{^examples}}{{.}}{{/examples}}"]) == .everything)
        #expect(try Self.reach(["skill": "{{>more}}", "more": "{{#examples}}{{.}}{{/examples}}"]) == none)
        // The built-in theme shows them all.
        #expect(SkillPageReach(engine: KeptPlanTests.theme.engine) == .everything)
    }

    /// An engine that cannot tell what its templates reach (swift-mustache) gets everything made.
    @Test func anEngineThatCannotTellGetsEverything() {
        struct Opaque: TemplateEngine {
            func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
                false
            }
            func hasTemplate(named name: String) -> Bool { true }
        }
        #expect(SkillPageReach(engine: Opaque()) == .everything)
    }

    /// The renderer makes neither the related skills nor the charts of a skill template that
    /// shows none of them, and makes them all for the built-in theme.
    @Test func whatTheTemplateCannotShowIsNotMade() throws {
        var skills = (0..<6).map {
            Skill(
                id: "news/s\($0)", tag: "s\($0)", name: "Skill \($0)", group: "News",
                description: "weather forecast rain")
        }
        skills[0].author = "Ann"
        var tally = RatingTally(stars: StarCounts(four: 2, five: 1))
        tally.timeline = VoteTimeline(days: [19_800: StarCounts(four: 2, five: 1)])
        let catalogue = Catalogue(skills: skills, ratings: ["news/s0": tally], config: SiteConfig())
        let root = URL(fileURLWithPath: "/nonexistent")

        let full = SiteRenderer(catalogue: catalogue, theme: KeptPlanTests.theme, contentRoot: root)
        #expect(full.listingData.related.lists.count == skills.count)
        let fullPage = full.skillPage(catalogue.entries[0], index: 0)
        #expect(fullPage.timeline != nil && fullPage.chart != nil)

        var theme = KeptPlanTests.theme
        theme.engine = try TemplateLibrary(
            ["skill": ("<h1>{{pageTitle}}</h1>", "skill.mustache")], vocabulary: PageName.vocabulary)
        let bare = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: root)
        #expect(bare.listingData.related.lists.isEmpty)
        let barePage = bare.skillPage(catalogue.entries[0], index: 0)
        #expect(barePage.timeline == nil && barePage.chart == nil && barePage.related.isEmpty)

        // `serve`'s next build plans only what changed, related skills or none: here nothing.
        for first in [full, bare] {
            let next = SiteRenderer(catalogue: catalogue, theme: first.theme, contentRoot: root, reusing: first)
            let kept = try #require(next.skillsToPlan(since: first))
            #expect(!kept.planned.contains(true))
        }
    }

    /// A header that can print the frame's data whole (`{{.}}` in a section over a flag) shows
    /// every site-wide value, so a kept build re-renders every page when one changes; the
    /// built-in theme shows the skill count on the home page only.
    @Test func aFrameThatPrintsItsDataWholeDependsOnEverySiteValue() throws {
        // Seven skills in groups of four and three: no group's count is the skill count or the
        // number of groups.
        let skills = (0..<7).map {
            Skill(id: "g\($0 % 2)/s\($0)", tag: "s\($0)", name: "Skill \($0)", group: "Group \($0 % 2)")
        }
        let catalogue = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        let root = URL(fileURLWithPath: "/nonexistent")
        func values(header: String) throws -> [String] {
            var theme = KeptPlanTests.theme
            theme.engine = try TemplateLibrary(
                ["skill": ("x", "skill"), "header": (header, "header"), "footer": ("", "footer")],
                vocabulary: PageName.vocabulary)
            return SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: root).siteValues(reachedFrom: "skill")
        }
        let count = SiteRenderer(catalogue: catalogue, theme: KeptPlanTests.theme, contentRoot: root).siteWide
            .skillCount
        #expect(try values(header: "{{#hasFeed}}x{{/hasFeed}}").contains(count) == false)
        #expect(try values(header: "{{#hasFeed}}{{.}}{{/hasFeed}}").contains(count))
        #expect(try values(header: "{{^hasFeed}}{{.}}{{/hasFeed}}").contains(count))
        #expect(try values(header: "{{skillCount}}").contains(count))
        // The groups' counts: with `count`, or in the list printed whole; not in a list of names.
        let groupCounts = ["4", "3"]
        #expect(
            try values(header: "{{#navGroups}}{{name}}{{/navGroups}}").contains { groupCounts.contains($0) } == false)
        #expect(try Set(values(header: "{{#navGroups}}{{count}}{{/navGroups}}")).isSuperset(of: groupCounts))
        #expect(try Set(values(header: "{{navGroups}}")).isSuperset(of: groupCounts))
        #expect(
            SiteRenderer(catalogue: catalogue, theme: KeptPlanTests.theme, contentRoot: root)
                .siteValues(reachedFrom: "skill").contains(count) == false)
    }

    /// Whole sites whose skill template shows some of them or none, against swift-mustache,
    /// which cannot tell what a template reaches and so gets everything made: the same bytes.
    @Test(arguments: [
        ("<h1>{{pageTitle}}</h1>{{{descriptionHTML}}}", "<h1>"),
        ("{{#hasRelated}}<ul>{{#related}}{{{card}}}{{/related}}</ul>{{/hasRelated}}", "<ul><li"),
        ("{{{chart}}}", "<svg"),
        ("<main>{{{timeline}}}</main>", "timeline-chart"),
    ])
    func aSiteShowsTheSameWithoutWhatItCannotShow(skill: String, shown: String) throws {
        let site = WholeSiteOracleTests.generatedCatalogue(skills: 30)
        site.template("skill.mustache", skill)
        let options = site.options(
            baseURL: "https://example.org/", templates: site.templates, buildDate: BuildDate(day: "2025-01-02"))
        let files = try #require(WholeSiteOracleTests().expectSameSite(options, "skill template \(skill)"))
        let pages = files.filter { $0.key.hasPrefix("skills/") && $0.key.hasSuffix("/index.html") }
        #expect(pages.count == 30)
        #expect(pages.values.contains { String(decoding: $0, as: UTF8.self).contains(shown) })
    }
}
