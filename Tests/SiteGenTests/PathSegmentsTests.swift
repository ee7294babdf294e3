import Testing

@testable import CatalogueModel

/// Paths split at their slashes as bytes give the segments `split(separator:)` gives, with or
/// without empty ones, whatever odd text stands between them.
@Suite struct PathSegmentsTests {
    @Test(arguments: 0..<8) func aPathSplitsAsItsCharactersSplit(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            var text = OddText.make(&random)
            // More slashes, and some with an accent after them, which makes one character of both.
            for _ in 0..<random.below(4) {
                let at = text.unicodeScalars.index(
                    text.unicodeScalars.startIndex, offsetBy: random.below(text.unicodeScalars.count + 1))
                text.unicodeScalars.insert(
                    contentsOf: ["/", "//", "/\u{301}", "a/"][random.below(4)].unicodeScalars, at: at)
            }
            for omitting in [true, false] {
                let expected = text.split(separator: "/", omittingEmptySubsequences: omitting)
                let found = text.slashSeparated(omittingEmpty: omitting)
                #expect(found == expected, "\(text.debugDescription)")
                #expect(found.map(\.startIndex) == expected.map(\.startIndex), "\(text.debugDescription)")
            }
        }
        #expect("a//b/".slashSeparated(omittingEmpty: false) == ["a", "", "b", ""])
        #expect("/a//b/".slashSeparated(omittingEmpty: true) == ["a", "b"])
    }
}
