import CatalogueModel
import MustacheCompiler

/// The rating distribution, 5 stars at the top down to 1, as SUSI's apps show it: a table whose
/// rows carry the label, an SVG bar on a visible track, and "count (percent%)". Being a real
/// table, it reads well in screen readers ("5 stars, 57%, 1,875"), without CSS and in print; the
/// bars are SVG shapes, so they print too. An unrated skill gets no chart (the template shows
/// the "not rated yet" state instead).
public struct BarChart: Sendable {
    public var style: ChartStyle

    public init(style: ChartStyle) { self.style = style }

    /// Bar height in pixels; the ends are rounded to half of it.
    static let barHeight = 10

    public struct Row: Sendable, Equatable {
        public var stars: Int
        public var count: Int
        public var percent: Int
        /// Bar length as a fraction of the track: the share of all votes.
        public var fraction: Double
    }

    /// Rows 5 → 1. Equal counts get equal bars; their percentages come from the largest
    /// remainder method, so they add up to 100 and may differ by one point between tied rows.
    public static func rows(_ summary: RatingSummary) -> [Row] {
        let percents = summary.percentagesFiveToOne
        return (1...5).reversed().enumerated().map { offset, stars in
            let count = summary.counts[stars]
            let fraction = summary.total > 0 ? Double(count) / Double(summary.total) : 0
            return Row(stars: stars, count: count, percent: percents[offset], fraction: fraction)
        }
    }

    /// The chart's values for `_chart.mustache`, which holds the markup. Bars are percent widths:
    /// they need no viewBox, so the rounded ends keep their shape at any width.
    /// - Parameter labels: `labels(strings)`, when the caller made them once for many charts.
    package func data(_ summary: RatingSummary, strings: UIStrings, labels: [String]? = nil) -> ChartData {
        let labels = labels ?? Self.labels(strings)
        return ChartData(
            height: Self.barHeight, radius: SVGNumber.format(Double(Self.barHeight) / 2),
            bars: Self.rows(summary).map { row in
                ChartData.Bar(
                    stars: row.stars, label: labels[row.stars - 1],
                    count: strings.numbers.integer(row.count), percent: row.percent,
                    fill: row.count > 0 ? SVGNumber.format(row.fraction * 100) : nil)
            },
            t: StringTable(strings: strings).value)
    }

    /// The chart as HTML, drawn by the theme's `_chart.mustache` in its language.
    public func html(_ summary: RatingSummary, theme: Theme) -> String {
        fragment(summary, engine: theme.engine, strings: theme.strings).text
    }

    /// The chart, drawn where the page prints it.
    package func fragment(
        _ summary: RatingSummary, engine: any TemplateEngine, strings: UIStrings, labels: [String]? = nil
    ) -> ThemePartial.Fragment {
        ThemePartial.Fragment(name: "_chart", data: data(summary, strings: strings, labels: labels), engine: engine)
    }

    /// The rows' labels in `strings`' language, 1 star first ("1 star" … "5 stars").
    package static func labels(_ strings: UIStrings) -> [String] { (1...5).map { strings.count("stars", $0) } }

    /// The configured bar colours as CSS custom properties, for the page's `<style>`: after the
    /// theme's stylesheet, so `site.yml` wins over the theme's defaults in both colour schemes.
    /// The colours were validated when the config was read.
    public var themeCSS: String {
        func variables(_ colors: [String]) -> String {
            colors.prefix(5).enumerated().map { "--bar-\(5 - $0.offset):\($0.element)" }.joined(separator: ";")
        }
        return
            ":root{\(variables(style.colors))}@media (prefers-color-scheme: dark){:root{\(variables(style.darkColors))}}"
    }
}
