import Foundation

/// A parsed JSON document. SUSI's files mix numbers and numeric strings, so readers look at
/// values themselves instead of decoding into fixed types.
enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var isNull: Bool { self == .null }

    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "number"
        case .string: "text"
        case .array: "list"
        case .object: "object"
        }
    }

    /// A whole number, also when SUSI wrote it as a string (`"12"`).
    var integer: Int? {
        switch self {
        case .number(let d) where d.rounded() == d && abs(d) < 1e15: Int(d)
        case .string(let s): Int(s.trimmingWhitespace())
        default: nil
        }
    }

    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}

/// Turns JSON parse failures into diagnostics with the position in the file.
enum JSONProblem {
    static func diagnostic(for error: any Error, path: String, text: String) -> Diagnostic {
        let detail = describe(error, text: text)
        if let (line, column) = position(in: detail) ?? offset(in: detail).map({ lineAndColumn(ofByte: $0, in: text) }) {
            return .error(path, line: line, column: column, "invalid JSON: \(cleaned(detail))")
        }
        return .error(path, "invalid JSON: \(cleaned(detail))")
    }

    /// JSONDecoder on Linux does not say where the syntax error is; JSONSerialization does, so
    /// the text is parsed once more with it on this (failing) path.
    static func describe(_ error: any Error, text: String) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            if let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
        }
        return describe(error)
    }

    static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError {
                let nsError = underlying as NSError
                if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
                return "\(underlying)"
            }
            return context.debugDescription
        }
        return "\(error)"
    }

    /// Foundation says "… around line 3, column 5."; pull the numbers out.
    static func position(in text: String) -> (Int, Int)? {
        guard let lineRange = text.range(of: "line "), let columnRange = text.range(of: "column ") else { return nil }
        let line = Int(text[lineRange.upperBound...].prefix { $0.isNumber })
        let column = Int(text[columnRange.upperBound...].prefix { $0.isNumber })
        guard let line, let column else { return nil }
        return (line, column)
    }

    /// Foundation on Linux says "… around character 33." (a 0-based UTF-8 offset).
    static func offset(in text: String) -> Int? {
        guard let range = text.range(of: "character ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    static func lineAndColumn(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static func cleaned(_ text: String) -> String {
        var t = text
        if let r = t.range(of: " around line") ?? t.range(of: " around character") { t = String(t[..<r.lowerBound]) }
        if t.hasSuffix(".") { t.removeLast() }
        return t.isEmpty ? "the file could not be parsed" : t
    }
}
