import Mustache
import MustacheCompiler
import MustacheOracle
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// The same templates compiled by both engines, as `Theme.load` would register them: the engine
/// under test and swift-mustache, its oracle.
struct EnginePair {
    let compiled: TemplateLibrary
    let errors: [TemplateError]
    let oracle: MustacheLibrary
    /// The templates swift-mustache could not parse.
    let oracleFailures: Set<String>

    /// SiteGen's `HTML` content type for both engines (swift-mustache's is process-wide).
    static let contentTypes: [String: TemplateEscaping] = {
        OracleLibrary.register(Theme.contentTypes)
        return Theme.contentTypes
    }()

    init(_ sources: [String: String]) {
        let (compiled, errors) = TemplateLibrary.compile(
            Dictionary(uniqueKeysWithValues: sources.map { ($0, (text: $1, path: $0)) }),
            contentTypes: Self.contentTypes
        )
        var oracle = MustacheLibrary()
        var failures: Set<String> = []
        for (name, text) in sources {
            if let template = try? MustacheTemplate(string: text) {
                oracle.register(template, named: name)
            } else {
                failures.insert(name)
            }
        }
        self.compiled = compiled
        self.errors = errors
        self.oracle = oracle
        self.oracleFailures = failures
    }

    /// Both renderings of one template, as bytes (String's `==` would forgive a different
    /// normalisation).
    func render(_ name: String, _ data: any TemplateData) -> (compiled: [UInt8]?, oracle: [UInt8]?) {
        (
            compiled.render(templateNamed: name, data: data).map { Array($0.utf8) },
            oracle.render(OracleData(data), withTemplate: name).map { Array($0.utf8) }
        )
    }
}

/// Renders `template` (plus `partials`) with both engines and requires the same bytes.
func expectSameOutput(
    _ template: String, _ data: any TemplateData, partials: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let pair = EnginePair(partials.merging(["main": template]) { _, main in main })
    #expect(pair.errors.isEmpty, "compile errors: \(pair.errors)", sourceLocation: sourceLocation)
    #expect(
        pair.oracleFailures.isEmpty, "swift-mustache could not parse \(pair.oracleFailures)",
        sourceLocation: sourceLocation)
    let (compiled, oracle) = pair.render("main", data)
    #expect(
        compiled != nil && compiled == oracle,
        "compiled: \(compiled.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil")\noracle:   \(oracle.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil")",
        sourceLocation: sourceLocation)
}

/// A repeatable random source (SplitMix64), so a failing seed can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Values a hostile site could put into a page: markup, entities, tags, quotes before combining
/// marks, control characters, emoji, long text.
enum HostileText {
    static let samples: [String] = [
        "", "plain", "<script>alert(1)</script>", "\"quoted\" & 'single'", "&amp; &lt;",
        "{{x}}", "{{{x}}}", "{{#a}}open", "😀👍🏽🇩🇪", "\"\u{301}combining", "a\u{0}b\u{7}c\u{1B}[0m",
        "line\nbreak\r\nand\rmore", "  indented\n  twice\n", "\t", "é vs e\u{301}", "}}", "{{",
        String(repeating: "long text <b>& more</b> ", count: 400), "\u{2028}\u{2029}\u{85}",
    ]
}
