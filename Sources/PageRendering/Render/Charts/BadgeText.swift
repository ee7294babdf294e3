/// How wide a badge's text runs in the font the badge declares (`font`), measured without a font
/// file so the SVG's geometry is the same on every machine. Widths are Verdana's advances in
/// units of 2048 per em; DejaVu Sans, the usual fallback, is within a few per cent of them.
/// Anything the table does not know (CJK, emoji, other scripts) counts as a full em, so text in
/// other languages runs short of its box rather than past it.
package enum BadgeText {
    /// The font the badge's text is drawn in, as SVG's `font-family` and `font-size`.
    package static let fontFamily = "Verdana,DejaVu Sans,sans-serif"
    package static let fontSize = 11

    static let unitsPerEm = 2048

    /// ASCII 0x20...0x7E, in order.
    static let ascii: [Int] = [
        720, 823, 940, 1716, 1302, 2210, 1489, 550, 911, 911, 1302, 1716, 745, 911, 745, 1302,  // space to /
        1302, 1302, 1302, 1302, 1302, 1302, 1302, 1302, 1302, 1302,  // 0-9
        911, 911, 1716, 1716, 1716, 1116, 2048,  // : to @
        1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 864, 924, 1412, 1141, 1733,  // A-M
        1532, 1612, 1235, 1612, 1423, 1401, 1243, 1499, 1401, 2025, 1403, 1243, 1403,  // N-Z
        911, 1302, 911, 1716, 1302, 1302,  // [ to `
        1229, 1276, 1067, 1276, 1220, 720, 1276, 1296, 562, 705, 1191, 562, 1989,  // a-m
        1296, 1243, 1276, 1276, 874, 1067, 807, 1296, 1191, 1685, 1191, 1191, 1058,  // n-z
        1300, 911, 1300, 1716,  // { to ~
    ]

    /// The advance of one scalar, in font units.
    static func advance(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x20...0x7E: return ascii[Int(v - 0x20)]
        case 0xA0: return 720  // no-break space, a group separator
        case 0x202F, 0x2009: return 420  // narrow spaces (French groups)
        case 0xB7, 0x2022: return 745  // middle dot, bullet
        case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining marks, zero-width
        // Accented Latin, Greek and Cyrillic letters: as wide as a wide lowercase letter.
        case 0xC0...0x24F, 0x370...0x4FF: return 1450
        default: return unitsPerEm
        }
    }

    /// The width of `text` in pixels at `fontSize`.
    package static func width(_ text: String) -> Double {
        let units = text.unicodeScalars.reduce(0) { $0 + advance($1) }
        return Double(units * fontSize) / Double(unitsPerEm)
    }
}
