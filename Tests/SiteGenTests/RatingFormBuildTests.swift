import Foundation
import Testing
@testable import SiteGen

/// The form in built sites: on every skill page, nowhere else, and a note when there is none.
@Suite struct RatingFormBuildTests {
    static func makeSite(siteYAML: String) throws -> (content: URL, output: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-formbuild-\(UUID().uuidString)")
        let skills = root.appendingPathComponent("Content/skills/news")
        try FileManager.default.createDirectory(at: skills, withIntermediateDirectories: true)
        try Data(siteYAML.utf8).write(to: root.appendingPathComponent("Content/site.yml"))
        try Data("---\nname: Headline Finder\ngroup: News\n---\nNews.\n".utf8).write(to: skills.appendingPathComponent("headline-finder.md"))
        try Data("---\nname: Tech Digest\ngroup: News\n---\nTech.\n".utf8).write(to: skills.appendingPathComponent("tech-digest.md"))
        return (root.appendingPathComponent("Content"), root.appendingPathComponent("Public"))
    }

    static func build(_ yaml: String) throws -> (report: BuildReport, output: URL) {
        let (content, output) = try makeSite(siteYAML: yaml)
        let report = try SiteBuilder.build(BuildOptions(content: ContentLocation(root: content, display: "Content"), templates: nil, output: output))
        return (report, output)
    }

    static func page(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everySkillPageHasTheFormUnderASubPath() throws {
        let (report, output) = try Self.build("base_url: https://example.org/catalogue/\nrating_form:\n  endpoint: /api/ratings\n")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
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
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        #expect(report.notes == [RatingFormConfig.absentNote])
        #expect(report.warnings.isEmpty)
        let html = try Self.page(output, "skills/news/headline-finder/index.html")
        #expect(!html.contains("<form") && !html.contains("rating-thanks"))
    }

    @Test func anInvalidEndpointFailsTheBuild() throws {
        let (content, output) = try Self.makeSite(siteYAML: "rating_form:\n  endpoint: javascript:alert(1)\n")
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        #expect {
            try SiteBuilder.build(BuildOptions(content: ContentLocation(root: content, display: "Content"), templates: nil, output: output))
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.errors.map(\.location) == ["Content/site.yml:2:13"]
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
