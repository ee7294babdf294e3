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
        // Written out as ASCII bytes, right to left: a chart writes dozens of these per page,
        // and interpolation and padding cost an allocation each.
        var magnitude = scaled.magnitude
        var fractionDigits = decimals
        // Trailing zeros of the fraction are left out.
        while fractionDigits > 0, magnitude % 10 == 0 {
            magnitude /= 10
            fractionDigits -= 1
        }
        // On the stack, then made a string: |value × unit| < 1e15 is at most 18 bytes, and the
        // string of a short number (15 bytes or fewer) is held inline, with no allocation.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = 24
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<fractionDigits {
                put(0x30 + UInt8(magnitude % 10))
                magnitude /= 10
            }
            if fractionDigits > 0 { put(0x2E) }
            repeat {
                put(0x30 + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if scaled < 0 { put(0x2D) }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }
}
