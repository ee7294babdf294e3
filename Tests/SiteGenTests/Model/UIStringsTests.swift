import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// The theme's strings files: complete in every shipped language, read with English filling
/// what a language lacks, and filled in without reading a value as a placeholder.
@Suite struct UIStringsTests {
    static func shipped(_ language: String) throws -> [String: UIStringsReader.Located] {
        let url = TestSupport.repoRoot.appendingPathComponent("Templates/i18n/\(language).yml")
        var log = DiagnosticLog()
        let entries = UIStringsReader.read(try TestSupport.read(url), path: url.path, &log)
        #expect(log.items.isEmpty, "\(log.items)")
        return entries
    }

    @Test func germanHasEveryEnglishKeyAndNoOther() throws {
        let english = try Self.shipped("en")
        let german = try Self.shipped("de")
        #expect(english.count > 90)
        #expect(Set(german.keys).subtracting(english.keys).sorted() == [], "keys English does not have")
        #expect(Set(english.keys).subtracting(german.keys).sorted() == [], "keys German lacks")
        for (key, text) in english {
            guard let translated = german[key]?.string else { continue }
            // A translation fills in the same parts: a missing `{count}` would drop the number.
            #expect(translated.placeholders == text.string.placeholders, "\(key)")
            if case .plural(let forms) = text.string {
                guard case .plural(let germanForms) = translated else {
                    Issue.record("\(key) has plural forms in English only")
                    continue
                }
                #expect(Set(germanForms.keys) == Set(forms.keys), "\(key): German's categories are English's")
            }
        }
    }

