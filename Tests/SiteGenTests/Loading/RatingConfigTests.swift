import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// `stars:` and `chart:` in site.yml: every option read, every bad value reported.
@Suite struct RatingConfigTests {
    func read(_ yaml: String) -> (SiteConfig, [Diagnostic]) { TestSupport.readConfig(yaml) }

    @Test func defaultsWithoutTheKeys() throws {
        let (config, diagnostics) = read("title: T\n")
        #expect(diagnostics.isEmpty)
        #expect(config.stars == StarRowStyle())
        #expect(config.stars.count == 5 && config.stars.granularity == 0.5 && config.stars.symbol == .star)
        #expect(config.chart.colors == ChartStyle.defaultColors)
        #expect(config.chart.darkColors == ChartStyle.defaultDarkColors)
    }

    @Test func readsEveryStarOption() throws {
        let (config, diagnostics) = read(
            """
            stars:
              count: 10
              granularity: 0.25
              size: 20
              spacing: 0
              symbol: custom
              path: "M9 0L0 14h6l-2 10 10-15H8l3-9Z"
              view_box: "0 0 14 24"
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config.stars.count == 10)
        #expect(config.stars.granularity == 0.25)
        #expect(config.stars.size == 20)
        #expect(config.stars.spacing == 0)
        #expect(
            config.stars.symbol
                == .custom(path: "M9 0L0 14h6l-2 10 10-15H8l3-9Z", viewBox: ViewBox(width: 14, height: 24)))
    }

    @Test(arguments: ["circle", "heart", "star"])
    func readsBuiltInSymbols(name: String) throws {
        let (config, diagnostics) = read("stars:\n  symbol: \(name)\n  granularity: 0\n")
        #expect(diagnostics.isEmpty)
        #expect(config.stars.granularity == 0)
        let expected: RatingSymbol = name == "circle" ? .circle : name == "heart" ? .heart : .star
        #expect(config.stars.symbol == expected)
    }

    @Test(arguments: [
        ("count: 0", "stars.count"), ("count: 101", "stars.count"), ("count: 2.5", "stars.count"),
        ("granularity: -0.5", "stars.granularity"), ("granularity: 1.5", "stars.granularity"),
        ("size: 0", "stars.size"), ("spacing: -1", "stars.spacing"),
        ("symbol: hexagon", "stars.symbol"),
        ("symbol: custom", "symbol: custom"),
        ("symbol: custom\n  path: \"M0 0<script>\"\n  view_box: \"0 0 1 1\"", "symbol: custom"),
        ("symbol: custom\n  path: \"M0 0h1v1Z\"\n  view_box: \"0 0 0 1\"", "symbol: custom"),
    ])
    func reportsBadStarValues(line: String, mentioning: String) throws {
        let (config, diagnostics) = read("stars:\n  \(line)\n")
        #expect(diagnostics.count == 1 && diagnostics.first?.severity == .error, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains(mentioning) == true, "\(diagnostics)")
        #expect(diagnostics.first?.path == "Content/site.yml")
        #expect(config.stars == StarRowStyle(), "a bad value keeps the default")
    }

    @Test func readsChartColoursForBothSchemes() throws {
        let (config, diagnostics) = read(
            """
            chart:
              colors: ["#004d40", "#00695c", "#00796b", "#00897b", "#009688"]
              dark_colors: [lightgreen, "#aed581", "#fff176", "#ffb74d", "#e57373"]
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config.chart.colors == ["#004d40", "#00695c", "#00796b", "#00897b", "#009688"])
        #expect(config.chart.darkColors.first == "lightgreen")
        let css = BarChart(style: config.chart).themeCSS
        #expect(
            css == ":root{--bar-5:#004d40;--bar-4:#00695c;--bar-3:#00796b;--bar-2:#00897b;--bar-1:#009688}"
                + "@media (prefers-color-scheme: dark){:root{--bar-5:lightgreen;--bar-4:#aed581;--bar-3:#fff176;--bar-2:#ffb74d;--bar-1:#e57373}}"
        )
    }

    @Test(arguments: [
        "colors: [\"#fff\"]",
        "colors: [\"#fff\", \"#fff\", \"#fff\", \"#fff\", \"red;}body{\"]",
        "dark_colors: [\"#ggg\", \"#fff\", \"#fff\", \"#fff\", \"#fff\"]",
    ])
    func reportsBadChartColours(line: String) throws {
        let (config, diagnostics) = read("chart:\n  \(line)\n")
        #expect(diagnostics.count == 1 && diagnostics.first?.severity == .error, "\(diagnostics)")
        #expect(config.chart == ChartStyle())
    }

    @Test func warnsAboutUnknownKeys() throws {
        let (_, diagnostics) = read("stars:\n  colour: red\nchart:\n  colours: []\n")
        #expect(diagnostics.count == 2 && diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
    }
}
