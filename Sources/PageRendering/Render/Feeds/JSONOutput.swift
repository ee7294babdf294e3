import CatalogueModel

/// JSON as sitegen writes it: objects keep the key order they are built with, so files are
/// byte-for-byte the same on every build, and text is escaped so the result is also safe inside
/// an HTML `<script>` element (`<`, `>`, `&` as `\u003c` …; U+2028/2029 too).
indirect enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number already written in JSON syntax (`4.63`).
    case number(String)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])
    /// A value already written, so a list of ten thousand skills never exists as a tree at once.
    case written([UInt8])

    /// `value` or null.
    package static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// Hundredths as a JSON number: 463 → `4.63`, 450 → `4.5`, 400 → `4`.
    static func decimal(hundredths: Int) -> JSONOutput {
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return .number("\(sign)\(whole)") }
        if fraction % 10 == 0 { return .number("\(sign)\(whole).\(fraction / 10)") }
        return .number("\(sign)\(whole).\(String(fraction).leftPadded(to: 2))")
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// Bytes, not characters: the API files of a large catalogue are tens of megabytes.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .number(let n): out += n.utf8
        case .written(let bytes): out += bytes
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.quote(pair.0, into: &out)
                out.append(UInt8(ascii: ":"))
                pair.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Bytes that `quote` writes otherwise than as they are (0xE2 may start U+2028 or U+2029).
    private static let needsEscape: [Bool] = (0..<256).map { b in
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0x3C || b == 0x3E || b == 0x26 || b == 0xE2
    }

    package static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(utf8Of: text, escaping: needsEscape) { bytes, i, out in
            let b = bytes[i]
            let escaped: String
            switch b {
            case UInt8(ascii: "\""): escaped = "\\\""
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case 0x0A: escaped = "\\n"
            case 0x0D: escaped = "\\r"
            case 0x09: escaped = "\\t"
            case UInt8(ascii: "<"): escaped = "\\u003c"
            case UInt8(ascii: ">"): escaped = "\\u003e"
            case UInt8(ascii: "&"): escaped = "\\u0026"
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript parsers.
                out += (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                return 3
            case 0..<0x20:
                escaped = "\\u" + String(b, radix: 16).leftPadded(to: 4)
            default:
                return 0
            }
            out += escaped.utf8
            return 1
        }
        out.append(UInt8(ascii: "\""))
    }
}
