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

    /// `value` or null.
    static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// Hundredths as a JSON number: 463 → `4.63`, 450 → `4.5`, 400 → `4`.
    static func decimal(hundredths: Int) -> JSONOutput {
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
        if fraction == 0 { return .number("\(sign)\(whole)") }
        if fraction % 10 == 0 { return .number("\(sign)\(whole).\(fraction / 10)") }
        return .number("\(sign)\(whole).\(String(fraction).leftPadded(to: 2))")
    }

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let n): out += n
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.quote(pair.0, into: &out)
                out += ":"
                pair.1.write(to: &out)
            }
            out += "}"
        }
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
