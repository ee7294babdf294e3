import Foundation
import MustacheCompiler
import MustacheOracle
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Whole sites built twice in memory, once with the compiled templates and once with
/// swift-mustache made from the same sources (pragma and escaping included): every file of the
/// two builds must be the same bytes, and a build that fails must fail the same way.
@Suite struct WholeSiteOracleTests {
    @Test func theSampleCatalogue() throws {
        let site = try TestSite(copying: TestSupport.sampleContent)
        expectSameSite(site.options(buildDate: BuildDate(day: "2025-01-02")), "the sample catalogue")
    }

    /// Every content folder under `Tests/Fixtures` (the invalid ones too: those must fail alike).
    @Test func everyFixtureSite() throws {
        var built = 0
        for folder in try Self.fixtureSites() {
            let site = try TestSite(copying: folder)
            let templates = site.content.appendingPathComponent("Templates")
            let hasTemplates = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates").path)
            let name = folder.path.replacingOccurrences(of: FixtureSite.fixtures.path + "/", with: "")
            if expectSameSite(site.options(templates: hasTemplates ? templates : nil), name) != nil { built += 1 }
        }
        // valid, golden-site, hostile, susi-repo, invalid/unknown-key, at least.
        #expect(built >= 5)
    }

    @Test func aGeneratedCatalogueOfHostileSkills() {
        let site = Self.generatedCatalogue(skills: 300)
        let files = expectSameSite(
            site.options(baseURL: "https://example.org/sub/", buildDate: BuildDate(day: "2025-01-02")),
            "300 generated skills")
        #expect(files?["top-rated/page/3/index.html"] != nil, "ranks over several pages")
    }

    /// A theme of the site's own: cards cut by the compiled engine (slots escaped and not, set
    /// delimiters, a parent), or not cut when a slot prints in an indented partial, against
    /// swift-mustache rendering every card for its page.
    @Test(arguments: ["{{>card-more}}", "\n  {{>card-more}}\n"])
    func aSiteWithItsOwnCardTemplate(more: String) throws {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        site.template(
            "card.mustache",
            """
            {{<card-frame}}{{$body}}<a href="{{root}}{{url}}">{{name}}</a> {{starRow}} {{=<% %>=}}<%&starRowLarge%>
            <%#rank%>#<%rank%><%/rank%> h<%cardLevel%><%={{ }}=%>\(more)
            {{/body}}{{/card-frame}}
            """)
        site.template("card-frame.mustache", "<li>{{$body}}{{/body}}</li>\n")
        site.template("card-more.mustache", "<span>\n{{root}}{{#added}}{{added}}{{/added}}</span>\n")
        #expect(expectSameSite(site.options(templates: site.templates), "valid with its own card") != nil)
    }

