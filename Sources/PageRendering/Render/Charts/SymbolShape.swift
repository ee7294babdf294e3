import CatalogueModel
import Foundation

/// The outline of one rating symbol in its own coordinates: the path, the box that is scaled
/// into a symbol's square cell, and the horizontal extent of the ink, which partial fill spans
/// (so a quarter-filled star shows a quarter of the star, not a quarter of its empty margin).
struct SymbolShape: Sendable, Equatable {
    package var path: String
    package var box: ViewBox
    var inkMinX: Double
    var inkMaxX: Double

    package init(_ symbol: RatingSymbol) {
        switch symbol {
        case .star:
            self = Self.star
        case .circle:
            // Drawn smaller than its cell: a disc of the star's width looks much heavier.
            self.init(
                path: "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z", box: ViewBox(width: 24, height: 24), inkMinX: 2,
                inkMaxX: 22)
        case .heart:
            self.init(
                path:
                    "M12 20.5C7 17 2.5 13.2 2.5 8.6 2.5 5.7 4.8 3.5 7.6 3.5c1.8 0 3.4.9 4.4 2.4 1-1.5 2.6-2.4 4.4-2.4 2.8 0 5.1 2.2 5.1 5.1 0 4.6-4.5 8.4-9.5 11.9Z",
                box: ViewBox(minX: 1.5, minY: 1, width: 21, height: 21), inkMinX: 2.5, inkMaxX: 21.5)
        case .custom(let path, let viewBox):
            // Nothing is known about a custom path but its view box, which docs/stars.md asks to be tight.
            self.init(path: path, box: viewBox, inkMinX: viewBox.minX, inkMaxX: viewBox.minX + viewBox.width)
        }
    }

    package init(path: String, box: ViewBox, inkMinX: Double, inkMaxX: Double) {
        self.path = path
        self.box = box
        self.inkMinX = inkMinX
        self.inkMaxX = inkMaxX
    }

    /// A five-pointed star 24 units wide, point up, inner radius 0.45 of the outer one (between a
    /// geometric pentagram's spiky 0.38 and a rounded app-store star), its bounding box at the origin.
    package static let star: SymbolShape = {
        let outer = 12 / cos(Double.pi / 10)
        let inner = outer * 0.45
        let height = outer * (1 + cos(Double.pi / 5))
        var points: [String] = []
        for i in 0..<10 {
            let radius = i.isMultiple(of: 2) ? outer : inner
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2
            points.append(
                "\(SVGNumber.format(12 + radius * cos(angle))) \(SVGNumber.format(outer + radius * sin(angle)))")
        }
        return SymbolShape(
            path: "M" + points.joined(separator: "L") + "Z",
            box: ViewBox(width: 24, height: (height * 100).rounded() / 100), inkMinX: 0, inkMaxX: 24)
    }()
}
