import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The header and footer are rendered once per root and navigation state and reused: a reused
/// fragment must be exactly what the page would have rendered itself.
@Suite struct PageFramesTests {
    static func build(templates: [String: String]) throws -> [String: String] {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        for (path, text) in templates { site.template(path, text) }
        try site.build(site.options(templates: site.templates, buildDate: BuildDate(day: "2024-03-01")))
        return site.built.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func eachPageGetsTheFrameOfItsOwnPlace() throws {
        let pages = try Self.build(templates: [
            "header.mustache":
                "<header>[{{root}}|{{#nav.home}}home={{nav.home}}{{/nav.home}}{{#nav.groups}}groups={{nav.groups}}{{/nav.groups}}{{#nav.topRated}}top={{nav.topRated}}{{/nav.topRated}}]</header>\n",
            "footer.mustache":
                "<footer>[{{#navGroups}}{{#current}}*{{/current}}{{name}};{{/navGroups}}|{{buildDate}}|{{skillCount}}]</footer>\n",
        ])
        let index = try #require(pages["index.html"])
        #expect(index.contains("<header>[|home=page]</header>\n<main"))
        #expect(index.contains("</main>\n<footer>[News;Weather;|2024-03-01|5]</footer>\n</body>"))
        let skill = try #require(pages["skills/news/headline-finder/index.html"])
        #expect(skill.contains("<header>[../../../|groups=true]</header>"))
        let group = try #require(pages["groups/news/index.html"])
        #expect(group.contains("<header>[../../|groups=true]</header>"))
        #expect(group.contains("<footer>[*News;Weather;|2024-03-01|5]</footer>"))
        let weather = try #require(pages["groups/weather/index.html"])
        #expect(weather.contains("<footer>[News;*Weather;|2024-03-01|5]</footer>"))
        let top = try #require(pages["top-rated/index.html"])
        #expect(top.contains("<header>[../|top=page]</header>"))
    }

    /// A value that differs from page to page is not part of the frame's key, so the header and
    /// footer do not see it: one page's title never shows on another.
    @Test func pageValuesAreNotShownInTheFrame() throws {
        let pages = try Self.build(templates: [
            "header.mustache": "<header>[{{pageTitle}}{{name}}{{canonical}}]</header>\n"
        ])
        #expect(pages.count > 10)
        for (path, page) in pages {
            #expect(page.contains("<header>[]</header>"), "\(path)")
        }
    }
}
