import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Cards are rendered once per kind and cut where their slots print: the engine says where, so
/// content cannot fake a slot, and each slot keeps the escaping its tag asks for.
@Suite struct CardCacheTests {
    /// The cards cut by comparing two renderings put a star row in raw, even where the template
    /// asked for it escaped.
    @Test func aSlotIsEscapedWhereTheTemplateEscapesIt() throws {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        site.template(
            "card.mustache", "<li>{{starRow}}|{{{starRowLarge}}}|{{root}}{{url}}|h{{cardLevel}}#{{rank}}</li>\n")
        try site.build(site.options(templates: site.templates))
        let top = try site.read("top-rated/index.html")
        #expect(top.contains("<li>&lt;svg class=&quot;stars&quot;"))
        #expect(top.contains("|<svg class=\"stars stars-large\""))
        #expect(top.contains("|../skills/news/headline-finder/|h2#1</li>"))
    }

    /// Transforms (`lowercased(root)`) are refused where they are written.
    @Test func aCardTemplateWithATransformIsRefusedWhereItIsWritten() throws {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        site.template("card.mustache", "<li><a href=\"{{lowercased(root)}}{{url}}\">{{name}}</a> h{{cardLevel}}</li>\n")
        #expect(
            FixtureSite.failure(site.options(templates: site.templates)) == [
                "Templates/card.mustache:1:14: error: template error: `lowercased(root)`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead"
            ])
    }

    /// A kept build's cards cut dated cards too (`cutsDated`): filled in, each is the card a
    /// single build renders for its Newest page, at every depth; plain and ranked cards are the
    /// same either way, and cards kept from a cache that cut fewer kinds are cut again.
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func datedCardsCutAreTheCardsRendered(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let renderer = KeptPlanTests.renderer(&random)
        let engine = KeptPlanTests.theme.engine
        let single = CardCache(renderer: renderer, engine: engine)
        let kept = CardCache(renderer: renderer, engine: engine, cutsDated: true)
        let keptAgain = CardCache(renderer: renderer, engine: engine, reusing: single, cutsDated: true)
        #expect(renderer.catalogue.entries.contains { $0.skill.created != nil }, "seed \(seed): some skills are dated")
        for entry in renderer.catalogue.entries {
            for (root, level) in [("", 2), ("../../", 3)] {
                for kind in CardCache.Kind.allCases {
                    let expected = single.card(entry, kind: kind, root: root, level: level, rank: 7).html
                    #expect(kept.card(entry, kind: kind, root: root, level: level, rank: 7).html == expected)
                    #expect(keptAgain.card(entry, kind: kind, root: root, level: level, rank: 7).html == expected)
                }
                if let created = entry.skill.created {
                    #expect(
                        kept.card(entry, kind: .dated, root: root, level: level).html.contains(HTML.escape(created)),
                        "seed \(seed): the dated card shows its date")
                }
            }
        }
    }

    /// A card's context prints (`{{.}}` in `{{#skills}}`, `{{skills}}`) as it did when it was a
    /// structure holding its HTML.
    @Test func aCardsContextPrintsAsBefore() {
        let card = PlacedCard(rendered: "<a href=\"x/\">\"Ann\"\n</a>")
        #expect(String(describing: card) == #"PlacedCard(html: "<a href=\"x/\">\"Ann\"\n</a>")"#)
        #expect(String(describing: [card]) == #"[PageRendering.PlacedCard(html: "<a href=\"x/\">\"Ann\"\n</a>")]"#)
    }
}
