import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

@Suite struct SkillReaderTests {
    @Test func readsTheSharedMarkdownSample() throws {
        let url = TestSupport.shared.appendingPathComponent("samples/skills/news/headline-finder.md")
        var log = DiagnosticLog()
        let text = try TestSupport.read(url)
        let skill = try #require(MarkdownSkillReader.read(text, id: "news/headline-finder", displayPath: "x.md", &log))
        #expect(log.items.isEmpty)
        #expect(skill.name == "Headline Finder")
        #expect(skill.group == "News")
        #expect(skill.language == "en")
        #expect(skill.model == "general")
        #expect(skill.tag == "headline-finder")
        #expect(skill.authorURL == "https://example.org/sample-author")
        #expect(skill.image == .local("images/headline-finder.png"))
        #expect(skill.examples.count == 3)
        #expect(skill.dynamicContent)
        #expect(skill.termsOfUse == "https://example.org/terms")
        #expect(skill.created == "2024-03-01")
        #expect(skill.description.contains("**latest headlines**"))
    }

    @Test func readsTheSharedJSONSample() throws {
        let url = TestSupport.shared.appendingPathComponent("samples/skills/weather/forecast.json")
        var log = DiagnosticLog()
        let skills = JSONSkillReader.read(
            try TestSupport.read(url), id: "weather/forecast", displayPath: "f.json", &log)
        #expect(log.items.isEmpty)
        let skill = try #require(skills.first)
        #expect(skills.count == 1)
        #expect(skill.name == "Three Day Forecast")
        #expect(skill.id == "weather/forecast")
        #expect(skill.termsOfUse == nil)
        #expect(skill.examples == ["weather in Berlin", "will it rain tomorrow"])
        #expect(skill.embeddedRating == nil)
    }

    @Test func readsAGetSkillListResponseWithPlaceholdersAsAbsent() throws {
        let url = TestSupport.shared.appendingPathComponent("samples/susi/getSkillList_general_All_en.json")
        var log = DiagnosticLog()
        let skills = JSONSkillReader.read(try TestSupport.read(url), id: "export/all", displayPath: "all.json", &log)
        #expect(log.items.isEmpty)
        #expect(skills.map(\.id) == ["export/all/Tea Timer", "export/all/capital", "export/all/forecast"])
        let tea = try #require(skills.first)
        #expect(tea.group == "Food and Drink")  // the list says "All"; the entry knows its group
        #expect(tea.description == "")  // "<description>"
        #expect(tea.image == nil)  // "images/<image_name>"
        #expect(tea.authorURL == nil)  // "<author_url>"
        #expect(tea.termsOfUse == nil)  // "<link>"
        #expect(tea.tag == "Tea Timer")
        #expect(tea.embeddedRating?.stars.five == 13)
        #expect(tea.embeddedRating?.positive == 12)
        #expect(tea.created == "2019-01-01")
    }

    @Test func missingRequiredFieldsAreErrorsNamingTheFile() {
        var log = DiagnosticLog()
        let skill = MarkdownSkillReader.read(
            "---\nname: X\n---\nbody", id: "a/x", displayPath: "Content/skills/a/x.md", &log)
        #expect(skill == nil)
        #expect(
            log.items == [
                .error(
                    "Content/skills/a/x.md", line: 1, column: 1,
                    "missing required field `group` (the category, e.g. `News`)")
            ])
    }

    @Test func yamlSyntaxErrorsCountLinesFromTheTopOfTheFile() {
        var log = DiagnosticLog()
        _ = MarkdownSkillReader.read("---\nname: X\ngroup: [News\n---\n", id: "a/x", displayPath: "x.md", &log)
        let error = log.items.first
        #expect(error?.severity == .error)
        #expect(error?.line == 4)
        #expect(error?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func wrongTypesPointAtTheValue() {
        var log = DiagnosticLog()
        _ = MarkdownSkillReader.read(
            "---\nname: X\ngroup: G\nexamples:\n  a: b\ndynamic_content: maybe\n---\n",
            id: "a/x", displayPath: "x.md", &log)
        #expect(log.items.contains(.error("x.md", line: 5, column: 3, "`examples` must be a list of text")))
        #expect(log.items.contains(.error("x.md", line: 6, column: 18, "`dynamic_content` must be true or false")))
    }

    @Test func unknownKeysWarnWithASuggestion() {
        var log = DiagnosticLog()
        let skill = MarkdownSkillReader.read(
            "---\nname: X\ngroup: G\ndescripton: hi\n---\n", id: "a/x", displayPath: "x.md", &log)
        #expect(skill != nil)
        #expect(
            log.items == [
                .warning(
                    "x.md", line: 4, column: 1, "unknown front-matter key `descripton`; did you mean `description`?")
            ]
                || log.items.first?.message.contains("descripton") == true)
    }

    @Test func unsafeLinksAreDropped() {
        var log = DiagnosticLog()
        let skill = MarkdownSkillReader.read(
            "---\nname: X\ngroup: G\nauthor_url: \" JaVaScRiPt:alert(1)\"\nterms_of_use: data:text/html,hi\ndeveloper_privacy_policy: mailto:a@b.org\n---\n",
            id: "a/x", displayPath: "x.md", &log)
        #expect(skill?.authorURL == nil)
        #expect(skill?.termsOfUse == nil)
        #expect(skill?.privacyPolicy == "mailto:a@b.org")
    }

    @Test func jsonSyntaxErrorsHaveAPosition() {
        var log = DiagnosticLog()
        _ = JSONSkillReader.read(
            "{\n  \"skill_name\": \"X\",\n  \"group\" \"G\"\n}", id: "x", displayPath: "x.json", &log)
        let error = log.items.first
        #expect(error?.severity == .error)
        #expect(error?.line == 3)
        #expect(error?.column == 11)
        #expect(error?.message.hasPrefix("invalid JSON: expected `,` or `}`") == true)
    }
}
