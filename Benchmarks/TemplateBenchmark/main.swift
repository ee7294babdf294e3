import CatalogueModel
import ContentLoading
import Foundation
import Mustache
import MustacheCompiler
import MustacheOracle
import PageRendering
import SiteAssembly

// Renders the theme's skill page (layout inheritance included) many times with the compiled
// engine and with swift-mustache, from the same typed data, and prints the time per page of each.
// Run by Benchmarks/templates.sh (release build); usage: template-benchmark TEMPLATES_DIR [PAGES]

/// SiteGen's escaping under the pragma's name, for swift-mustache (its HTMLContent is internal).
struct SiteHTML: MustacheContentType {
    func escapeText(_ text: String) -> String { HTML.escape(text) }
}

/// The page's markup made once, as SiteGen makes it once per page before rendering: the
/// benchmark times the engines, not the data.
enum Markup {
    static let header = String(repeating: "<li><a href=\"../../groups/\">Groups</a></li>\n", count: 8)
    static let footer = String(repeating: "<li><a href=\"../../groups/g/\">Group</a></li>\n", count: 12)
    static let stars = String(
        repeating: "<svg viewBox=\"0 0 24 24\"><path d=\"M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z\"/></svg>", count: 5)
    static let description = String(
        repeating: "<p>Ask for the weather in any city and get the forecast.</p>\n", count: 6)
    static let chart = String(repeating: "<rect x=\"0\" y=\"0\" width=\"120\" height=\"12\"/>", count: 5)
}

/// The theme's words, as pages get them (`{{t.key}}`).
enum Words {
    static let table: TemplateValue = {
        var log = DiagnosticLog()
        let strings = Theme.load(directory: nil, display: "Templates", source: .disk, &log).strings
        return .data(TemplateDictionary(strings.entries.mapValues { .text($0.plain) }))
    }()
}

/// A skill page as typed data: what a page of the sample catalogue holds, markup included.
struct SkillPage: TemplateData {
    let index: Int
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "lang": "en"
        case "root": "../../"
        case "pageTitle": .text("Skill \(index) · SUSI.AI Skills")
        case "metaDescription", "summary":
            .text("Tells you the weather for any city & \"quoted\" places, skill \(index).")
        case "siteTitle": "SUSI.AI Skills"
        case "ogTitle", "name": .text("Weather <\(index)>")
        case "canonical": .text("https://skills.example.org/skills/weather-\(index)/")
        case "hasFeed", "rated", "hasDescription", "hasExamples", "imageIsLocal": true
        case "themeStyle": ":root{--bar-5:#2e7d32}"
        case "siteHeader": .text(Markup.header)
        case "siteFooter": .text(Markup.footer)
        case "jsonLD":
            .text("{\"@context\":\"https://schema.org\",\"@type\":\"SoftwareApplication\",\"name\":\"Weather\"}")
        case "group": "Knowledge"
        case "groupURL": "groups/knowledge/"
        case "image": "images/weather.png"
        case "author": "Ada & Co"
        case "authorURL": "https://example.org/ada"
        case "authorPageURL": "authors/ada/"
        case "authorSkillsText": "all skills by Ada & Co"
        case "t": Words.table
        case "language": "en"
        case "languageName": "English"
        case "languageURL": "languages/en/"
        case "starRowLarge": .text(Markup.stars)
        case "ratingLabel": "Rated 4.2 out of 5 by 1,234 people"
        case "averageText": "4.2"
        case "totalText": "1,234 ratings"
        case "descriptionHTML": .text(Markup.description)
        case "examples":
            .list(["What is the weather in Berlin?", "Will it rain <tomorrow>?", "Forecast for \"Paris\""])
        case "chart": .text(Markup.chart)
        case "ratingForm": .text("<form method=\"post\" action=\"../../rate/\"><button>Rate</button></form>")
        case "created": "2024-05-01"
        case "termsURL": "https://example.org/terms"
        default: nil
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count > 1 else {
    print("usage: template-benchmark TEMPLATES_DIR [PAGES]")
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let pages = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000

let pragma = "{{% CONTENT_TYPE: HTML }}"
var sources: [String: (text: String, path: String)] = [:]
for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    sources[String(file.dropLast(9))] = (pragma + text, file)
}

MustacheContentTypes.register(SiteHTML(), named: "HTML")
var oracle = MustacheLibrary()
for (name, source) in sources { oracle.register(try MustacheTemplate(string: source.text), named: name) }
let compiled = try TemplateLibrary(sources, contentTypes: ["HTML": TemplateEscaping(HTML.escape), "TEXT": .text])

let sample = SkillPage(index: 7)
guard let expected = oracle.render(OracleData(sample), withTemplate: "skill"),
    let actual = compiled.render(templateNamed: "skill", data: sample),
    Array(expected.utf8) == Array(actual.utf8)
else {
    print("the two engines disagree on the skill page")
    exit(1)
}

/// Seconds to render `pages` skill pages; the total length is kept so no work is skipped.
func time(_ render: (SkillPage) -> Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    var bytes = 0
    for index in 0..<pages { bytes &+= render(SkillPage(index: index)) }
    precondition(bytes > 0)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var oracleTimes: [Double] = []
var compiledTimes: [Double] = []
for _ in 0..<5 {
    oracleTimes.append(time { oracle.render(OracleData($0), withTemplate: "skill")?.utf8.count ?? 0 })
    compiledTimes.append(
        time { page in
            var output: [UInt8] = []
            _ = compiled.render(templateNamed: "skill", data: page, into: &output)
            return output.count
        })
}
let oracleMedian = oracleTimes.sorted()[2]
let compiledMedian = compiledTimes.sorted()[2]
print("skill page (\(expected.utf8.count) bytes), \(pages) pages, median of 5 alternating runs:")
print(
    String(
        format: "  swift-mustache 2.1.1 (typed data via OracleData): %.3f s  (%.1f µs/page)", oracleMedian,
        oracleMedian / Double(pages) * 1e6))
print(
    String(
        format: "  compiled engine (MustacheCompiler):               %.3f s  (%.1f µs/page)", compiledMedian,
        compiledMedian / Double(pages) * 1e6))
print(String(format: "  speed-up: %.1f×", oracleMedian / compiledMedian))
