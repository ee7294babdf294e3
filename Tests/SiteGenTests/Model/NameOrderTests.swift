import Testing

@testable import CatalogueModel

/// The ASCII shortcut of the name order must agree with the general rule (lowercased first,
/// exact text breaking ties) on every pair.
@Suite struct NameOrderTests {
    static func reference(_ a: String, _ b: String) -> Int {
        let la = a.lowercased()
        let lb = b.lowercased()
        if la != lb { return la < lb ? -1 : 1 }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    @Test func asciiShortcutAgreesWithTheGeneralRule() {
        let pieces = [
            "", "a", "A", "b", "B", "z", "Z", "_", "-", " ", "0", "9", "[", "`", "{", "~", "ab", "aB", "Ab", "apple",
            "Apple",
        ]
        var names: [String] = []
        for x in pieces { for y in pieces { names.append(x + y) } }
        let pairs = names.flatMap { a in names.map { b in (a, b) } }
        let fast = pairs.map { Catalogue.asciiOrder($0.0, $0.1) }
        let general = pairs.map { Optional(Self.reference($0.0, $0.1)) }
        // One comparison of the two lists; the first disagreement, if any, is named.
        let firstDifference = zip(pairs, zip(fast, general)).first { $0.1.0 != $0.1.1 }.map { "\($0.0.0) vs \($0.0.1)" }
        #expect(fast == general, "first difference: \(firstDifference ?? "none")")
    }

    @Test func otherTextTakesTheGeneralRule() {
        #expect(Catalogue.asciiOrder("é", "e") == nil)
        #expect(Catalogue.compareNamesOrder("ae\u{301}", "af") == Self.reference("ae\u{301}", "af"))
        #expect(Catalogue.compareNamesOrder("Émile", "emile") == Self.reference("Émile", "emile"))
    }
}
