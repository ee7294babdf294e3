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
}
