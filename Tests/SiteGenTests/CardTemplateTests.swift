import Foundation
import Testing
@testable import SiteGen

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

    /// Transforms (`lowercased(root)`) could hide a slot from swift-mustache's renderings; the
    /// compiled templates refuse them where they are written, so no card is cut wrongly.
    @Test func aCardTemplateWithATransformIsRefusedWhereItIsWritten() throws {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        site.template("card.mustache", "<li><a href=\"{{lowercased(root)}}{{url}}\">{{name}}</a> h{{cardLevel}}</li>\n")
        #expect(FixtureSite.failure(site.options(templates: site.templates)) == [
            "Templates/card.mustache:1:14: error: template error: `lowercased(root)`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead",
        ])
    }
}