    /// Each render of a build goes through the swapped engine: pages, cards, the header and
    /// footer, and the four partials drawn in Swift's stead.
    @Test func theSwappedEngineRendersEverything() throws {
        let site = Self.generatedCatalogue(skills: 40)
        let asked = RecordingEngine.Names()
        var options = site.options(baseURL: "https://example.org/", buildDate: BuildDate(day: "2025-01-02"))
        options.templateEngine = { theme in RecordingEngine(engine: theme.engine, asked: asked) }
        try site.build(options)
        #expect(
            asked.sorted == [
                "404", "_chart", "_form", "_stars", "_timeline", "card", "directory", "footer", "group",
                "header", "index", "listing", "skill",
            ])
    }

    // MARK: - Support

    /// Builds with both engines; the site's files when the build succeeded.
    @discardableResult
    func expectSameSite(
        _ options: BuildOptions, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String: Data]? {
        var oracle = options
        // A template swift-mustache cannot parse is left out, so the pages that use it differ.
        oracle.templateEngine = { theme in OracleLibrary(theme.sources, contentTypes: Theme.contentTypes) }
        let compiled = Self.build(options)
        let expected = Self.build(oracle)
        switch (compiled, expected) {
        case (.success(let files), .success(let reference)):
            #expect(
                files.keys.sorted() == reference.keys.sorted(), "\(name): the two builds wrote different files",
                sourceLocation: sourceLocation)
            for (path, data) in reference.sorted(by: { $0.key < $1.key }) where files[path] != data {
                Issue.record(
                    "\(name): \(path) differs\n\(Self.difference(files[path] ?? Data(), data))",
                    sourceLocation: sourceLocation)
                break
            }
            #expect(files.count > 1, "\(name) built nothing", sourceLocation: sourceLocation)
            return files
        case (.failure(let failure), .failure(let reference)):
            #expect(failure.description == reference.description, "\(name)", sourceLocation: sourceLocation)
            return nil
        default:
            Issue.record(
                "\(name): one engine built the site and the other did not: \(compiled) / \(expected)",
                sourceLocation: sourceLocation)
            return nil
        }
    }

    static func build(_ options: BuildOptions) -> Result<[String: Data], BuildFailure> {
        let output = MemoryOutput()
        do {
            _ = try SiteBuilder.build(options, into: output)
            return .success(output.files)
        } catch {
            return .failure(error)
        }
    }

    /// Where two files first differ, with some bytes of each around it.
    static func difference(_ actual: Data, _ expected: Data) -> String {
        let a = Array(actual)
        let e = Array(expected)
        let at = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, at - 80)..<min(bytes.count, at + 80)], as: UTF8.self).debugDescription
        }
        return "at byte \(at):\ncompiled:       \(around(a))\nswift-mustache: \(around(e))"
    }

    /// The content folders below `Tests/Fixtures` (a folder with `skills/`, `site.yml` or SUSI's `models/`).
    static func fixtureSites() throws -> [URL] {
        let manager = FileManager.default
        func folders(_ url: URL) throws -> [URL] {
            try manager.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).filter { $0.hasDirectoryPath }
        }
        let candidates = try folders(FixtureSite.fixtures) + folders(FixtureSite.fixture("invalid"))
        return candidates.filter { folder in
            ["skills", "site.yml", "models"].contains {
                manager.fileExists(atPath: folder.appendingPathComponent($0).path)
            }
        }.sorted { $0.path < $1.path }
    }

    /// `count` skills over a few groups, languages and authors, with names and descriptions made
    /// to be escaped, optional fields left out in turn, and ratings for most: listings, ranks and
    /// pagers over several pages.
    static func generatedCatalogue(skills count: Int) -> TestSite {
        let site = TestSite()
        site.write(
            "site.yml",
            """
            title: 'Skills & "more" <b>'
            description: A catalogue <script>alert(1)</script> made by a test.
            language: en
            page_size: 7
            home_cards: 3
            rating_form:
              endpoint: /api/ratings
            """)
        let names = [
            "Weather <script>alert(1)</script>", "\"Quoted\" & 'single'", "Café e\u{301} 😀", "Bidi \u{202E}txet",
            "a\"\u{301} onmouseover=x", "{{name}} {{{x}}}", "Plain", "Tab\tand  spaces", "Ünïcödé ß",
        ]
        let groups = ["News & Views", "Weather", "Games & <b>Fun</b>", "Knowledge"]
        let languages = ["en", "de", "fr", "xx"]
        var counts: [String] = []
        var votes: [String] = []
        for i in 0..<count {
            let id = "g\(i % 4)/skill-\(i)"
            var front = "name: '\(names[i % names.count].replacingOccurrences(of: "'", with: "''")) \(i)'\n"
            front += "group: '\(groups[i % groups.count])'\nlanguage: \(languages[i % languages.count])\n"
            if i % 3 != 0 {
                front += "author: 'Author <\(i % 5)> & Co'\nauthor_url: https://example.org/a\(i % 5)?x=1&y=\"2\"\n"
            }
            if i % 4 != 1 { front += "created: 2024-0\(1 + i % 9)-1\(i % 10)\n" }
            if i % 5 == 2 { front += "image: https://images.example.net/i\(i).png\n" }
            if i % 2 == 0 { front += "examples:\n  - 'What is <b>\(i)</b>?'\n  - \"Say \\\"hi\\\" & go\"\n" }
            let body = i % 6 == 5 ? "" : "Does *\(i)* things. <script>alert(\(i))</script>\n\n- one & two\n- `<code>`\n"
            site.write("skills/\(id).md", "---\n\(front)---\n\(body)")
            if i % 7 != 3 {
                counts.append(
                    "\"\(id)\": {\"one_star\": \(i % 3), \"two_star\": \(i % 2), \"three_star\": \(i % 5), \"four_star\": \(i % 11), \"five_star\": \(i % 13 + 1)}"
                )
            }
            if i % 9 == 0 {
                // Every other one with times, for the ratings-over-time chart.
                let time = i % 18 == 0 ? ",\"timestamp\":\"2024-01-1\(i % 10)T10:00:00+02:00\"" : ""
                votes.append("{\"skill\":\"\(id)\",\"stars\":\(1 + i % 5),\"user\":\"u\(i)\"\(time)}")
                if i % 18 == 0 {
                    votes.append("{\"skill\":\"\(id)\",\"stars\":2,\"timestamp\":\"2024-11-02T10:00:00Z\"}")
                }
            }
        }
        site.write("ratings/counts.json", "{\n" + counts.joined(separator: ",\n") + "\n}\n")
        site.write("ratings/votes.jsonl", votes.joined(separator: "\n") + "\n")
        return site
    }
}

/// Hands every render to another engine and keeps the names of the templates asked for.
struct RecordingEngine: TemplateEngine {
    typealias Names = OverrunWatch.Names

    let engine: any TemplateEngine
    let asked: Names

    func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
        asked.insert(name)
        return engine.render(templateNamed: name, data: data, into: &output)
    }

    func hasTemplate(named name: String) -> Bool { engine.hasTemplate(named: name) }
}
