import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import SiteAssembly

/// The form in built sites: on every skill page, nowhere else, and a note when there is none.
@Suite struct RatingFormBuildTests {
    static func makeSite(siteYAML: String) -> TestSite {
        let site = TestSite()
        site.write("site.yml", siteYAML)
        site.write("skills/news/headline-finder.md", "---\nname: Headline Finder\ngroup: News\n---\nNews.\n")
        site.write("skills/news/tech-digest.md", "---\nname: Tech Digest\ngroup: News\n---\nTech.\n")
        return site
    }

    static func build(_ yaml: String) throws -> (report: BuildReport, output: TestSite) {
        let site = makeSite(siteYAML: yaml)
        return (try site.build(), site)
    }

    static func page(_ output: TestSite, _ path: String) throws -> String { try output.read(path) }

    @Test func everySkillPageHasTheFormUnderASubPath() throws {
        let (report, output) = try Self.build(
            "base_url: https://example.org/catalogue/\nrating_form:\n  endpoint: /api/ratings\n")
        #expect(report.notes.isEmpty)
        for id in ["headline-finder", "tech-digest"] {
            let html = try Self.page(output, "skills/news/\(id)/index.html")
            // Relative to the page, so the form follows the site to /catalogue/ (or anywhere).
            #expect(html.contains("<form class=\"rating-form\" action=\"../../../api/ratings\" method=\"post\">"))
            #expect(html.contains("<input type=\"hidden\" name=\"skill\" value=\"news/\(id)\">"))
            #expect(html.contains("id=\"rating-thanks\" hidden"))
            let thanks = try #require(html.range(of: "id=\"rating-thanks\""))
            let form = try #require(html.range(of: "<form class=\"rating-form\""))
            let ratings = try #require(html.range(of: "<h2 id=\"ratings\">Ratings</h2>"))
            #expect(ratings.upperBound <= thanks.lowerBound && thanks.upperBound <= form.lowerBound)
        }
        #expect(try !Self.page(output, "index.html").contains("rating-form\""))
        #expect(try !Self.page(output, "groups/news/index.html").contains("rating-form\""))
    }

    @Test func noEndpointMeansNoFormAndANote() throws {
        let (report, output) = try Self.build("title: Quiet\n")
        #expect(report.notes == [RatingFormConfig.absentNote])
        #expect(report.warnings.isEmpty)
        let html = try Self.page(output, "skills/news/headline-finder/index.html")
        #expect(!html.contains("<form") && !html.contains("rating-thanks"))
    }

    @Test func anInvalidEndpointFailsTheBuild() {
        let site = Self.makeSite(siteYAML: "rating_form:\n  endpoint: javascript:alert(1)\n")
        #expect {
            try site.build()
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.errors.map(\.location) == ["Content/site.yml:2:13"]
        }
        #expect(site.built.isEmpty)
    }
}
