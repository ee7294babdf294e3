import Testing

@testable import CatalogueModel

/// A content date read as bytes gives what reading it character by character gave.
@Suite struct DateTextTests {
    /// The day as first written: the first ten scalars, digits by their Unicode property.
    static func reference(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace()
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ scalars[$0].properties.numericType != nil && scalars[$0].isASCII }) else {
            return nil
        }
        let day = String(String.UnicodeScalarView(scalars))
        guard let month = Int(day.dropFirst(5).prefix(2)), (1...12).contains(month),
            let dom = Int(day.suffix(2)), (1...31).contains(dom)
        else { return nil }
        return day
    }

    @Test(arguments: 0..<6) func aDayReadsAsItsCharactersRead(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["0", "1", "2", "3", "9", "-", " ", "\t", "T", "Z", "٣", "１", "é", "+", "\u{A0}", "\u{0}"]
        for _ in 0..<3_000 {
            // Mostly near a day's shape, so the checks after the first are reached.
            var text = ["2024-03-01", "1999-12-31", "2024-13-01", "2024-00-10", "2024-02-32", ""][random.below(6)]
            for _ in 0..<random.below(4) {
                let scalars = Array(text.unicodeScalars)
                let at = random.below(scalars.count + 1)
                let piece = pieces[random.below(pieces.count)]
                // Put in, or put in place of the character there.
                let after = at < scalars.count && random.below(2) == 0 ? at + 1 : at
                text =
                    String(String.UnicodeScalarView(scalars[..<at])) + piece
                    + String(String.UnicodeScalarView(scalars[after...]))
            }
            #expect(DateText.day(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(DateText.day(" 2024-03-01T10:00:00Z") == "2024-03-01")
        #expect(DateText.day("2024-3-01") == nil)
    }
}
