import Foundation

/// A JSON value as a client's code sees its types: a bool is never a number, nor a number a bool.
enum SusiJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SusiJSON])
    case object([String: SusiJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SusiJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SusiJSON].self))
        }
    }

    /// Every key at every depth through lodash's `camelCase`, as SUSI's web client turns the
    /// answers before its reducers read them (fossasia/susi.ai `src/utils/camelizeKeys.js:29-48`).
    var camelised: SusiJSON {
        switch self {
        case .array(let items): .array(items.map(\.camelised))
        case .object(let pairs):
            .object(Dictionary(pairs.map { (Self.camelCase($0.key), $0.value.camelised) }) { first, _ in first })
        default: self
        }
    }

    /// lodash's `camelCase`: words split at anything but letters and digits and where a lowercase
    /// letter meets an uppercase one; the first word lowercased, the others capitalised
    /// (`skill_metadata` → `skillMetadata`, `Games, Trivia and Accessories` → `gamesTriviaAndAccessories`).
    static func camelCase(_ key: String) -> String {
        var words: [String] = []
        var word = ""
        var last: Character?
        for character in key {
            guard character.isLetter || character.isNumber else {
                if !word.isEmpty { words.append(word) }
                word = ""
                last = nil
                continue
            }
            if let last, last.isLowercase, character.isUppercase, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character)
            last = character
        }
        if !word.isEmpty { words.append(word) }
        return words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined()
    }

    /// What is wrong with the values at `path` (`a.b[].c`) for `kind`: empty when every value
    /// there has it. A path through an empty array reaches nothing, so lengths are checked by
    /// the array's own rule.
    func problems(at path: String, kind: SusiField.Kind) -> [String] {
        var values: [SusiJSON] = [self]
        for part in path.split(separator: ".") {
            let key = part.hasSuffix("[]") ? String(part.dropLast(2)) : String(part)
            values = values.compactMap { value -> SusiJSON? in
                if case .object(let pairs) = value { return pairs[key] ?? .missing }
                return .missing
            }
            if part.hasSuffix("[]") {
                var items: [SusiJSON] = []
                for value in values {
                    guard case .array(let elements) = value else { return ["is not a list: \(value)"] }
                    items += elements
                }
                values = items
            }
        }
        return values.compactMap { Self.problem(with: $0, kind) }
    }

    /// A value that is not there: not one of JSON's own.
    static let missing = SusiJSON.object(["\u{0}missing": .null])

    private static func problem(with value: SusiJSON, _ kind: SusiField.Kind) -> String? {
        if value == missing { return "is missing" }
        switch (kind, value) {
        case (.string, .string), (.number, .number), (.bool, .bool), (.object, .object), (.stringOrNull, .string),
            (.stringOrNull, .null):
            return nil
        case (.nonEmptyString, .string(let text)): return text.isEmpty ? "is empty" : nil
        case (.array(let least), .array(let items)):
            return items.count >= least ? nil : "has \(items.count) items, fewer than \(least)"
        default: return "is \(value), not \(kind)"
        }
    }
}
