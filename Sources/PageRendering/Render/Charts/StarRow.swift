import CatalogueModel
import Foundation
import MustacheCompiler

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
    package var offset: (x: Double, y: Double) {
        let box = shape.box
        let scale = scale
        return (
            (style.size - box.width * scale) / 2 - box.minX * scale,
            (style.size - box.height * scale) / 2 - box.minY * scale
        )
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

    /// The row's geometry for `_stars.mustache`, which holds the markup.
    package func data(value: Double, cssClass: String = "stars") -> StarRowData {
        let scale = scale
        let offset = offset
        let symbols = (0..<style.count).map { index in
            StarRowData.Symbol(x: SVGNumber.format(cellX(index) + offset.x), y: SVGNumber.format(offset.y))
        }
        let fill = fillWidth(value)
        return StarRowData(
            cssClass: cssClass, width: SVGNumber.format(width), height: SVGNumber.format(style.size),
            strokeWidth: SVGNumber.format4(strokeWidth / scale), scale: SVGNumber.format4(scale),
            path: shape.path, fillWidth: SVGNumber.format(fill), symbols: symbols,
            filled: symbols.indices.filter { cellX($0) < fill }.map { symbols[$0] })
    }

    /// The row as an SVG element for inline HTML, drawn by `engine`'s `_stars.mustache` (the
    /// built-in theme's unless a site's is given). Deterministic and id-free.
    public func svg(value: Double, cssClass: String = "stars") -> String {
        svg(value: value, cssClass: cssClass, engine: ThemePartial.builtIn)
    }

    package func svg(value: Double, cssClass: String = "stars", engine: any TemplateEngine) -> String {
        ThemePartial.render("_stars", data(value: value, cssClass: cssClass), engine: engine)
    }
}
