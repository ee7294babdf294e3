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

    public func html(_ summary: RatingSummary) -> String {
        let height = Self.barHeight, radius = SVGNumber.format(Double(Self.barHeight) / 2)
        var out = "<table class=\"rating-chart\"><caption class=\"visually-hidden\">Rating distribution</caption>"
        out += "<thead class=\"visually-hidden\"><tr><th scope=\"col\">Stars</th><th scope=\"col\">Share</th><th scope=\"col\">Ratings</th></tr></thead><tbody>"
        for row in Self.rows(summary) {
            let label = row.stars == 1 ? "1 star" : "\(row.stars) stars"
            out += "<tr class=\"bar-\(row.stars)\">"
            out += "<th scope=\"row\"><span aria-hidden=\"true\">\(row.stars) ★</span><span class=\"visually-hidden\">\(label)</span></th>"
            // Percent widths need no viewBox, so the rounded ends keep their shape at any width.
            out += "<td class=\"bar-cell\"><svg class=\"bar\" width=\"100%\" height=\"\(height)\" aria-hidden=\"true\" focusable=\"false\">"
            out += "<rect class=\"bar-track\" width=\"100%\" height=\"\(height)\" rx=\"\(radius)\"/>"
            if row.count > 0 {
                out += "<rect class=\"bar-fill\" width=\"\(SVGNumber.format(row.fraction * 100))%\" height=\"\(height)\" rx=\"\(radius)\"/>"
            }
            out += "</svg><span class=\"visually-hidden\">\(row.percent)%</span></td>"
            // The percentage was read out in the Share column already.
            out += "<td class=\"bar-count\">\(row.count.grouped)<span aria-hidden=\"true\"> (\(row.percent)%)</span></td></tr>"
        }
        return out + "</tbody></table>"
    }

    /// The configured bar colours as CSS custom properties, for the page's `<style>`: after the
    /// theme's stylesheet, so `site.yml` wins over the theme's defaults in both colour schemes.
    /// The colours were validated when the config was read.
    public var themeCSS: String {
        func variables(_ colors: [String]) -> String {
            colors.prefix(5).enumerated().map { "--bar-\(5 - $0.offset):\($0.element)" }.joined(separator: ";")
        }
        return ":root{\(variables(style.colors))}@media (prefers-color-scheme: dark){:root{\(variables(style.darkColors))}}"
    }
}
