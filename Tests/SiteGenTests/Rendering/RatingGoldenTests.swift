import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Star rows and charts against golden files (`Tests/SiteGenTests/Golden/`), byte for byte.
/// After an intended change: `UPDATE_GOLDEN=1 swift test`, then review `git diff`.
@Suite struct RatingGoldenTests {
    struct StarCase: Sendable, CustomTestStringConvertible {
        var file: String
        var value: Double
        var count = 5
        var granularity = 0.5
        var size = 16.0
        var spacing = 2.0
        var symbol = RatingSymbol.star
        var testDescription: String { file }

        var row: StarRow {
            StarRow.with(count: count, granularity: granularity, size: size, spacing: spacing, symbol: symbol)
        }
    }

    static let starCases: [StarCase] = [
        StarCase(file: "stars-star-4.3-half.svg", value: 4.3),
        StarCase(file: "stars-circle-2.25-quarter.svg", value: 2.25, granularity: 0.25, symbol: .circle),
        StarCase(file: "stars-heart-3.14-continuous.svg", value: 3.14, granularity: 0, symbol: .heart),
        StarCase(
            file: "stars-custom-bolt-2.6-continuous.svg", value: 2.6, granularity: 0, size: 24, spacing: 4,
            symbol: .bolt),
        StarCase(file: "stars-count-1.svg", value: 0.6, count: 1),
        StarCase(file: "stars-count-10-spacing-0.svg", value: 7.3, count: 10, spacing: 0),
    ]

    @Test(arguments: starCases)
    func starRowMatchesGolden(_ testCase: StarCase) throws {
        let svg = testCase.row.svg(value: testCase.value)
        #expect(RatingXML.parse(svg).error == nil, "\(testCase.file) is not well-formed XML")
        try RatingGoldenFile.check(svg + "\n", golden: testCase.file)
    }

    struct ChartCase: Sendable, CustomTestStringConvertible {
        var file: String
        var counts: StarCounts
        var testDescription: String { file }
    }

    static let chartCases: [ChartCase] = [
        ChartCase(file: "chart-one-rating.html", counts: StarCounts(four: 1)),
        ChartCase(file: "chart-all-five-stars.html", counts: StarCounts(five: 40)),
        ChartCase(
            file: "chart-millions.html",
            counts: StarCounts(one: 123_456, two: 98_765, three: 345_678, four: 1_234_567, five: 3_456_789)),
        // 25 % three times and 12.5 % twice: the leftover point goes to the higher level.
        ChartCase(file: "chart-ties.html", counts: StarCounts(one: 1, two: 1, three: 2, four: 2, five: 2)),
        ChartCase(
            file: "chart-typical.html", counts: StarCounts(one: 61, two: 48, three: 198, four: 1_106, five: 1_875)),
    ]

    /// The labels a renderer makes once for all its charts are the ones each chart would make,
    /// in every built-in language (plural rules differ: "1 Stern", "2 Sterne").
    @Test(arguments: ["en", "de"])
    func labelsMadeOnceAreEachChartsOwn(language: String) {
        let strings = BuiltInTheme.load(language).strings
        let chart = BarChart(style: ChartStyle())
        for testCase in Self.chartCases {
            let summary = RatingSummary(counts: testCase.counts)
            #expect(
                chart.data(summary, strings: strings, labels: BarChart.labels(strings)).bars.map(\.label)
                    == chart.data(summary, strings: strings).bars.map(\.label))
        }
        #expect(BarChart.labels(strings).count == 5)
    }

    @Test(arguments: chartCases)
    func chartMatchesGolden(_ testCase: ChartCase) throws {
        let html = BarChart(style: ChartStyle()).html(
            RatingSummary(counts: testCase.counts), theme: BuiltInTheme.english)
        let parsed = RatingXML.parse(html)
        #expect(parsed.error == nil, "\(testCase.file) is not well-formed XML: \(parsed.error ?? "")")
        #expect(parsed.elements.filter { $0 == "svg" }.count == 5)
        try RatingGoldenFile.check(html + "\n", golden: testCase.file)
    }
}
