import CatalogueModel
import Foundation
import Testing

@testable import PageRendering

/// `Markdown.summary` parses only the part of a description up to its first blank line where that
/// gives the same text; it must agree with parsing everything on every input.
@Suite struct SummaryPrefixTests {
    /// The full parse's summary: `render` with HTML parses the whole source.
    static func fullSummary(_ source: String) -> String { Markdown.render(source).summary }

    static let fragments = [
        "Plain text line.", "Second line of the same paragraph.", "", "   ", "\t", "# Heading", "Setext", "===", "---",
        "***",
        "- item one", "  continued in the item", "1. numbered", "> quote", ">", "```", "~~~", "    indented code",
        "<div>", "</div>", "<!-- comment", "-->", "<script>", "</script>", "<pre>", "</pre>", "[foo]",
        "[foo]: https://example.org/foo",
        "[bar]: javascript:alert(1)", "see [bar] here", "[foo][]", "[Foo\nbar]: /x", "[baz]:",
        "  https://example.org/baz",
        "<javascript:alert(1)>", "[x](javascript:y)", "[ok](https://example.org)", "*emph* and **strong** `code`",
        "\"quoted\" -- dashes...", "&amp; &copy; &#65;", "trailing spaces  ", "lone\rreturn", "text\u{0}after",
        "Ünïcödé \u{202E}bidi\u{202C} text", "![img](https://example.org/a.png)", "![bad](data:x)", "<b>inline</b>",
        "\\[escaped]: no",
        "Term\n: definition",
    ]
    static let separators = ["\n", "\n\n", "\r\n", "\r\n\r\n", "\n \n", "\n\t\n", "\r", "\n\n\n"]

    @Test func generatedDocumentsGiveTheFullParsesSummary() {
        var random = SplitMix64(seed: 2026)
        var shortened = 0
        for _ in 0..<6_000 {
            var source = ""
            for index in 0..<Int.random(in: 1...12, using: &random) {
                if index > 0 { source += Self.separators.randomElement(using: &random) ?? "\n" }
                source += Self.fragments.randomElement(using: &random) ?? ""
            }
            if Bool.random(using: &random) { source += "\n" }
            if SummaryPrefix.cut(source) != nil { shortened += 1 }
            #expect(Markdown.summary(source) == Self.fullSummary(source), "\(source.debugDescription)")
        }
        // The shortcut must actually be taken, or this test would prove nothing.
        #expect(shortened > 1_000)
    }

    /// The fixtures' and sample content's skills, whole files (front matter is Markdown text too).
    @Test func fixturesGiveTheFullParsesSummary() throws {
        var files = 0
        for folder in ["Tests/Fixtures", "Content"] {
            guard
                let walker = FileManager.default.enumerator(
                    at: TestSupport.repoRoot.appendingPathComponent(folder),
                    includingPropertiesForKeys: nil)
            else { continue }
            for case let url as URL in walker where ["md", "txt"].contains(url.pathExtension) {
                let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                files += 1
                #expect(Markdown.summary(text) == Self.fullSummary(text), "\(url.path)")
                let body = text.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n")
                #expect(Markdown.summary(body) == Self.fullSummary(body), "\(url.path)")
            }
        }
        #expect(files > 20)
    }

    @Test func thePrefixEndsAtTheFirstBlankLineAfterText() {
        #expect(SummaryPrefix.cut("\n\nFirst\nstill first\n\nSecond\n\nThird") == "\n\nFirst\nstill first\n\n")
        #expect(SummaryPrefix.cut("First\r\n \t\r\nSecond") == "First\r\n \t\r\n")
        #expect(SummaryPrefix.cut("First\n\nSecond [a]\n\n[a]: https://example.org") == nil)
        #expect(SummaryPrefix.cut("One paragraph only\n") == nil)
        #expect(SummaryPrefix.cut("Lone\r\rreturns are not cut") == nil)
    }

    /// `hasDefinition` looks for `]` with `memchr`; it must find `]:` exactly where a byte-by-byte
    /// reading does, at the ends too, in text with other brackets and multi-byte characters.
    @Test func aDefinitionIsFoundWhereReadingByteByByteFindsIt() {
        func byByte(_ bytes: Substring.UTF8View) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x3A && previous == 0x5D { return true }
                previous = byte
            }
            return false
        }
        let pieces = ["]", ":", "]:", "] :", "[", "a", "é", "🙂", "\n", " ", "]]", "::"]
        var random = SplitMix64(seed: 14)
        var found = 0
        for _ in 0..<5_000 {
            let text = pieces.randomlyJoined(upTo: 10, using: &random)
            // From every starting point, as `cut` passes the rest after a blank line.
            for start in text.indices {
                let rest = text[start...].utf8
                let expected = byByte(rest)
                if expected { found += 1 }
                #expect(SummaryPrefix.hasDefinition(rest) == expected, "\(text[start...].debugDescription)")
            }
        }
        #expect(found > 1_000)
    }
}
