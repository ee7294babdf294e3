import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// The plain front-matter reader against its reference, Yams: whatever document the plain reader
/// accepts, it reads exactly as Yams does (text, plain or quoted, tags, lines and columns), so it
/// can change without fear. Everything else must be left to Yams.
@Suite struct PlainYAMLDifferentialTests {
    /// A front-matter document from a small grammar around the plain form's edges: keys (repeated,
    /// odd), plain and quoted values with escapes, quotes, `: `, ` #`, indicators, non-ASCII and
    /// invisible characters, lists at several indents, continued lines, comments, blank lines.
    static func document(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func text() -> String {
            let plain = [
                "News", "a", " ", "Quick Finder 7", "ü", "日本", "😀", "~", "null", "true", "yes", "12", "0x1F",
                "1:30", ".inf", "http://x.org/a?b=c", "\u{A0}", "a-b", "x.y",
            ]
            let edges = [
                ":", ": ", "#", " #", "-", "'", "\"", "\\", "\\n", "\u{85}", "\u{2028}", "\u{FEFF}", "\t",
                "&a", "*a", "!", "|", ">", "[x]", "{y}", ",", "%", "@", "`",
            ]
            return (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Int.random(in: 0..<5, using: &random) == 0 ? pick(edges) : pick(plain)
            }.joined()
        }
        func value() -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: return text()
            case 2, 3: return "\"" + text() + "\""
            case 4: return "'" + text() + "'"
            default: return pick(["\"a\" b", "'it''s'", "\"open", "a\\\"b\"", "", " ", "|", ">-", "[a, b]", "{a: 1}"])
            }
        }
        let keys = [
            "name", "group", "language", "author", "created", "examples", "tags", "dynamic_content", "x_1", "Name",
            "model", "image", "author_url", "terms_of_use", "protected", "a", "_b", "K9", "description", "on",
        ]
        var lines: [String] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<24, using: &random) {
            case 0...13:
                lines.append(pick(keys) + pick([": ", ":  ", ": ", ":"]) + value())
            case 14...20:
                lines.append(pick(keys) + ":")
                let indent = pick(["", "  ", "  ", "    ", " "])
                for _ in 0..<pick([0, 1, 1, 2, 2, 3]) {
                    lines.append(
                        pick([indent, indent, indent, indent, indent + " "]) + pick(["- ", "- ", "- ", "-  ", "-"])
                            + value())
                }
            case 21: lines.append(pick(["", "", " ", "# comment", "  more", "\t"]))
            case 22:
                lines.append(pick(["a b: c", "\"q\": 1", "a-b: c", "? x", "k: &x 1", "j: *x", "n:\n  m: 1", "--- "]))
            default: lines.append(pick(keys) + ": " + value() + pick(["", " ", " # c", "\t"]))
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func generatedDocumentsAreReadAsYamsReadsThem() {
        var random = SplitMix64(seed: 14)
        var accepted = 0
        var withLists = 0
        var differences: [String] = []
        for _ in 0..<20_000 {
            let yaml = Self.document(&random)
            if let pairs = PlainYAML.mapping(yaml) {
                accepted += 1
                if pairs.contains(where: { if case .sequence = $0.value.kind { true } else { false } }) {
                    withLists += 1
                }
            }
            if let difference = PlainYAMLAgreement.difference(yaml) { differences.append(difference) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(3))")
        // The grammar must reach the plain reader often, lists included, or the comparison says little.
        #expect(accepted > 1_000, "only \(accepted) of 20,000 documents were read without Yams")
        #expect(withLists > 200, "only \(withLists) accepted documents held a list")
    }

    /// Front matter as `Benchmarks/generate.py` and the SUSI import write it: every one is read
    /// without Yams (else the benchmark measures Yams) and as Yams reads it.
    @Test func generatedCatalogueFrontMatterTakesThePlainPath() {
        let documents = [
            "name: \"Smart Weather Finder 0\"\ngroup: \"Business and Finance\"\nlanguage: en\nauthor: \"Author 0\"\ncreated: 2019-03-07\nexamples:\n  - \"news weather\"\n  - \"score team match player\"",
            "name: \"Tiny Café Guide 12\"\ngroup: \"Games, Trivia and Accessories\"\nlanguage: de\nauthor: \"Author 12\"\ncreated: 2024-12-28\nexamples:\n  - \"日本 quiz\"",
            "name: Headline Finder\ngroup: News\nlanguage: en\nmodel: general\nauthor_url: https://example.org/a\ndynamic_content: true\nimage: images/headline.png\nexamples:\n- What is new?\n- Headlines today",
        ]
        for yaml in documents {
            #expect(PlainYAML.mapping(yaml) != nil, "\(yaml)")
            #expect(PlainYAMLAgreement.difference(yaml) == nil)
        }
    }

    /// The fixtures, the sample content and every input the fuzzers kept.
    @Test func fixturesAndFuzzInputsAreReadAsYamsReadsThem() throws {
        let root = TestSupport.repoRoot
        let folders = ["Tests/Fixtures", "Content", "Fuzz/Corpus/FuzzFrontMatter", "Fuzz/Corpus/FuzzPlainYAML"]
        var files = 0
        var accepted = 0
        for folder in folders {
            guard
                let walker = FileManager.default.enumerator(
                    at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            else { continue }
            for case let url as URL in walker where folder.hasPrefix("Fuzz") || url.pathExtension == "md" {
                guard let data = try? Data(contentsOf: url) else { continue }
                files += 1
                let text = String(decoding: data, as: UTF8.self)
                let yaml = (try? FrontMatter.split(text))?.yaml ?? text
                if PlainYAML.mapping(yaml) != nil { accepted += 1 }
                #expect(PlainYAMLAgreement.difference(yaml) == nil, "\(url.path)")
            }
        }
        #expect(files > 50)
        #expect(accepted > 20, "only \(accepted) of \(files) files were read without Yams")
    }

    @Test func anythingBeyondThePlainFormIsLeftToYams() {
        let beyond = [
            "name: a # comment", "# comment\nname: a", "name: &x a\ngroup: *x", "name: \"a\\tb\"", "name: 'it''s'",
            "meta:\n  a: 1", "name: a\n  continued", "name: a\nname: b", "name: a\t", "name: a ", "name:\tx",
            "name: |\n  text", "\"name\": a", "name: [a, b]", "examples:\n  - a\n    - b", "examples:\n  - a\n - b",
            "examples:", "name: a\n  - b", "name: \u{85}", "name: a: b", "name: a:", "", "\n\n", "- a\n- b",
        ]
        for yaml in beyond {
            #expect(PlainYAML.mapping(yaml) == nil, "\(yaml.debugDescription)")
        }
    }

    /// Mistakes found in plain front matter are reported where Yams would place them.
    @Test func diagnosticsFromThePlainPathKeepTheirPositions() {
        let text =
            "---\nname: Finder\ngroup: News\ncreated: \"yesterday\"\nexamples:\n  - a\n  - 12\nlanguag: en\n---\nBody.\n"
        var log = DiagnosticLog()
        _ = MarkdownSkillReader.read(text, id: "news/finder", displayPath: "skills/news/finder.md", &log)
        let found = log.items.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message.prefix(20))" }
        #expect(found == ["4:10 `created` must be a ", "8:1 unknown front-matter"], "\(found)")
    }
}
