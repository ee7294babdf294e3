/// How a `{{name}}` value is escaped on its way into the output: the content type of
/// swift-mustache's `{{% CONTENT_TYPE: name }}` pragma, given by the caller (SiteGen's is
/// `HTML.escape`).
public struct TemplateEscaping: Sendable {
    /// Appends `text`, escaped, to the output.
    public let append: @Sendable (_ text: String, _ output: inout [UInt8]) -> Void

    public init(appending append: @escaping @Sendable (_ text: String, _ output: inout [UInt8]) -> Void) {
        self.append = append
    }

    /// From a function that returns the escaped text.
    public init(_ escape: @escaping @Sendable (String) -> String) {
        self.append = { text, output in output.append(contentsOf: escape(text).utf8) }
    }

    /// `TEXT`: nothing is escaped.
    public static let text = TemplateEscaping { text, output in output.append(contentsOf: text.utf8) }

    /// Swift-mustache's own HTML escaping, which every template starts with until a pragma says
    /// otherwise. It compares whole `Character`s, so `"` followed by a combining mark is left as
    /// it is; kept that way here because equal output is the contract.
    public static let swiftMustacheHTML = TemplateEscaping { text, output in
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
            output.append(contentsOf: text.utf8)
            return
        }
        for character in text {
            switch character {
            case "<": output.append(contentsOf: "&lt;".utf8)
            case ">": output.append(contentsOf: "&gt;".utf8)
            case "&": output.append(contentsOf: "&amp;".utf8)
            case "\"": output.append(contentsOf: "&quot;".utf8)
            case "'": output.append(contentsOf: "&#39;".utf8)
            default: output.append(contentsOf: character.utf8)
            }
        }
    }

    /// The content types a pragma can name when the caller gives none: swift-mustache's two.
    public static let standardContentTypes: [String: TemplateEscaping] = ["HTML": .swiftMustacheHTML, "TEXT": .text]
}
