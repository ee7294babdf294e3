import Foundation

/// A row of rating symbols as inline SVG, filled to a value.
///
/// The filled layer is a nested `<svg>` whose width ends at the fill position: an inner SVG
/// viewport clips its content, so partial fill needs no gradients and no ids (ids would have to
/// be unique across hundreds of rows on a listing page). The fill position is measured in symbol
/// space, so it skips the gaps between symbols. Empty symbols stay visible as outlines, so the
/// value never depends on colour alone. The SVG is `aria-hidden`: the text beside it carries
/// the meaning.
public struct StarRow: Sendable, Equatable {
    public var style: StarRowStyle

    public init(style: StarRowStyle) { self.style = style }

    /// The value shown: the exact value rounded to the nearest step (ties up), within 0…count.
    public func displayedValue(_ value: Double) -> Double {
        let count = Double(style.count)
        guard value.isFinite else { return 0 }
        let clamped = min(max(value, 0), count)
        let step = style.granularity
        guard step > 0 else { return clamped }
        // The small epsilon keeps exact ties (3.75 at 0.5) from falling down through binary error.
        let steps = (clamped / step + 0.5 + 1e-9).rounded(.down)
        return min(steps * step, count)
    }

    /// Fill of each symbol, 0…1, left to right.
    public func fills(_ value: Double) -> [Double] {
        let shown = displayedValue(value)
        return (0..<style.count).map { min(max(shown - Double($0), 0), 1) }
    }

    public var width: Double { Double(style.count) * style.size + Double(max(style.count - 1, 0)) * style.spacing }

    /// Where the filled layer ends, in pixels from the left edge.
    public func fillWidth(_ value: Double) -> Double {
        let shown = displayedValue(value)
        let whole = shown.rounded(.down)
        let fraction = shown - whole
        let full = whole * (style.size + style.spacing)
        if whole >= Double(style.count) { return width }
        return full + fraction * style.size
    }

    public func svg(value: Double, cssClass: String = "stars") -> String {
        let size = style.size
        let w = SVGNumber.format(width), h = SVGNumber.format(size)
        let shape = SymbolShape(style.symbol)
        let scale = size / shape.box
        let strokeWidth = SVGNumber.format(1.5 / scale)
        var symbols = ""
        for index in 0..<style.count {
            let x = Double(index) * (size + style.spacing)
            symbols += "<path transform=\"translate(\(SVGNumber.format(x + shape.offsetX * scale)) \(SVGNumber.format(shape.offsetY * scale))) scale(\(SVGNumber.format4(scale)))\" d=\"\(shape.path)\"/>"
        }
        let fill = SVGNumber.format(fillWidth(value))
        return "<svg class=\"\(cssClass)\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" aria-hidden=\"true\" focusable=\"false\">"
            + "<g class=\"stars-empty\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(strokeWidth)\" stroke-linejoin=\"round\">\(symbols)</g>"
            + "<svg class=\"stars-fill\" width=\"\(fill)\" height=\"\(h)\"><g fill=\"currentColor\">\(symbols)</g></svg>"
            + "</svg>"
    }
}

/// The outline of one symbol, drawn in a square box of side `box` and centred in it.
struct SymbolShape {
    var path: String
    var box: Double
    var offsetX: Double
    var offsetY: Double

    init(_ symbol: RatingSymbol) {
        switch symbol {
        case .star:
            path = Self.star
            box = 24
            offsetX = 0
            offsetY = 0
        case .circle:
            path = "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z"
            box = 24
            offsetX = 0
            offsetY = 0
        case .heart:
            path = "M12 20.5C7 17 2.5 13.2 2.5 8.6 2.5 5.7 4.8 3.5 7.6 3.5c1.8 0 3.4.9 4.4 2.4 1-1.5 2.6-2.4 4.4-2.4 2.8 0 5.1 2.2 5.1 5.1 0 4.6-4.5 8.4-9.5 11.9Z"
            box = 24
            offsetX = 0
            offsetY = 0
        case .custom(let customPath, let viewBox):
            path = customPath
            box = max(viewBox.width, viewBox.height)
            // Centre a non-square view box in the square cell.
            offsetX = (box - viewBox.width) / 2 - viewBox.minX
            offsetY = (box - viewBox.height) / 2 - viewBox.minY
        }
    }

    /// A five-pointed star in a 24×24 box, computed once: outer radius 11, inner 4.6.
    static let star: String = {
        var points: [String] = []
        for i in 0..<10 {
            let radius = i % 2 == 0 ? 11.0 : 4.6
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2
            let x = 12 + radius * cos(angle), y = 12.6 + radius * sin(angle)
            points.append("\(SVGNumber.format(x)) \(SVGNumber.format(y))")
        }
        return "M" + points.joined(separator: "L") + "Z"
    }()
}

extension SVGNumber {
    /// Scale factors need more precision than coordinates.
    static func format4(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let whole = scaled / 10_000, fraction = scaled % 10_000
        if fraction == 0 { return "\(whole)" }
        var digits = String(fraction).leftPadded(to: 4)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
