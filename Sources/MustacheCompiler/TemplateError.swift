/// A template that cannot be compiled: where, and what to do about it, as a compiler prints it
/// (`layout.mustache:3:7: error: …`). Equatable, so tests compare whole errors.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The template's path as the user should see it.
    public let path: String
    /// 1-based; lines end at `\n`, `\r\n` or `\r`.
    public let line: Int
    /// 1-based, counted in characters (what an editor shows).
    public let column: Int
    public let message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}

/// A compile failure before it knows its file: the character offset it happened at.
struct TemplateParseFailure: Error {
    let offset: Int
    let message: String

    /// Swift-mustache reads past the end in these places and fails; so do we, saying why.
    static func endsInsideTag(at offset: Int) -> TemplateParseFailure {
        TemplateParseFailure(
            offset: offset,
            message: "the template ends inside a tag (or with the first character of `{{` and nothing after it)")
    }
}

extension TemplateError {
    /// Line and column of a character offset, so the parser only ever keeps offsets.
    init(path: String, source: [Character], failure: TemplateParseFailure) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(failure.offset, source.count) {
            switch source[index] {
            case "\n", "\r\n", "\r":
                line += 1
                lineStart = index + 1
            default: break
            }
        }
        self.init(path: path, line: line, column: failure.offset - lineStart + 1, message: failure.message)
    }
}
