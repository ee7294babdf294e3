import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Every template of the default theme, as `Theme.load` compiles it (the HTML pragma in front),
/// rendered by both engines from random data for every name the theme uses.
@Suite struct ThemeDifferentialTests {
    static let sources: [String: String] = Dictionary(
        uniqueKeysWithValues: DefaultTheme.files.compactMap { path, text in
            path.hasSuffix(".mustache") ? (String(path.dropLast(9)), HTMLContent.pragma + text) : nil
        })

    /// Every name and name part the theme's tags use (`nav.home` gives `nav` and `home`).
    static let names: [String] = {
        let tag = try? NSRegularExpression(pattern: #"\{\{[#^/&{$]?\s*([A-Za-z0-9_.?-]+)"#)
        var names: Set<String> = []
        for text in sources.values {
            let range = NSRange(text.startIndex..., in: text)
            for match in tag?.matches(in: text, range: range) ?? [] {
                guard let found = Range(match.range(at: 1), in: text) else { continue }
                names.formUnion(text[found].split(separator: ".").map(String.init))
            }
        }
        return names.sorted()
    }()

    @Test func theThemeCompilesInBothEngines() {
        let pair = EnginePair(Self.sources)
        #expect(pair.errors.isEmpty)
        #expect(pair.oracleFailures.isEmpty)
        #expect(Set(pair.compiled.names) == Set(Self.sources.keys))
        #expect(Self.names.contains("home") && Self.names.contains("starRowLarge"))
    }

    @Test(arguments: 0..<40)
    func everyTemplateWithRandomData(seed: Int) {
        let pair = EnginePair(Self.sources)
        var random = RandomData(names: Self.names, generator: SeededGenerator(seed: UInt64(seed)))
        for name in Self.sources.keys.sorted() {
            for _ in 0..<5 {
                let data = random.context()
                let (compiled, oracle) = pair.render(name, data)
                #expect(compiled != nil && compiled == oracle, "template \(name), seed \(seed)")
            }
        }
    }

    /// Data where every name is present and every section opens, so no part of a template is
    /// left unrendered.
    @Test func everyTemplateWithEverySectionOpen() {
        let pair = EnginePair(Self.sources)
        let item = TemplateDictionary(
            Dictionary(uniqueKeysWithValues: Self.names.map { ($0, TemplateValue.text("<i>\($0)</i>")) }))
        var values = Dictionary(
            uniqueKeysWithValues: Self.names.map { ($0, TemplateValue.list([.data(item), .data(item)])) })
        values["nav"] = .data(item)
        let data = TemplateDictionary(values)
        for name in Self.sources.keys.sorted() {
            let (compiled, oracle) = pair.render(name, data)
            #expect(compiled != nil && compiled == oracle, "template \(name)")
            #expect((compiled?.count ?? 0) > 0)
        }
    }
}
