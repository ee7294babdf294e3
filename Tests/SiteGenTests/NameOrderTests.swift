import Testing
@testable import SiteGen

/// The ASCII shortcut of the name order must agree with the general rule (lowercased first,
/// exact text breaking ties) on every pair.
@Suite struct NameOrderTests {
    static func reference(_ a: String, _ b: String) -> Int {
        let la = a.lowercased(), lb = b.lowercased()
        if la != lb { return la < lb ? -1 : 1 }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    @Test func asciiShortcutAgreesWithTheGeneralRule() {
        let pieces = ["", "a", "A", "b", "B", "z", "Z", "_", "-", " ", "0", "9", "[", "`", "{", "~", "ab", "aB", "Ab", "apple", "Apple"]
        var names: [String] = []
        for x in pieces { for y in pieces { names.append(x + y) } }
        var compared = 0
        for a in names {
            for b in names {
                #expect(Catalogue.asciiOrder(a, b) == Self.reference(a, b), "\(a) vs \(b)")
                compared += 1
            }
        }
        #expect(compared > 100_000)
    }

    @Test func otherTextTakesTheGeneralRule() {
        #expect(Catalogue.asciiOrder("é", "e") == nil)
        #expect(Catalogue.compareNamesOrder("ae\u{301}", "af") == Self.reference("ae\u{301}", "af"))
        #expect(Catalogue.compareNamesOrder("Émile", "emile") == Self.reference("Émile", "emile"))
    }
}
