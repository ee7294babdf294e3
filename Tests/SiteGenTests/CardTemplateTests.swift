import Foundation
@testable import PageRendering
@testable import SiteAssembly
import Testing

/// Cards are rendered once and cut where their pages differ: the cut comes from comparing two
/// renderings, never from marker text, so no content and no template transform can fake or
/// hide a slot.
@Suite struct CardTemplateTests {
    @Test func slotsAreWhereTheRenderingsDifferAndContentDigitsAreNot() throws {
        let card = try #require(CardTemplate(ranked: true) { slot in
            "<a href=\"\(slot(.root))x/\">05 #\(slot(.rank))</a><h\(slot(.level))>\(slot(.starRow))\(slot(.largeStarRow))"
        })
        #expect(card.pieces == [.text("<a href=\""), .slot(.root), .text("x/\">05 #"), .slot(.rank), .text("</a><h"),
                                .slot(.level), .text(">"), .slot(.starRow), .slot(.largeStarRow)])
    }

    @Test func renderingsThatDoNotLineUpAreNotCut() {
        // A template that shows a slot's value only in one rendering.
        #expect(CardTemplate(ranked: false) { slot in slot(.root) == "0" ? "a" : "ab" } == nil)
        // A plain card never claims a rank.
        #expect(CardTemplate(ranked: false) { slot in "#\(slot(.rank))" } == nil)
        // A missing template.
        #expect(CardTemplate(ranked: false) { _ in nil } == nil)
    }

    /// With control-character markers, `lowercased` turned the root's marker into text the cache
    /// no longer recognised, and it stood in the page.
    @Test func aCardTemplateThatTransformsItsSlotsStillGetsTheirValues() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let theme = folder.appendingPathComponent("Templates")
        try FixtureSite.write(["card.mustache": "<li><a href=\"{{lowercased(root)}}{{url}}\">{{name}}</a> #{{uppercased(rank)}} h{{cardLevel}}</li>\n"],
                              under: theme)
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: FixtureSite.fixture("valid"), output: output, templates: theme))
        let top = try String(contentsOf: output.appendingPathComponent("top-rated/index.html"), encoding: .utf8)
        #expect(top.contains("<li><a href=\"../skills/"))
        #expect(top.contains("#1 h2</li>"))
        #expect(!top.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
