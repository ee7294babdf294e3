/// CLDR's plural categories: which form of a word a number takes ("1 rating", "2 ratings";
/// Russian "1 оценка", "2 оценки", "5 оценок").
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// Which plural category a number falls in, by CLDR's rules for the language: English and German
/// have `one` and `other`, French counts 0 as `one` too, Russian, Ukrainian and Polish add `few`
/// and `many`. A language without a rule here is treated like English; a strings file that lacks
/// a category falls back to `other`.
public struct PluralRule: Sendable, Equatable {
    enum Family: Sendable, Equatable {
        /// `one` for exactly 1: en, de, nl, sv, da, no, it, es, pt-PT, el, fi, et, hu, tr, …
        case oneForOne
        /// `one` for 0 and 1 (fractions included): fr, pt (Brazil), hi.
        case oneForZeroAndOne
        /// one, few, many: ru, uk, be.
        case eastSlavic
        /// one, few, many: pl.
        case polish
        /// one, few: cs, sk.
        case czech
        /// No plural forms at all: ja, zh, ko, vi, th, id.
        case none
    }

    let family: Family
    /// Spanish, French, Italian and Portuguese say "1 millón de…": `many` for whole millions.
    let manyForMillions: Bool

    public init(language: String) {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch primary {
        case "fr", "hi": family = .oneForZeroAndOne
        case "pt": family = language.lowercased() == "pt-pt" ? .oneForOne : .oneForZeroAndOne
        case "ru", "uk", "be": family = .eastSlavic
        case "pl": family = .polish
        case "cs", "sk": family = .czech
        case "ja", "zh", "ko", "vi", "th", "id", "ms": family = .none
        default: family = .oneForOne
        }
        manyForMillions = ["es", "fr", "it", "pt"].contains(primary)
    }

    /// The category of a whole number.
    public func category(_ n: Int) -> PluralCategory { category(whole: n, fraction: false) }

    /// The category of a number with `whole` before the decimal point and, when `fraction`, digits
    /// after it ("1.5 stars" is `other` in English, `one` in French).
    public func category(whole: Int, fraction: Bool) -> PluralCategory {
        let i = whole.magnitude
        if manyForMillions, !fraction, i != 0, i % 1_000_000 == 0 { return .many }
        switch family {
        case .oneForOne:
            return i == 1 && !fraction ? .one : .other
        case .oneForZeroAndOne:
            return i <= 1 ? .one : .other
        case .eastSlavic, .polish:
            guard !fraction else { return .other }
            let (last, lastTwo) = (i % 10, i % 100)
            if family == .eastSlavic ? (last == 1 && lastTwo != 11) : i == 1 { return .one }
            if (2...4).contains(last) && !(12...14).contains(lastTwo) { return .few }
            return .many
        case .czech:
            guard !fraction else { return .many }
            return i == 1 ? .one : (2...4).contains(i) ? .few : .other
        case .none:
            return .other
        }
    }
}
