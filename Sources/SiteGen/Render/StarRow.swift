import Foundation

/// A row of rating symbols as inline SVG, filled to a value on the 0…count scale.
///
/// Every symbol is drawn twice: as an outline, and filled inside a nested `<svg>` whose width
/// ends at the fill position. An inner SVG viewport clips its content, so partial fill needs no
/// gradient and no id (ids would have to be unique across hundreds of rows on a listing page,
/// and hard-stop gradients misbehave with `currentColor`). The fill position is measured across
/// each symbol's ink, so it skips the gaps between symbols and the margins inside a cell. Empty
/// symbols stay visible as outlines, so the value never depends on colour alone, and both
/// layers paint in `currentColor`, so CSS (dark mode, forced colours) decides the colour. The
/// SVG is `aria-hidden`: the text beside it carries the meaning.
public struct StarRow: Sendable, Equatable {
    public var style: StarRowStyle

    public init(style: StarRowStyle) { self.style = style }

    var rounding: StarFill { StarFill(count: style.count, granularity: style.granularity) }
    var shape: SymbolShape { SymbolShape(style.symbol) }

    /// The value shown: clamped to 0…count and rounded to the granularity.
    public func displayedValue(_ value: Double) -> Double { rounding.displayed(value) }

    /// Fill of each symbol, 0…1, left to right.
    public func fills(_ value: Double) -> [Double] { rounding.fills(value) }

    /// The row's width in pixels: the symbols and the gaps between them, nothing at the ends.
    public var width: Double {
        Double(style.count) * style.size + Double(max(style.count - 1, 0)) * style.spacing
    }

    /// Outline width in pixels: thinner for tiny symbols, so they do not clog up.
    var strokeWidth: Double { min(1.5, style.size / 12) }

    /// Scale from the symbol's own units to pixels: its box fits the cell inside the outline.
    var scale: Double {
        let box = shape.box
        return max(style.size - strokeWidth, 0.01) / max(box.width, box.height)
    }

    /// Where the symbol's box starts inside its cell, centred both ways.
    var offset: (x: Double, y: Double) {
        let box = shape.box, scale = scale
        return ((style.size - box.width * scale) / 2 - box.minX * scale,
                (style.size - box.height * scale) / 2 - box.minY * scale)
    }

    /// Left edge of symbol `index`'s cell.
    func cellX(_ index: Int) -> Double { Double(index) * (style.size + style.spacing) }

    /// Where the filled layer ends, in pixels from the left edge.
    public func fillWidth(_ value: Double) -> Double {
        let shown = displayedValue(value)
        let whole = Int(shown.rounded(.down))
        let fraction = shown - Double(whole)
        if whole >= style.count { return width }
        if fraction <= 0 { return whole == 0 ? 0 : cellX(whole - 1) + style.size }
        let inkLeft = offset.x + shape.inkMinX * scale
        let inkRight = offset.x + shape.inkMaxX * scale
        return cellX(whole) + inkLeft + fraction * (inkRight - inkLeft)
    }

    /// The row as an SVG element for inline HTML. Deterministic and id-free.
    public func svg(value: Double, cssClass: String = "stars") -> String {
        let shape = shape, scale = scale, offset = offset
        let w = SVGNumber.format(width), h = SVGNumber.format(style.size)
        let scaleText = SVGNumber.format4(scale)
        let paths = (0..<style.count).map { index in
            "<path transform=\"translate(\(SVGNumber.format(cellX(index) + offset.x)) \(SVGNumber.format(offset.y))) scale(\(scaleText))\" d=\"\(shape.path)\"/>"
        }
        let fill = fillWidth(value)
        // Only symbols the fill reaches go into the filled layer; the rest would be clipped anyway.
        let filled = paths.indices.filter { cellX($0) < fill }.map { paths[$0] }
        return "<svg class=\"\(cssClass)\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" aria-hidden=\"true\" focusable=\"false\""
            + " fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(SVGNumber.format4(strokeWidth / scale))\" stroke-linejoin=\"round\">"
            + "<g class=\"stars-empty\">\(paths.joined())</g>"
            + "<svg class=\"stars-fill\" width=\"\(SVGNumber.format(fill))\" height=\"\(h)\" overflow=\"hidden\" fill=\"currentColor\">\(filled.joined())</svg>"
            + "</svg>"
    }
}
