import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Escaping works on Unicode scalars, the way a browser's HTML parser reads text.
@Suite struct HTMLEscapeTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
        ("\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"),
        ("\"\u{301} onmouseover=x", "&quot;\u{301} onmouseover=x"),
        ("'\u{20DD}<\u{338}>\u{301}&\u{301}", "&#39;\u{20DD}&lt;\u{338}&gt;\u{301}&amp;\u{301}"),
        ("日本語 \"🙂\"", "日本語 &quot;🙂&quot;"),
        ("", ""),
    ])
    func escapesEveryScalar(_ input: String, _ expected: String) {
        #expect(HTML.escape(input) == expected)
    }

    /// Appending the escaped bytes gives each byte's entity or the byte, and `escape` the same
    /// text, on text with every escaped character at the start, the end, side by side, among
    /// scalars of every UTF-8 length, and after long runs with none.
    @Test(arguments: 1...200 as ClosedRange<UInt64>)
    func appendingEscapesEachByte(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "<", ">", "&", "\"", "'", "a", " ", "é", "\u{301}", "日", "🙂", "\r\n", "&amp;", "plain text run ",
            "sixteen bytes!!!",
        ]
        let text = (0..<random.below(48)).map { _ in pieces[random.below(pieces.count)] }.joined()
        let entities: [UInt8: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;"]
        let expected = Array("kept".utf8) + text.utf8.flatMap { entities[$0].map { Array($0.utf8) } ?? [$0] }
        var output = Array("kept".utf8)
        HTML.escape(text, into: &output)
        // Bytes, not strings: `==` on strings takes `é` and `e` + U+0301 for the same text.
        #expect(output == expected, "seed \(seed)")
        #expect(Array(("kept" + HTML.escape(text)).utf8) == expected, "seed \(seed)")
    }

    /// Templates, including one that names the HTML content type itself, use the same escaping.
    @Test(arguments: ["{{name}}|{{{name}}}", "{{% CONTENT_TYPE: HTML }}{{name}}|{{{name}}}"])
    func templatesEscapeScalars(_ source: String) {
        var log = DiagnosticLog()
        let theme = Self.loadTheme(probe: source, &log)
        #expect(log.items.isEmpty)
        let name = "a\"\u{301} onmouseover=alert(1) x=\"\u{301}"
        let html = theme.engine.render(templateNamed: "probe", data: TemplateDictionary(["name": .text(name)]))
        #expect(html == "a&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}|\(name)")
    }

    /// The content-type pragma sitegen puts in front of every template does not move the
    /// positions reported for errors on the first line (column 9 is where `{{/y}}` starts, as on
    /// any other line).
    @Test func errorsOnTheFirstLineKeepTheirColumn() {
        var log = DiagnosticLog()
        _ = Self.loadTheme(probe: "ab{{#x}}{{/y}}", &log)
        #expect(
            log.items.map(\.description) == [
                "Templates/probe.mustache:1:9: error: template error: `{{/y}}` does not close the open section `x`: close that first with `{{/x}}`"
            ])
    }

    /// The built-in theme with a `Templates/probe.mustache` held in memory.
    static func loadTheme(probe: String, _ log: inout DiagnosticLog) -> Theme {
        let folder = URL(fileURLWithPath: "/memory/Templates")
        let source = ContentSource.memory([folder.appendingPathComponent("probe.mustache").path: Data(probe.utf8)])
        return Theme.load(directory: folder, display: "Templates", source: source, &log)
    }
}
