import CatalogueModel

/// Numbers in SVG attributes: a fixed number of decimals at most, no trailing zeros, no "-0",
/// so output is short and byte-identical on every run and platform.
package enum SVGNumber {
    /// Coordinates in pixels: two decimals is a hundredth of a pixel.
    package static func format(_ value: Double) -> String { format(value, decimals: 2) }

    /// Scale factors need more precision than coordinates.
    static func format4(_ value: Double) -> String { format(value, decimals: 4) }

    package static func format(_ value: Double, decimals: Int) -> String {
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        guard value.isFinite, abs(value * unit) < 1e15 else { return "0" }
        let scaled = Int((value * unit).rounded())
        if scaled == 0 { return "0" }
        var magnitude = scaled.magnitude
        var fractionDigits = decimals
        // Trailing zeros of the fraction are left out.
        while fractionDigits > 0, magnitude % 10 == 0 {
            magnitude /= 10
            fractionDigits -= 1
        }
        return String.decimal(scaled < 0 ? -Int(magnitude) : Int(magnitude), fractionDigits: fractionDigits)
    }
}
