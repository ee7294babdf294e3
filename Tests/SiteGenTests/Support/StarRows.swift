@testable import CatalogueModel
@testable import PageRendering

extension StarRow {
    /// A row with these style values and the defaults for the rest.
    static func with(
        count: Int = 5, granularity: Double = 0.5, size: Double = 16, spacing: Double = 2,
        symbol: RatingSymbol = .star
    ) -> StarRow {
        var style = StarRowStyle()
        style.count = count
        style.granularity = granularity
        style.size = size
        style.spacing = spacing
        style.symbol = symbol
        return StarRow(style: style)
    }
}

extension RatingSymbol {
    /// The custom symbol docs/stars.md's example configures.
    static let bolt = RatingSymbol.custom(
        path: "M9 0L0 14h6l-2 10 10-15H8l3-9Z", viewBox: ViewBox(width: 14, height: 24))
}
