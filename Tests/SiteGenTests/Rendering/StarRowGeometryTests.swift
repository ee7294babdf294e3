import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// Rounding per granularity and the fill geometry of star rows.
@Suite struct StarRowGeometryTests {
    func row(
        count: Int = 5, granularity: Double = 0.5, size: Double = 16, spacing: Double = 2,
        symbol: RatingSymbol = .star
    ) -> StarRow {
        StarRow.with(count: count, granularity: granularity, size: size, spacing: spacing, symbol: symbol)
    }

    static let symbolNames = ["star", "circle", "heart", "custom"]
    static var symbols: [RatingSymbol] { symbolNames.map(symbol) }

    static func symbol(_ name: String) -> RatingSymbol {
        switch name {
        case "circle": .circle
        case "heart": .heart
        // A diamond in a 16 × 24 box: narrower than its square cell.
        case "custom": .custom(path: "M8 0L16 12L8 24L0 12Z", viewBox: ViewBox(width: 16, height: 24))
        default: .star
        }
    }

    // MARK: Rounding

    @Test(arguments: [
        // (granularity, value, shown)
        (1.0, 3.49, 3.0), (1.0, 3.5, 4.0), (1.0, 0.49, 0.0), (1.0, 4.5, 5.0),
        (0.5, 3.7, 3.5), (0.5, 3.74, 3.5), (0.5, 3.75, 4.0), (0.5, 3.25, 3.5), (0.5, 3.24, 3.0), (0.5, 4.3, 4.5),
        (0.25, 2.25, 2.25), (0.25, 2.125, 2.25), (0.25, 2.12, 2.0), (0.25, 2.3, 2.25),
        (0.25, 4.875, 5.0), (0.25, 4.86, 4.75), (0.25, 0.1, 0.0), (0.25, 0.125, 0.25),
        // A step that does not divide 1: a symbol shows 0, 0.3, 0.6, 0.9 or full.
        (0.3, 3.7, 3.6), (0.3, 3.75, 3.9), (0.3, 3.95, 4.0), (0.3, 3.94, 3.9), (0.3, 3.15, 3.3), (0.3, 3.14, 3.0),
        (0.3, 4.97, 5.0),
        // Continuous: exactly the value.
        (0.0, 3.14159, 3.14159), (0.0, 0.001, 0.001), (0.0, 4.999, 4.999),
    ])
    func roundsToTheNearestStepTiesUp(granularity: Double, value: Double, shown: Double) {
        #expect(
            abs(row(granularity: granularity).displayedValue(value) - shown) < 1e-9,
            "\(value) at \(granularity) showed \(row(granularity: granularity).displayedValue(value)), expected \(shown)"
        )
    }

    @Test func tiesThatBinaryFractionsBlurStillRoundUp() {
        // 0.1 + 0.2 is 0.30000000000000004 and 3 * 0.3 is 0.8999999999999999.
        #expect(row(granularity: 0.1).displayedValue(2 + 0.1 + 0.2 + 0.05) == 2.4)
        #expect(abs(row(granularity: 0.3).displayedValue(1 + 3 * 0.3) - 1.9) < 1e-9)
        #expect(row(granularity: 0.5).displayedValue(15.0 / 4) == 4)
    }

    @Test func valuesOutsideTheScaleClamp() {
        let stars = row(granularity: 0.5)
        #expect(stars.displayedValue(-1) == 0)
        #expect(stars.displayedValue(7) == 5)
        #expect(stars.displayedValue(.nan) == 0)
        #expect(stars.fillWidth(-3) == 0)
        #expect(stars.fillWidth(12) == stars.width)
        #expect(row(count: 10, granularity: 1).displayedValue(10.4) == 10)
    }

    @Test func threePointSevenAtHalvesIsThreeFullOneHalfOneEmpty() {
        #expect(row(granularity: 0.5).fills(3.7) == [1, 1, 1, 0.5, 0])
        #expect(row(granularity: 1).fills(3.7) == [1, 1, 1, 1, 0])
        #expect(row(granularity: 0.25).fills(3.7) == [1, 1, 1, 0.75, 0])
        let exact = row(granularity: 0).fills(3.7)
        #expect(exact.count == 5 && exact[0...2] == [1, 1, 1] && abs(exact[3] - 0.7) < 1e-9 && exact[4] == 0)
    }

    // MARK: Geometry

    @Test func widthIsSymbolsPlusGapsBetween() {
        #expect(row().width == 5 * 16 + 4 * 2)
        #expect(row(count: 1).width == 16)
        #expect(row(count: 100).width == 100 * 16 + 99 * 2)
        #expect(row(count: 10, spacing: 0).width == 160)
    }

    @Test func wholeValuesEndAtTheEndOfTheLastFullSymbol() {
        let stars = row(granularity: 1)
        #expect(stars.fillWidth(0) == 0)
        #expect(stars.fillWidth(1) == 16)
        #expect(stars.fillWidth(3) == 2 * 18 + 16)
        #expect(stars.fillWidth(5) == 88)
    }

    @Test(arguments: symbolNames)
    func halfOfASymmetricSymbolIsTheMiddleOfItsCell(name: String) {
        let symbol = Self.symbol(name)
        guard case .custom = symbol else {
            let stars = row(symbol: symbol)
            #expect(abs(stars.fillWidth(3.5) - (3 * 18 + 8)) < 1e-9)
            #expect(abs(row(count: 1, symbol: symbol).fillWidth(0.5) - 8) < 1e-9)
            return
        }
        // The custom diamond is 16 × 24 units: scaled into the cell it is narrower than the cell,
        // and centred, so its middle is still the middle of the cell.
        #expect(abs(row(symbol: symbol).fillWidth(3.5) - (3 * 18 + 8)) < 1e-9)
    }

    @Test(arguments: symbolNames)
    func partialFillStaysInsideTheSymbolsInkAndNeverInAGap(name: String) {
        let symbol = Self.symbol(name)
        for spacing in [0.0, 2, 10] {
            for count in [1, 5, 10] {
                let stars = row(count: count, granularity: 0, spacing: spacing, symbol: symbol)
                let inkLeft = stars.offset.x + stars.shape.inkMinX * stars.scale
                let inkRight = stars.offset.x + stars.shape.inkMaxX * stars.scale
                for index in 0..<count {
                    for fraction in stride(from: 0.01, to: 1, by: 0.07) {
                        let x = stars.fillWidth(Double(index) + fraction)
                        let cell = stars.cellX(index)
                        #expect(
                            x > cell + inkLeft && x < cell + inkRight,
                            "\(name) count \(count) spacing \(spacing): \(Double(index) + fraction) ends at \(x)")
                    }
                }
            }
        }
    }

    @Test func fillGrowsWithTheValue() {
        for granularity in [0, 0.25, 0.3, 0.5, 1] {
            let stars = row(granularity: granularity)
            var last = -1.0
            for step in 0...500 {
                let x = stars.fillWidth(Double(step) / 100)
                #expect(x >= last, "granularity \(granularity) value \(Double(step) / 100)")
                last = x
            }
            #expect(last == stars.width)
        }
    }

    @Test func symbolsFitTheirCellsWithTheirOutline() {
        for symbol in Self.symbols {
            for size in [4.0, 16, 24, 200] {
                let stars = row(size: size, symbol: symbol)
                let box = stars.shape.box
                let half = stars.strokeWidth / 2
                #expect(stars.offset.x + box.minX * stars.scale >= half - 1e-9)
                #expect(stars.offset.y + box.minY * stars.scale >= half - 1e-9)
                #expect(stars.offset.x + (box.minX + box.width) * stars.scale <= size - half + 1e-9)
                #expect(stars.offset.y + (box.minY + box.height) * stars.scale <= size - half + 1e-9)
            }
        }
    }

    @Test func theStarIsARegularFivePointedStar() throws {
        let star = SymbolShape.star
        let numbers = star.path.split(whereSeparator: { "MLZ ".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count == 20)
        let points = stride(from: 0, to: numbers.count, by: 2).map { (x: numbers[$0], y: numbers[$0 + 1]) }
        // Symmetric about the vertical axis through the top point, which is at the top of the box.
        #expect(points[0].x == 12 && points[0].y == 0)
        for i in 1..<5 {
            #expect(abs(points[i].x + points[10 - i].x - 24) < 0.02 && abs(points[i].y - points[10 - i].y) < 0.02)
        }
        // Outer points on one circle, inner points on a smaller one.
        let centre = (x: 12.0, y: points[0].y + 12 / cos(Double.pi / 10))
        let radii = points.map {
            ((($0.x - centre.x) * ($0.x - centre.x)) + (($0.y - centre.y) * ($0.y - centre.y))).squareRoot()
        }
        for (i, radius) in radii.enumerated() {
            #expect(abs(radius - (i.isMultiple(of: 2) ? radii[0] : radii[1])) < 0.02)
        }
        #expect(abs(radii[1] / radii[0] - 0.45) < 0.01)
        #expect(points.map(\.x).min() == 0 && points.map(\.x).max() == 24)
        #expect(abs((points.map(\.y).max() ?? 0) - star.box.height) < 0.01)
    }

    // MARK: Markup

    @Test(arguments: [1, 5, 10, 100])
    func filledLayerHoldsOnlyTheSymbolsItReaches(count: Int) throws {
        let stars = row(count: count, granularity: 0.5)
        let value = Double(count) * 0.7
        let svg = stars.svg(value: value)
        let parsed = RatingXML.parse(svg)
        #expect(parsed.error == nil)
        #expect(parsed.elements.filter { $0 == "path" }.count == count + Int(stars.displayedValue(value).rounded(.up)))
        #expect(parsed.elements.filter { $0 == "svg" }.count == 2)
        let fill = try #require(parsed.attributes.first { $0["class"] == "stars-fill" })
        #expect(fill["width"] == SVGNumber.format(stars.fillWidth(value)))
        #expect(fill["overflow"] == "hidden")
        let root = try #require(parsed.attributes.first)
        #expect(root["aria-hidden"] == "true")
        #expect(root["viewBox"] == "0 0 \(SVGNumber.format(stars.width)) 16")
    }

    @Test func markupIsDeterministicAndHasNoIdsOrGradients() {
        for symbol in Self.symbols {
            let stars = row(granularity: 0, symbol: symbol)
            let svg = stars.svg(value: 3.14159)
            #expect(svg == stars.svg(value: 3.14159))
            #expect(!svg.contains("id=") && !svg.contains("Gradient") && !svg.contains("url("))
            #expect(RatingXML.parse(svg).error == nil)
        }
    }

    @Test func numbersAreShortAndStable() {
        #expect(SVGNumber.format(-0.001) == "0")
        #expect(SVGNumber.format(2.5) == "2.5")
        #expect(SVGNumber.format(-3.25) == "-3.25")
        #expect(SVGNumber.format(.nan) == "0")
        #expect(SVGNumber.format4(0.61111) == "0.6111")
        #expect(SVGNumber.format4(2) == "2")
        #expect(SVGNumber.format4(0.05) == "0.05")
    }

    /// The byte-writing format against the interpolating one it replaced, over generated values.
    @Test func numbersAreWrittenAsTheInterpolatingFormatWroteThem() {
        func reference(_ value: Double, decimals: Int) -> String {
            var unit = 1.0
            for _ in 0..<decimals { unit *= 10 }
            guard value.isFinite, abs(value * unit) < 1e15 else { return "0" }
            let scaled = Int((value * unit).rounded())
            if scaled == 0 { return "0" }
            let sign = scaled < 0 ? "-" : ""
            let divisor = UInt(unit)
            let whole = scaled.magnitude / divisor
            let fraction = scaled.magnitude % divisor
            if fraction == 0 { return "\(sign)\(whole)" }
            var digits = String(fraction).leftPadded(to: decimals)
            while digits.hasSuffix("0") { digits.removeLast() }
            return "\(sign)\(whole).\(digits)"
        }
        var random = SplitMix64(seed: 11)
        let edges: [Double] = [
            0, -0.0, 0.004, 0.005, -0.005, 1e-9, 99.995, 1e14, -1e14, 9.99e14, 1e15, .infinity, .nan,
        ]
        for decimals in 0...4 {
            for value in edges {
                #expect(SVGNumber.format(value, decimals: decimals) == reference(value, decimals: decimals))
            }
            for _ in 0..<2_000 {
                let magnitude = pow(10, Double.random(in: -5...12, using: &random))
                let value = Double.random(in: -magnitude...magnitude, using: &random)
                #expect(
                    SVGNumber.format(value, decimals: decimals) == reference(value, decimals: decimals), "\(value)")
            }
        }
    }
}
