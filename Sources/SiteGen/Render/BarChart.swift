/// The rating distribution, 5 stars at the top down to 1, as SUSI's apps show it: a table whose
/// rows carry the label, an SVG bar on a visible track, and "count (percent%)". Being a real
/// table, it reads well in screen readers, without CSS and in print; the bars are SVG shapes so
/// they print too.
public struct BarChart: Sendable {
    public var colors: [String]

    public init(colors: [String]) { self.colors = colors }

    public struct Row: Sendable, Equatable {
        public var stars: Int
        public var count: Int
        public var percent: Int
        /// Bar length as a fraction of the track: the share of all votes.
        public var fraction: Double
    }

    public static func rows(_ summary: RatingSummary) -> [Row] {
        let percents = summary.percentagesFiveToOne
        return (1...5).reversed().enumerated().map { offset, stars in
            let count = summary.counts[stars]
            let fraction = summary.total > 0 ? Double(count) / Double(summary.total) : 0
            return Row(stars: stars, count: count, percent: percents[offset], fraction: fraction)
        }
    }

    public func html(_ summary: RatingSummary) -> String {
        var out = "<table class=\"rating-chart\"><caption class=\"visually-hidden\">Rating distribution</caption>"
        out += "<thead class=\"visually-hidden\"><tr><th scope=\"col\">Stars</th><th scope=\"col\">Share</th><th scope=\"col\">Ratings</th></tr></thead><tbody>"
        for row in Self.rows(summary) {
            let width = SVGNumber.format(row.fraction * 100)
            let label = row.stars == 1 ? "1 star" : "\(row.stars) stars"
            out += "<tr class=\"bar-\(row.stars)\">"
            out += "<th scope=\"row\"><span aria-hidden=\"true\">\(row.stars) ★</span><span class=\"visually-hidden\">\(label)</span></th>"
            out += "<td class=\"bar-cell\"><svg class=\"bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\">"
            out += "<rect class=\"bar-track\" width=\"100\" height=\"10\" rx=\"2\"/>"
            if row.count > 0 { out += "<rect class=\"bar-fill\" width=\"\(width)\" height=\"10\" rx=\"2\"/>" }
            out += "</svg></td>"
            out += "<td class=\"bar-count\">\(row.count.grouped) (\(row.percent)%)</td></tr>"
        }
        return out + "</tbody></table>"
    }

    /// CSS custom properties for the configured colours (validated when the config was read).
    public var cssVariables: String {
        colors.enumerated().map { "--bar-\(5 - $0.offset):\($0.element)" }.joined(separator: ";")
    }
}
