/// A skill's language as an HTML `lang` value, so screen readers speak a German description with
/// German rules (WCAG 3.1.2) while the page around it stays in the site's language.
public enum LanguageTag {
    /// The `lang` value for text in `language` on a site in `siteLanguage`, or nil when the two
    /// agree (the page's own `lang` already says it) or `language` is no usable tag. SUSI's folders
    /// use codes such as `en-chi` that are no registered subtag: only the parts a checker accepts
    /// are kept (a 2–3 letter language, then a 4-letter script and a 2-letter or 3-digit region).
    public static func attribute(for language: String, onSiteIn siteLanguage: String) -> String? {
        guard let tag = wellFormed(language) else { return nil }
        return tag.lowercased() == (wellFormed(siteLanguage) ?? siteLanguage).lowercased() ? nil : tag
    }

    static func wellFormed(_ code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy(\.isASCIILetter) else {
            return nil
        }
        var tag = primary.lowercased()
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(\.isASCIILetter) {
            tag += "-" + script.prefix(1).uppercased() + script.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(\.isASCIILetter))
                || (region.count == 3 && region.allSatisfy(\.isASCIIDigit))
        {
            tag += "-" + region.uppercased()
        }
        return tag
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
