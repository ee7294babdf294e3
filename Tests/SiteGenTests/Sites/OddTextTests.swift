import Testing

@testable import CatalogueModel

/// Random text of the pieces real names and paths are made of, and the odd ones.
enum OddText {
    static let pieces: [String] =
        (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + [
            "\r\n", "\n", "\r", "\t", "é", "e\u{301}", "ß", "İ", "K", "Å", "谜语", "🙂", "👩‍👩‍👧", "\u{200B}", "\u{202E}",
            "news/", "skill-1", "%20", "\u{0}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{1680}", "\u{B}",
            "\u{C}",
        ]

    static func make(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }
}

/// Text trimmed of Unicode whitespace at both ends: an ASCII answer without a property lookup,
/// and the text itself returned when there is nothing to trim, give what the lookups gave.
@Suite struct TrimmingTests {
    @Test(arguments: 0..<8) func trimmingAgreesWithTheScalarProperties(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let text = OddText.make(&random)
            #expect(text.trimmingWhitespace() == Self.reference(text[...]), "\(text.debugDescription)")
            let scalars = text.unicodeScalars
            let cut = Int.random(in: 0...scalars.count, using: &random)
            let inner = text[scalars.index(scalars.startIndex, offsetBy: cut)...]
            #expect(inner.trimmingWhitespace() == Self.reference(inner), "\(inner.debugDescription)")
        }
    }

    /// The trim as first written: Unicode's White_Space looked up for every scalar at the ends.
    static func reference(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }
}
