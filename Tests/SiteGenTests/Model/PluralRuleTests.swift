import Testing

@testable import CatalogueModel

/// CLDR's plural categories and number styles, for the languages the issue names.
@Suite struct PluralRuleTests {
    func categories(_ language: String, _ numbers: [Int]) -> [PluralCategory] {
        let rule = PluralRule(language: language)
        return numbers.map(rule.category)
    }

    @Test func englishAndGermanHaveOneForExactlyOne() {
        for language in ["en", "de", "de-AT", "en-GB"] {
            #expect(
                categories(language, [0, 1, 2, 11, 21, 1_000_000]) == [.other, .one, .other, .other, .other, .other])
        }
        #expect(PluralRule(language: "en").category(whole: 1, fraction: true) == .other, "1.5 stars")
    }

    @Test func frenchCountsZeroAndOneAsOne() {
        #expect(categories("fr", [0, 1, 2, 17, 1_000_000]) == [.one, .one, .other, .other, .many])
        #expect(PluralRule(language: "fr").category(whole: 1, fraction: true) == .one, "1,5 étoile")
    }

    @Test func spanishHasOneAndManyForMillions() {
        #expect(
            categories("es", [0, 1, 2, 1_000_000, 2_000_000, 1_000_001]) == [
                .other, .one, .other, .many, .many, .other,
            ])
    }

    @Test func russianAndUkrainianHaveOneFewMany() {
        for language in ["ru", "uk"] {
            #expect(
                categories(language, [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 0])
                    == [.one, .few, .few, .many, .many, .many, .many, .one, .few, .many, .one, .many, .many])
            #expect(PluralRule(language: language).category(whole: 1, fraction: true) == .other)
        }
    }

    @Test func polishHasOneOnlyForOne() {
        #expect(
            categories("pl", [1, 2, 4, 5, 12, 21, 22, 25, 0, 101])
                == [.one, .few, .few, .many, .many, .many, .few, .many, .many, .many])
    }

    @Test func languagesWithoutPluralsAndUnknownOnes() {
        #expect(categories("ja", [0, 1, 2]) == [.other, .other, .other])
        #expect(categories("xx", [0, 1, 2]) == [.other, .one, .other], "unknown: English's rule")
    }

    @Test func numberStylesGroupAndMarkDecimalsAsTheLanguageDoes() {
        let english = NumberStyle(language: "en")
        #expect(english == .english)
        #expect(english.integer(1_234_567) == "1,234,567")
        #expect(english.integer(-1234) == "-1,234")
        #expect(english.integer(999) == "999")
        #expect(english.decimal("4.6") == "4.6")
        #expect(1_234_567.grouped == "1,234,567")
        let german = NumberStyle(language: "de")
        #expect(german.integer(1234) == "1.234")
        #expect(german.decimal("4.6") == "4,6")
        #expect(german.decimal("1234.05") == "1.234,05")
        #expect(german.decimal("5") == "5")
        let spanish = NumberStyle(language: "es")
        #expect(spanish.integer(1234) == "1234", "four digits stay together")
        #expect(spanish.integer(12345) == "12.345")
        #expect(NumberStyle(language: "fr").integer(12345) == "12\u{202F}345")
        #expect(NumberStyle(language: "ru").decimal("1234.5") == "1\u{A0}234,5")
    }

    /// The written form as it was first made (split at the first `.`, then each part as ever):
    /// the reference the shortcuts of `integer` and `decimal` are held to.
    static func reference(_ style: NumberStyle, _ written: String) -> String {
        func integer(_ n: Int) -> String {
            let digits = String(n.magnitude)
            var out = ""
            if digits.count >= 3 + style.minimumGroupingDigits {
                for (offset, ch) in digits.enumerated() {
                    if offset > 0 && (digits.count - offset) % 3 == 0 { out += style.groupSeparator }
                    out.append(ch)
                }
            } else {
                out = digits
            }
            return n < 0 ? "-" + out : out
        }
        let parts = written.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, let value = Int(whole) else { return written }
        let grouped = whole.hasPrefix("-") && value == 0 ? "-0" : integer(value)
        return parts.count == 2 ? grouped + style.decimalSeparator + parts[1] : grouped
    }

    @Test(arguments: ["en", "de", "es", "fr", "pl"])
    func writtenNumbersAreWhatTheyWere(_ language: String) {
        let style = NumberStyle(language: language)
        var random = SplitMix64(seed: UInt64(language.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        let pieces = ["0", "1", "9", "12", "999", "1000", "-", ".", "..", "\u{301}", "x", "", "00", "+", " "]
        for _ in 0..<2_000 {
            let written = (0..<Int(random.next() % 5)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(style.decimal(written) == Self.reference(style, written), "\(written.debugDescription)")
        }
        for n in [0, 7, -7, 999, -999, 1000, -1000, 1234, 12_345, Int.max, Int.min] {
            #expect(style.integer(n) == Self.reference(style, String(n)), "\(n)")
        }
    }

    /// An average in tenths is written as its text ("4.3", `RatingSummary.averageText`) is.
    @Test(arguments: ["en", "de", "es", "fr", "pl"])
    func tenthsAreWrittenAsTheirText(_ language: String) {
        let style = NumberStyle(language: language)
        for tenths in Array(-120...12_000) + [99_999, 123_456_789, Int.max, Int.min + 1] {
            #expect(style.tenths(tenths) == style.decimal("\(tenths / 10).\(tenths % 10)"), "\(tenths)")
        }
        #expect(style.tenths(43) == "4" + style.decimalSeparator + "3")
    }
}