    @Test func everyKeyThePagesUseIsInEnglish() throws {
        let english = try Self.shipped("en")
        // The keys Swift asks for, found in the sources as they ask (`text("key"`, `count("key"`); the
        // form's star labels pick theirs with `given ?`.
        let folder = TestSupport.repoRoot.appendingPathComponent("Sources")
        let files = try ["PageRendering", "CatalogueModel"].flatMap { target in
            try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent(target).path)
                .filter { $0.hasSuffix(".swift") }.map { target + "/" + $0 }
        }
        let asked = try NSRegularExpression(pattern: #"strings\.(?:text|count)\(\s*(?:given \? )?"([a-z_]+)""#)
        var keys: Set<String> = []
        for file in files where !file.hasSuffix("DefaultTheme.swift") {
            let text = try TestSupport.read(folder.appendingPathComponent(file))
            for match in asked.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { keys.insert(String(text[range])) }
            }
        }
        // And the templates' `{{t.key}}`.
        let templates = try NSRegularExpression(pattern: #"\{\{t\.([a-z_]+)\}\}"#)
        for (path, text) in DefaultTheme.files where path.hasSuffix(".mustache") {
            for match in templates.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { keys.insert(String(text[range])) }
            }
        }
        #expect(keys.count > 80)
        #expect(keys.subtracting(english.keys).sorted() == [])
        #expect(
            Set(english.keys).subtracting(keys).subtracting(["half_star", "stars_given", "half_star_given"]).sorted()
                == [], "unused keys")
    }

    /// The byte-level fill against the character-level one it replaced, over generated texts.
    @Test func fillingInReadsAsTheCharacterByCharacterFillDid() {
        func reference(_ text: String, _ values: [String: String], count: String?) -> String {
            guard !values.isEmpty || count != nil, text.contains("{") else { return text }
            func value(_ name: String) -> String? { (name == "count" ? count : nil) ?? values[name] }
            var out = ""
            var rest = text[...]
            while let open = rest.firstIndex(of: "{") {
                out += rest[..<open]
                let after = rest[rest.index(after: open)...]
                if let close = after.firstIndex(of: "}"), let value = value(String(after[..<close])) {
                    out += value
                    rest = after[after.index(after: close)...]
                } else {
                    out += "{"
                    rest = after
                }
            }
            return out + rest
        }
        var random = SplitMix64(seed: 7)
        let pieces = ["{", "}", "{name}", "{count}", "{x}", "name", "count", "a", " ", "ü", "👩‍👩‍👧", "{{", "}}", "{}"]
        let values = ["name": "Ann {count}", "x": "", "": "empty"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            let count = Bool.random(using: &random) ? "7" : nil
            #expect(UIStrings.fill(text, values, count: count) == reference(text, values, count: count), "\(text)")
        }
    }

    @Test func fillingInIsOnePassSoContentIsNeverAPlaceholder() {
        #expect(UIStrings.fill("Rate {name}", ["name": "{count} and {name}"]) == "Rate {count} and {name}")
        #expect(UIStrings.fill("{a}{b} {c}", ["a": "1", "b": "2"]) == "12 {c}")
        #expect(UIStrings.fill("{unclosed", ["unclosed": "x"]) == "{unclosed")
        let strings = UIStrings(
            language: "ru",
            entries: ["n": .plural([.one: "{count} оценка", .few: "{count} оценки", .other: "{count} оценок"])])
        #expect(strings.count("n", 1) == "1 оценка")
        #expect(strings.count("n", 3) == "3 оценки")
        #expect(strings.count("n", 5) == "5 оценок", "`many` is not given: `other`")
        #expect(strings.count("n", 1234) == "1\u{A0}234 оценки")
    }

    func strings(_ language: String, _ files: [(String, String)]) -> (UIStrings, [Diagnostic]) {
        var log = DiagnosticLog()
        let strings = UIStringsReader.strings(
            language: language,
            files: files.map { UIStringsReader.File(language: $0.0, text: $0.1, path: "Templates/i18n/\($0.0).yml") },
            &log)
        return (strings, log.items)
    }

    @Test func aKeyMissingInTheLanguageIsEnglishWithAWarningNamingFileAndKey() {
        let (strings, diagnostics) = strings(
            "de", [("en", "home: Home\nnewest: Newest\n"), ("de", "home: Startseite\n")])
        #expect(strings.text("home") == "Startseite")
        #expect(strings.text("newest") == "Newest")
        #expect(strings.numbers.decimal("4.5") == "4,5", "German numbers all the same")
        #expect(
            diagnostics.map(\.description) == [
                "Templates/i18n/de.yml: warning: `newest` is missing: pages show the English text; add `newest:` to this file"
            ])
    }

    @Test func anUnknownLanguageIsEnglishWithOneWarning() {
        let (strings, diagnostics) = strings("tlh", [("en", "home: Home\nnewest: Newest\n")])
        #expect(strings.text("home") == "Home")
        #expect(strings.language == "en")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("`tlh`") == true)
    }

    @Test func aRegionFallsBackToItsLanguagesFile() {
        let (strings, diagnostics) = strings("de-AT", [("en", "home: Home\n"), ("de", "home: Startseite\n")])
        #expect(strings.text("home") == "Startseite")
        #expect(diagnostics.isEmpty)
    }

    @Test func aKeyEnglishLacksIsAnErrorAtTheKey() {
        let (_, diagnostics) = strings("de", [("en", "home: Home\n"), ("de", "home: Startseite\nhomme: Heim\n")])
        #expect(
            diagnostics.map(\.description) == [
                "Templates/i18n/de.yml:2:1: error: `homme` has no English text to fall back on: add it to `i18n/en.yml` too, or correct the key"
            ])
    }

    @Test func aTranslationThatDropsAPartIsAWarningAtTheKey() {
        let (strings, diagnostics) = strings(
            "de",
            [
                ("en", "ratings: {one: \"{count} rating\", other: \"{count} ratings\"}\n"),
                ("de", "ratings: Bewertungen\n"),
            ])
        #expect(strings.count("ratings", 3) == "Bewertungen")
        #expect(
            diagnostics.map(\.description) == [
                "Templates/i18n/de.yml:1:1: warning: `ratings` leaves out `{count}`, which the English text fills in; the page will not show it"
            ])
    }

    @Test func badValuesAreErrorsAtTheirPlace() {
        let (_, diagnostics) = strings(
            "en",
            [("en", "a: Fine\nb: {one: \"{count} x\"}\nc: {one: x, several: y, other: z}\nd: [1, 2]\ne:\n")])
        let described = diagnostics.map(\.description)
        #expect(described.count == 4, "\(described)")
        #expect(described.contains { $0.hasPrefix("Templates/i18n/en.yml:2:4: error: `b` needs an `other` form") })
        #expect(
            described.contains { $0.hasPrefix("Templates/i18n/en.yml:3:13: error: `c.several` is no plural category") },
            "\(described)")
        #expect(described.contains { $0.hasPrefix("Templates/i18n/en.yml:4:4: error: `d` must be text") })
        #expect(described.contains { $0.hasPrefix("Templates/i18n/en.yml:5:") && $0.contains("`e` has no text") })
    }
}
