import CatalogueModel
import Foundation

/// A parsed JSON document. SUSI's files mix numbers and numeric strings, so readers look at
/// values themselves instead of decoding into fixed types.
package enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
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

    package var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    package var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var string: String? { if case .string(let s) = self { s } else { nil } }
    var isNull: Bool { self == .null }

    package var kind: String {
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

    /// Whether this is a whole number beyond what `integer` reads (`1e300`, a 20-digit string),
    /// and then its sign: such a count is too large, or negative, not "not a number".
    var beyondIntegerSign: FloatingPointSign? {
        switch self {
        case .number(let d) where d.rounded() == d && !(abs(d) < 1e15): return d.sign
        case .string(let s):
            let text = s.trimmingWhitespace()
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), Int(text) == nil else { return nil }
            return text.first == "-" ? .minus : .plus
        default: return nil
        }
    }

    package static func parse(_ text: String) throws -> JSONValue {
        let data = Data(text.utf8)
        // Decoding recurses per level: refuse deep nesting before it can overflow the stack.
        if let offset = JSONNesting.firstTooDeep(in: data) { throw JSONProblem.TooDeep(offset: offset) }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
