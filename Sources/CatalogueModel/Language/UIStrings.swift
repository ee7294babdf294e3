/// One text of the theme's strings file: plain, or one form per plural category
/// (`ratings: {one: "{count} rating", other: "{count} ratings"}`).
public enum UIString: Sendable, Equatable {
    case text(String)
    case plural([PluralCategory: String])

    /// The parts its text or forms fill in (`count`, `name`).
    public var placeholders: Set<String> {
        switch self {
        case .text(let text): UIStrings.placeholders(text)
        case .plural(let forms): forms.values.reduce(into: []) { $0.formUnion(UIStrings.placeholders($1)) }
        }
    }

    /// The text a template shows for `{{t.key}}`: a plural's `other` form.
    public var plain: String {
        switch self {
        case .text(let text): text
        case .plural(let forms): forms[.other] ?? ""
        }
    }
}

/// The words the pages are made of, in the site's language (`i18n/<language>.yml` of the theme,
/// with English filling any key it lacks), and how that language writes numbers and plurals.
/// Texts name their variable parts in braces: `{count}`, `{name}`.
public struct UIStrings: Sendable, Equatable {
    public let language: String
    public let entries: [String: UIString]
    public let plurals: PluralRule
    public let numbers: NumberStyle

    /// The keys, sorted, and each one's plain text at the same place: templates compiled with
    /// these keys in their vocabulary find `{{t.key}}` by its place instead of hashing its name.
    public let sortedKeys: [String]
    public let sortedPlain: [String]

    public init(language: String, entries: [String: UIString]) {
        self.language = language
        self.entries = entries
        plurals = PluralRule(language: language)
        numbers = NumberStyle(language: language)
        sortedKeys = entries.keys.sorted()
        sortedPlain = sortedKeys.map { entries[$0]?.plain ?? "" }
    }

    /// The text of `key` with its `{name}` parts filled from `values`. The loader made sure every
    /// key the pages use is there; a key that is not shows as itself, so the gap is seen.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let entry = entries[key] else { return key }
        return Self.fill(entry.plain, values)
    }

    /// The form of `key` for `count` ("1 rating", "1.234 Bewertungen"), `{count}` written in the
    /// language's digits.
    public func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        form(key, plurals.category(count), values, count: numbers.integer(count))
    }

    /// The form of `key` for a number written with a `.` before its decimals ("1.5 stars").
    public func count(_ key: String, written: String, _ values: [String: String] = [:]) -> String {
        let parts = written.split(separator: ".", maxSplits: 1)
        let whole = parts.first.flatMap { Int($0) } ?? 0
        let category = plurals.category(whole: whole, fraction: parts.count == 2)
        return form(key, category, values, count: numbers.decimal(written))
    }

    private func form(_ key: String, _ category: PluralCategory, _ values: [String: String], count: String) -> String {
        switch entries[key] {
        case .plural(let forms)?: Self.fill(forms[category] ?? forms[.other] ?? "", values, count: count)
        case .text(let text)?: Self.fill(text, values, count: count)
        case nil: key
        }
    }

    /// `{name}` replaced by `values["name"]` (and `{count}` by `count`, given apart so a card's
    /// counts need no dictionary of their own), in one pass: a value that holds braces (a skill
    /// named `{count}`) is never read as a placeholder. An unknown `{word}` stays as written.
    public static func fill(_ text: String, _ values: [String: String], count: String? = nil) -> String {
        guard !values.isEmpty || count != nil else { return text }
        // Braces are ASCII, and in UTF-8 no byte of another character equals an ASCII one: the
        // text is read as bytes and copied in runs between placeholders.
        let bytes = text.utf8.span
        func next(_ byte: UInt8, from start: Int) -> Int? {
            var i = start
            while i < bytes.count {
                if bytes[i] == byte { return i }
                i += 1
            }
            return nil
        }
        guard var open = next(UInt8(ascii: "{"), from: 0) else { return text }
        func value(_ name: Range<Int>) -> String? {
            if let count, name.count == 5, text.utf8Text(name) == "count" { return count }
            return values.isEmpty ? nil : values[text.utf8Text(name)]
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var copied = 0
        while true {
            let nameStart = open + 1
            if let close = next(UInt8(ascii: "}"), from: nameStart), let filled = value(nameStart..<close) {
                out.append(utf8Of: text, copied..<open)
                out.append(contentsOf: filled.utf8)
                copied = close + 1
            }
            // An unknown `{word}` stays as written: it is copied with the next run.
            guard let following = next(UInt8(ascii: "{"), from: max(copied, nameStart)) else { break }
            open = following
        }
        out.append(utf8Of: text, copied..<bytes.count)
        return String(decoding: out, as: UTF8.self)
    }

    /// The placeholders a text uses (`{count}`, `{name}`), for checking translations.
    public static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }) { names.insert(String(name)) }
            rest = after[after.index(after: close)...]
        }
        return names
    }
}
