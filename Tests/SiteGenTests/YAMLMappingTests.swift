import CatalogueModel
import Testing

@testable import ContentLoading

/// A mapping answers with the first value written for a key, whether it is short enough to be
/// searched or long enough to be hashed.
@Suite struct YAMLMappingTests {
    static func text(_ value: String) -> YAMLNode {
        YAMLNode(.scalar(value, style: .plain, tag: ""), line: 1, column: 1)
    }

    @Test(arguments: [1, 3, 16, 17, 40]) func theFirstValueOfAKeyAnswers(keys: Int) {
        var pairs = (0..<keys).map { YAMLNode.Pair(key: Self.text("k\($0)"), value: Self.text("first \($0)")) }
        pairs += (0..<keys).map { YAMLNode.Pair(key: Self.text("k\($0)"), value: Self.text("second \($0)")) }
        let mapping = YAMLMapping(pairs, path: "a.yml", lineOffset: 0)
        var log = DiagnosticLog()
        for k in 0..<keys {
            #expect(mapping.string("k\(k)", &log) == "first \(k)")
            #expect(mapping.value("k\(k)")?.string == "first \(k)")
        }
        #expect(mapping.value("k\(keys)") == nil)
        #expect(mapping.string("missing", &log) == nil)
        #expect(log.items.isEmpty)
    }
}
