import Foundation
import Testing

@testable import CatalogueModel
@testable import MustacheCompiler
@testable import PageRendering
@testable import SiteAssembly

/// A type that prints its own text (`TemplateData.print`) must print exactly what its value
/// prints, and be absent exactly where its value is: every name of every value a whole build
/// hands its templates, asked both ways, escaped and not.
@Suite struct TemplatePrintTests {
    @Test func everyValueABuildShowsPrintsAsItsValueDoes() throws {
        let checked = PrintCheck.Findings()
        let site = WholeSiteOracleTests.generatedCatalogue(skills: 40)
        var options = site.options(baseURL: "https://example.org/sub/", buildDate: BuildDate(day: "2025-01-02"))
        options.templateEngine = { theme in PrintCheck(engine: theme.engine, findings: checked) }
        try site.build(options)
        #expect(checked.mismatches.isEmpty, "\(checked.mismatches.prefix(10))")
        // The types that print their own text, each met and printing (`PageCommon` through the pages).
        for type in [
            "SkillPage", "CardData", "FrameData", "StringTable", "TimelineData", "Shape",
            "AxisText", "Row", "Bar",
        ] {
            #expect((checked.printed[type] ?? 0) > 0, "\(type) printed nothing")
        }
    }

    @Test func theSampleCatalogueToo() throws {
        let checked = PrintCheck.Findings()
        let site = try TestSite(copying: TestSupport.sampleContent)
        var options = site.options(buildDate: BuildDate(day: "2025-01-02"))
        options.templateEngine = { theme in PrintCheck(engine: theme.engine, findings: checked) }
        try site.build(options)
        #expect(checked.mismatches.isEmpty, "\(checked.mismatches.prefix(10))")
        #expect(checked.printed.values.reduce(0, +) > 1000)
    }
}

/// Renders with `engine`, first asking every value it is given for every name both ways.
struct PrintCheck: TemplateEngine {
    final class Findings: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        private var counts: [String: Int] = [:]
        func mismatch(_ text: String) { lock.withLock { found.append(text) } }
        func printed(by type: String) { lock.withLock { counts[type, default: 0] += 1 } }
        var mismatches: [String] { lock.withLock { found } }
        var printed: [String: Int] { lock.withLock { counts } }
    }

    let engine: any TemplateEngine
    let findings: Findings

    func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
        check(data, depth: 0)
        return engine.render(templateNamed: name, data: data, into: &output)
    }

    func render(
        templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marks: inout [TemplateMark]
    ) -> Bool {
        check(data, depth: 0)
        return engine.render(templateNamed: name, data: data, into: &output, marks: &marks)
    }

    func cut(templateNamed name: String, data: any TemplateData) -> TemplateCut? {
        check(data, depth: 0)
        return engine.cut(templateNamed: name, data: data)
    }

    func hasTemplate(named name: String) -> Bool { engine.hasTemplate(named: name) }

    func namesReached(fromTemplateNamed name: String) -> Set<String>? {
        engine.namesReached(fromTemplateNamed: name)
    }

    /// Every name as a compiled template asks it (by its place in the vocabulary) and by its text.
    private func keys(of data: any TemplateData) -> [TemplateKey] {
        var keys = PageName.vocabulary.enumerated().flatMap {
            [TemplateKey($1, index: $0), TemplateKey($1, index: nil)]
        }
        if let table = data as? StringTable {
            keys += table.strings.sortedKeys.enumerated().flatMap {
                [TemplateKey($1, index: PageName.vocabulary.count + $0), TemplateKey($1, index: nil)]
            }
        }
        return keys + [TemplateKey("noSuchName", index: nil)]
    }

    private func check(_ data: any TemplateData, depth: Int) {
        guard depth < 4 else { return }
        let type = String(describing: Swift.type(of: data)).components(separatedBy: ".").last ?? ""
        for key in keys(of: data) {
            let value = data.value(for: key)
            for escaping in [Theme.contentTypes["HTML"], nil] {
                var printed: [UInt8] = []
                let result = withUnsafePointer(to: escaping ?? .text) { pointer in
                    data.print(key, with: TemplatePrinter(escaping: escaping == nil ? nil : pointer), into: &printed)
                }
                let place = "\(type).\(key.name) (index \(key.index.map(String.init) ?? "none"))"
                switch result {
                case .printed:
                    findings.printed(by: type)
                    guard let value else {
                        findings.mismatch("\(place) printed, but has no value")
                        continue
                    }
                    var expected: [UInt8] = []
                    let text = TemplateRenderer.text(of: value)
                    if let escaping { escaping.append(text, &expected) } else { expected = Array(text.utf8) }
                    if printed != expected {
                        findings.mismatch(
                            "\(place) printed \(String(decoding: printed, as: UTF8.self).debugDescription), its value \(String(decoding: expected, as: UTF8.self).debugDescription)"
                        )
                    }
                case .absent:
                    if value != nil { findings.mismatch("\(place) said absent, but has a value") }
                    if !printed.isEmpty { findings.mismatch("\(place) said absent, but printed") }
                case .unhandled:
                    if !printed.isEmpty { findings.mismatch("\(place) left to its value, but printed") }
                }
            }
            switch value {
            case .data(let inner)?: check(inner, depth: depth + 1)
            case .list(let items)?:
                for case .data(let inner) in items.prefix(3) { check(inner, depth: depth + 1) }
            default: break
            }
        }
    }
}
