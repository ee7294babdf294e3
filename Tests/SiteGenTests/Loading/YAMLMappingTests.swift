import CatalogueModel
import Testing

@testable import ContentLoading

/// A mapping answers with the first value written for a key, whether it is short enough to be
/// searched or long enough to be hashed.
@Suite struct YAMLMappingTests {
    static func text(_ value: String) -> YAMLNode {
        YAMLNode(.scalar(value, style: .plain, tag: ""), line: 1, column: 1)
    }

    /// `pairs` pairs, each key written twice (or more): 16 pairs are searched, 17 hashed.
    @Test(arguments: [2, 6, 15, 16, 17, 18, 40]) func theFirstValueOfAKeyAnswers(pairs count: Int) {
        let keys = max(1, count / 2)
        let pairs = (0..<count).map { YAMLNode.Pair(key: Self.text("k\($0 % keys)"), value: Self.text("v\($0)")) }
        let mapping = YAMLMapping(pairs, path: "a.yml", lineOffset: 0)
        var log = DiagnosticLog()
        for k in 0..<keys {
            #expect(mapping.string("k\(k)", &log) == "v\(k)")
            #expect(mapping.value("k\(k)")?.string == "v\(k)")
        }
        #expect(mapping.value("k\(keys)") == nil)
        #expect(mapping.string("missing", &log) == nil)
        #expect(log.items.isEmpty)
    }
}
