/// Dates in content: `2024-03-01`, or a timestamp that starts with one.
package enum DateText {
    /// The day `raw` starts with (after whitespace), as `yyyy-mm-dd`; nil when it starts with none.
    package static func day(_ raw: String) -> String? {
        // Read as bytes: every character of a day is an ASCII digit or `-`, and the first byte
        // that is not ASCII ends the test where the first such character would.
        let text = raw.trimmingWhitespace()
        let bytes = text.utf8.span
        guard bytes.count >= 10 else { return nil }
        func digit(_ k: Int) -> Int? { bytes[k] >= 0x30 && bytes[k] <= 0x39 ? Int(bytes[k] - 0x30) : nil }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, digit(0) != nil, digit(1) != nil, digit(2) != nil,
            digit(3) != nil, let m1 = digit(5), let m2 = digit(6), let d1 = digit(8), let d2 = digit(9),
            (1...12).contains(m1 * 10 + m2), (1...31).contains(d1 * 10 + d2)
        else { return nil }
        return String(decoding: text.utf8.prefix(10), as: UTF8.self)
    }
}
