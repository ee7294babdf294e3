/// JSON numbers Foundation cannot hold. JSONDecoder refuses the whole document for one of them
/// (`1e400` is beyond Double, `1e-400` too close to zero) with only "not valid JSON", so on the
/// error path the text is scanned to say which number and where.
enum JSONNumberRange {
    struct OutOfRange: Error, Equatable {
        /// Byte offset of the number's first character.
        package var offset: Int
        var token: String
        /// True when the number is too close to zero rather than too large.
        var underflows: Bool

        package var message: String {
            underflows
                ? "invalid JSON: the number `\(token)` is too close to 0 to be held; write 0"
                : "invalid JSON: the number `\(token)` is too large to be held (the limit is about 1.8e308)"
        }
    }

    /// The first number outside strings that does not fit in a Double, or nil.
    static func firstOutOfRange(in bytes: [UInt8]) -> OutOfRange? {
        var index = 0
        var strings = JSONStringState()
        while index < bytes.count {
            let byte = bytes[index]
            guard !strings.read(byte), byte == UInt8(ascii: "-") || isDigit(byte) else {
                index += 1
                continue
            }
            let start = index
            var hasExponent = false
            while index < bytes.count, isNumberByte(bytes[index]) {
                if bytes[index] | 0x20 == UInt8(ascii: "e") { hasExponent = true }
                index += 1
            }
            // Without an exponent a number leaves a Double's range only past 300 or so digits: the
            // ordinary numbers of a large vote log are passed over without being converted.
            guard hasExponent || index - start > 300 else { continue }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(token) else { continue }
            if !value.isFinite { return OutOfRange(offset: start, token: String(token.prefix(40)), underflows: false) }
            // Only the digits before the exponent say whether the number was meant to be 0.
            let mantissa = token.prefix { $0 != "e" && $0 != "E" }
            if value == 0, mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) {
                return OutOfRange(offset: start, token: String(token.prefix(40)), underflows: true)
            }
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
