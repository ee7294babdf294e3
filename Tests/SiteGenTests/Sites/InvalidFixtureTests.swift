import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Every fixture under `Tests/Fixtures/invalid/` pins the exact report a user sees: path, line,
/// column and message, in the order sitegen prints them.
@Suite struct InvalidFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let expected: [String]
        var testDescription: String { fixture }
    }

    /// `invalid/many-problems`: every kind of problem in one content folder.
    static let manyProblems = [
        "Content/ratings/votes.jsonl:1:32: error: `stars` must be a whole number from 1 to 5, found 0",
        "Content/ratings/votes.jsonl:3:22: error: invalid JSON: expected `,` or `}`, found `\"`",
        "Content/site.yml:2:1: warning: unknown site.yml key `colour` is ignored",
        "Content/skills/a-first.json:1:43: error: invalid JSON: unexpected `}` after the end of the JSON value",
        "Content/skills/b-second.md:3:1: warning: unknown front-matter key `descripton`; did you mean `description`? (the description is the Markdown text after the closing `---`)",
        "Content/skills/b-second.md:5:11: error: `examples` must be a list of text (lines starting with `- `), not a number",
        "Content/skills/b-second.md:6:18: error: `dynamic_content` must be true or false",
    ]

    static let cases: [Case] = [
        Case(
            fixture: "yaml-syntax",
            expected: [
                // Front-matter lines are counted from the top of the file, `---` included.
                "Content/skills/broken.md:6:2: error: invalid YAML: did not find expected key (while parsing a block mapping at line 2)"
            ]),
        Case(
            fixture: "json-syntax-skill",
            expected: [
                "Content/skills/broken.json:4:3: error: invalid JSON: expected `,` or `}`, found `\"`: is a comma missing at the end of line 3?"
            ]),
        Case(
            fixture: "json-syntax-counts",
            expected: [
                "Content/ratings/counts.json:3:42: error: invalid JSON: expected a value, found `,`"
            ]),
        Case(
            fixture: "wrong-types",
            expected: [
                "Content/skills/types.json:4:15: error: `examples` must be a list of text",
                "Content/skills/types.json:5:22: error: `dynamic_content` must be true or false",
                "Content/skills/types.md:4:11: error: `examples` must be a list of text (lines starting with `- `), not a number",
                "Content/skills/types.md:5:18: error: `dynamic_content` must be true or false",
            ]),
        Case(
            fixture: "missing-fields",
            expected: [
                "Content/skills/no-group.json:1:1: error: missing required field `group` (the category, e.g. `News`)",
                "Content/skills/no-name.md:1:1: error: missing required field `name` (the skill's display name)",
            ]),
        Case(
            fixture: "vote-range",
            expected: [
                "Content/ratings/votes.jsonl:2:31: error: `stars` must be a whole number from 1 to 5, found 0",
                "Content/ratings/votes.jsonl:3:31: error: `stars` must be a whole number from 1 to 5, found 6",
                "Content/ratings/votes.jsonl:4:31: error: `stars` must be a whole number from 1 to 5, found \"five\"",
            ]),
        Case(
            fixture: "negative-count",
            expected: [
                "Content/ratings/counts.json:4:17: error: `two_star` is -4; a count cannot be negative"
            ]),
        Case(
            fixture: "duplicate-id",
            expected: [
                "Content/skills/a/b.md:1: error: duplicate skill id `a/b`: also defined in Content/skills/a/b.json; rename one of the files"
            ]),
        Case(
            fixture: "case-collision",
            expected: [
                "Content/skills/news/x.md:1: error: skill `news/x` would be written to the same page as `News/X` (Content/skills/News/X.md): /skills/news/x/; rename one of them"
            ]),
        Case(
            fixture: "template-error",
            expected: [
                "Templates/skill.mustache:6:1: error: template error: `{{/main}}` does not close the open section `examples`: close that first with `{{/examples}}`"
            ]),
        Case(
            fixture: "site-config",
            expected: [
                "Content/site.yml:2:3: error: `title` must be text, not a list",
                "Content/site.yml:4:11: error: `base_url` must be an http(s) URL (https://example.org/catalogue/) or a path starting with `/`",
                "Content/site.yml:6:10: error: `stars.count` must be a whole number from 1 to 100",
                "Content/site.yml:8:11: error: `chart.colors` must list 5 colours (5 stars first) like `#2e7d32`",
                "Content/site.yml:9:1: warning: unknown site.yml key `languag`; did you mean `language`?",
            ]),
        // All problems of a build come together, sorted by path, then line and column.
        Case(fixture: "many-problems", expected: manyProblems),
    ]

    static func options(_ fixture: String, output: URL) -> BuildOptions {
        let root = FixtureSite.fixture("invalid/" + fixture)
        let templates = root.appendingPathComponent("Templates")
        return FixtureSite.options(
            content: root, output: output,
            templates: FileManager.default.fileExists(atPath: templates.path) ? templates : nil)
    }

    @Test(arguments: cases)
    func checkReportsExactly(_ testCase: Case) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("never-written-\(UUID().uuidString)")
        #expect(FixtureSite.failure(Self.options(testCase.fixture, output: output)) == testCase.expected)
        #expect(!FileManager.default.fileExists(atPath: output.path), "check must not write anything")
    }

    /// `build` reports the same problems as `check`, all at once, and writes nothing.
    @Test(arguments: cases)
    func buildFailsWithTheSameReport(_ testCase: Case) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let output = folder.appendingPathComponent("Public")
        do {
            _ = try SiteBuilder.build(Self.options(testCase.fixture, output: output))
            Issue.record("the build of \(testCase.fixture) succeeded")
        } catch {
            #expect(error.diagnostics.map(\.description) == testCase.expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func unknownKeyIsAWarningWithASuggestion() throws {
        let report = try SiteBuilder.check(Self.options("unknown-key", output: URL(fileURLWithPath: "/nonexistent")))
        #expect(
            report.warnings.map(\.description) == [
                "Content/skills/typo.md:4:1: warning: unknown front-matter key `descripton`; did you mean `description`? (the description is the Markdown text after the closing `---`)"
            ])
        #expect(report.catalogue?.entries.map(\.skill.name) == ["Typo"])
    }

    @Test func strictTurnsTheWarningIntoAnError() {
        var options = Self.options("unknown-key", output: URL(fileURLWithPath: "/nonexistent"))
        options.strict = true
        #expect(
            FixtureSite.failure(options) == [
                "Content/skills/typo.md:4:1: error: unknown front-matter key `descripton`; did you mean `description`? (the description is the Markdown text after the closing `---`)"
            ])
    }

    @Test func warningsAloneLetTheBuildSucceed() throws {
        let site = try TestSite(copying: FixtureSite.fixture("invalid/unknown-key"))
        let report = try site.build()
        #expect(report.warnings.count == 1)
        #expect(site.exists("skills/typo/index.html"))
    }

    @Test func frontMatterDescriptionKeyExplainsWhereTheDescriptionGoes() {
        var log = DiagnosticLog()
        _ = MarkdownSkillReader.read(
            "---\nname: A\ngroup: B\ndescription: text\n---\nBody\n", id: "a", displayPath: "a.md", &log)
        #expect(
            log.items.map(\.description) == [
                "a.md:4:1: warning: unknown front-matter key `description` is ignored: the description is the Markdown text after the closing `---`"
            ])
    }
}
