import CatalogueModel

/// Reads a theme's strings files (`i18n/en.yml`, `i18n/de.yml`, …) and picks the site's language,
/// English filling what it lacks. A file is a mapping of keys to texts, or to one text per plural
/// category (`{one: "{count} rating", other: "{count} ratings"}`).
public enum UIStringsReader {
    /// One strings file: the built-in theme's, or a site's own, which wins key by key.
    public struct File: Sendable {
        /// The file's name without `.yml`: `de`, `pt-BR`.
        public let language: String
        public let text: String
        /// As diagnostics name it.
        public let path: String

        public init(language: String, text: String, path: String) {
            self.language = language
            self.text = text
            self.path = path
        }
    }

    /// What every page is written in when the site's language has no strings of its own.
    public static let fallbackLanguage = "en"

    /// A text and where it was written, for diagnostics about it.
    struct Located {
        let string: UIString
        let line: Int?
        let column: Int?
    }

    /// The strings of `language`, from `files` in order (later files override earlier ones of
    /// the same language key by key). A key the language lacks is taken from English with a
    /// warning; a language with no file at all is English, with one warning. A key that English
    /// lacks has nothing to fall back on: an error at the key.
    public static func strings(language: String, files: [File], _ log: inout DiagnosticLog) -> UIStrings {
        var merged: [String: [String: Located]] = [:]
        var lastPath: [String: String] = [:]
        for file in files {
            let key = file.language.lowercased()
            merged[key, default: [:]].merge(read(file.text, path: file.path, &log)) { _, own in own }
            lastPath[key] = file.path
        }
        let english = merged[fallbackLanguage] ?? [:]
        let wanted = language.lowercased()
        // `de-AT` is read from `de.yml` when there is no `de-AT.yml`.
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        guard let code = [wanted, primary].first(where: { merged[$0] != nil }), let own = merged[code],
            let path = lastPath[code]
        else {
            log.warning(
                "i18n/\(language).yml",
                "the theme has no strings for the site's language `\(language)` (no `i18n/\(language).yml`): pages show English; add the file to your templates folder (see docs/languages.md)"
            )
            return UIStrings(language: fallbackLanguage, entries: english.mapValues(\.string))
        }
        var entries = own.mapValues(\.string)
        if code != fallbackLanguage {
            for key in english.keys.sorted() where own[key] == nil {
                log.warning(path, "`\(key)` is missing: pages show the English text; add `\(key):` to this file")
                entries[key] = english[key]?.string
            }
            for (key, located) in own.sorted(by: { $0.key < $1.key }) {
                guard let fallback = english[key] else {
                    log.error(
                        path, line: located.line, column: located.column,
                        "`\(key)` has no English text to fall back on: add it to `i18n/en.yml` too, or correct the key")
                    continue
                }
                // A part the translation leaves out is a number or a name the page never shows.
                let missing = fallback.string.placeholders.subtracting(located.string.placeholders)
                if !missing.isEmpty {
                    log.warning(
                        path, line: located.line, column: located.column,
                        "`\(key)` leaves out \(missing.sorted().map { "`{\($0)}`" }.joined(separator: ", ")), which the English text fills in; the page will not show it"
                    )
                }
            }
        }
        return UIStrings(language: language, entries: entries)
    }

    /// One file's texts by key. Anything but text or plural forms is an error at the value.
    static func read(_ text: String, path: String, _ log: inout DiagnosticLog) -> [String: Located] {
        if let control = ControlCharacters.first(in: text) {
            log.append(ControlCharacters.error(control, path: path))
            return [:]
        }
        guard let map = YAMLDocument.mapping(text, path: path, lineOffset: 0, &log) else { return [:] }
        var entries: [String: Located] = [:]
        for pair in map.pairs {
            guard let key = pair.key.string else {
                map.error(&log, at: pair.key, "a key must be text")
                continue
            }
            let (line, column) = map.position(of: pair.key)
            if let string = uiString(pair.value, key: key, in: map, &log) {
                entries[key] = Located(string: string, line: line, column: column)
            }
        }
        return entries
    }

    private static func uiString(_ node: YAMLNode, key: String, in map: YAMLMapping, _ log: inout DiagnosticLog)
        -> UIString?
    {
        if YAMLMapping.isNull(node) {
            map.error(&log, at: node, "`\(key)` has no text; write one, or leave the key out to show the English text")
            return nil
        }
        switch node.kind {
        case .scalar(let text, _, _):
            return .text(text)
        case .mapping(let pairs):
            var forms: [PluralCategory: String] = [:]
            for pair in pairs {
                let name = pair.key.string ?? ""
                guard let category = PluralCategory(rawValue: name) else {
                    let known = PluralCategory.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                    map.error(&log, at: pair.key, "`\(key).\(name)` is no plural category; use \(known)")
                    continue
                }
                guard let text = pair.value.string else {
                    map.error(&log, at: pair.value, "`\(key).\(name)` must be text")
                    continue
                }
                forms[category] = text
            }
            guard forms[.other] != nil else {
                map.error(&log, at: node, "`\(key)` needs an `other` form: it is used for every count without its own")
                return nil
            }
            return .plural(forms)
        default:
            map.error(
                &log, at: node,
                "`\(key)` must be text, or plural forms like `{one: \"{count} rating\", other: \"{count} ratings\"}`")
            return nil
        }
    }
}
