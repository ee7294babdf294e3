/// How numbers are written in a language: "1,234" and "4.6" in English, "1.234" and "4,6" in
/// German. Only what the pages show: whole counts, and averages and scores with a few decimals.
public struct NumberStyle: Sendable, Equatable {
    public let groupSeparator: String
    public let decimalSeparator: String
    /// Spanish and Polish leave four-digit numbers ungrouped ("1234", but "12.345").
    public let minimumGroupingDigits: Int

    public static let english = NumberStyle(groupSeparator: ",", decimalSeparator: ".", minimumGroupingDigits: 1)

    public init(groupSeparator: String, decimalSeparator: String, minimumGroupingDigits: Int) {
        self.groupSeparator = groupSeparator
        self.decimalSeparator = decimalSeparator
        self.minimumGroupingDigits = minimumGroupingDigits
    }

    /// CLDR's separators for the language; English's for a language not listed.
    public init(language: String) {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        let noBreakSpace = "\u{A0}"
        switch primary {
        case "de", "nl", "it", "id", "da", "tr", "el":
            self.init(groupSeparator: ".", decimalSeparator: ",", minimumGroupingDigits: 1)
        case "es", "pt": self.init(groupSeparator: ".", decimalSeparator: ",", minimumGroupingDigits: 2)
        // French groups with a narrow no-break space.
        case "fr": self.init(groupSeparator: "\u{202F}", decimalSeparator: ",", minimumGroupingDigits: 1)
        case "ru", "uk", "be", "cs", "sk", "fi", "sv", "nb", "no":
            self.init(groupSeparator: noBreakSpace, decimalSeparator: ",", minimumGroupingDigits: 1)
        case "pl": self.init(groupSeparator: noBreakSpace, decimalSeparator: ",", minimumGroupingDigits: 2)
        default: self = .english
        }
    }

    /// 1234567 → "1,234,567" (English).
    public func integer(_ n: Int) -> String {
        // Under four digits nothing is grouped: most counts on a page.
        if n.magnitude < 1000 { return String(n) }
        let digits = String(n.magnitude)
        var out = ""
        if digits.count >= 3 + minimumGroupingDigits {
            for (offset, ch) in digits.enumerated() {
                if offset > 0 && (digits.count - offset) % 3 == 0 { out += groupSeparator }
                out.append(ch)
            }
        } else {
            out = digits
        }
        return n < 0 ? "-" + out : out
    }

    /// A number already written with a `.` before its decimals ("4.3", "4.09"): with this
    /// language's decimal separator, and its whole part grouped.
    public func decimal(_ written: String) -> String {
        // Cut at the first `.` without splitting into an array: a page writes hundreds of these.
        let point = written.firstIndex(of: ".")
        let whole = written[..<(point ?? written.endIndex)]
        guard let value = Int(whole) else { return written }
        let grouped = whole.hasPrefix("-") && value == 0 ? "-0" : integer(value)
        guard let point else { return grouped }
        return grouped + decimalSeparator + written[written.index(after: point)...]
    }

    /// `decimal` of a value in tenths written as `RatingSummary.averageText` writes it (43 is
    /// "4.3"), without writing it first: every card, badge and timeline row shows an average.
    public func tenths(_ value: Int) -> String {
        // Under 1,000 nothing is grouped; a negative value is written as the text would be.
        guard value >= 0 && value < 10_000 else { return decimal("\(value / 10).\(value % 10)") }
        return String(value / 10) + decimalSeparator + String(value % 10)
    }
}
