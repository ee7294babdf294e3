import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The star row, the rating chart and the rating form are theme partials fed by values computed
/// in Swift: a site restyles them with its own `_stars`, `_chart` and `_form` templates.
@Suite struct ThemePartialTests {
    @Test func aSiteRestylesTheStarRowTheChartAndTheForm() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        let siteYML = content.appendingPathComponent("site.yml")
        let config = try String(contentsOf: siteYML, encoding: .utf8)
        try Data((config + "rating_form:\n  endpoint: /api/ratings\n").utf8).write(to: siteYML)
        let theme = folder.appendingPathComponent("Templates")
        try FixtureSite.write(
            [
                "_stars.mustache":
                    "<i class=\"{{cssClass}}\" data-fill=\"{{fillWidth}}\" data-of=\"{{width}}\">{{#filled}}*{{/filled}}</i>\n",
                "_chart.mustache":
                    "<ol class=\"my-chart\">{{#bars}}<li>{{stars}}:{{count}}:{{percent}}{{#fill}}:{{fill}}{{/fill}}</li>{{/bars}}</ol>\n",
                "_form.mustache":
                    "{{#form}}<form class=\"my-form\" action=\"{{action}}\">{{#choices}}[{{value}}]{{/choices}}</form>{{/form}}\n",
            ], under: theme)
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output, templates: theme))
        let page = try String(
            contentsOf: output.appendingPathComponent("skills/news/headline-finder/index.html"), encoding: .utf8)
        // 79 votes averaging 4.24: four whole symbols filled at half-star granularity.
        #expect(page.contains("<i class=\"stars stars-large\" data-fill=\"105\" data-of=\"132\">****</i>"))
        #expect(
            page.contains("<ol class=\"my-chart\"><li>5:41:52:51.9</li><li>4:24:30:30.38</li><li>3:9:11:11.39</li>"))
        #expect(page.contains("<form class=\"my-form\" action=\"../../../api/ratings\">[1][2][3][4][5]</form>"))
        #expect(!page.contains("rating-chart"))
        let group = try String(contentsOf: output.appendingPathComponent("groups/news/index.html"), encoding: .utf8)
        #expect(group.contains("<i class=\"stars\" data-fill=\"70\" data-of=\"88\">****</i>"))
    }

    /// Without a site's own partials, the built-in ones draw exactly what the Swift code did.
    @Test func theBuiltInPartialsDrawTheGoldenMarkup() throws {
        let row = StarRow(style: StarRowStyle())
        #expect(row.svg(value: 4.5).hasPrefix("<svg class=\"stars\" width=\"88\" height=\"16\" viewBox=\"0 0 88 16\""))
        #expect(!row.svg(value: 4.5).hasSuffix("\n"))
    }
}
