import Mustache
import MustacheCompiler

/// Swift-mustache as a `TemplateEngine`, made from the same sources and content types as a
/// `TemplateLibrary`: a whole site rendered with each must come out byte for byte the same.
public struct OracleLibrary: TemplateEngine {
    private let library: MustacheLibrary
    /// The templates swift-mustache could not parse (left out, as `TemplateLibrary` leaves out
    /// the ones it cannot compile).
    public let failures: Set<String>

    public init(_ sources: [String: (text: String, path: String)], contentTypes: [String: TemplateEscaping]) {
        Self.register(contentTypes)
        var library = MustacheLibrary()
        var failures: Set<String> = []
        for (name, source) in sources {
            if let template = try? MustacheTemplate(string: source.text) {
                library.register(template, named: name)
            } else {
                failures.insert(name)
            }
        }
        self.library = library
        self.failures = failures
    }

    public func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
        guard let text = library.render(OracleData(data), withTemplate: name) else { return false }
        output.append(contentsOf: text.utf8)
        return true
    }

    public func hasTemplate(named name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// Makes each escaping what swift-mustache's `{{% CONTENT_TYPE: name }}` pragma chooses.
    /// Swift-mustache keeps content types for the whole process and looks them up when a template
    /// is parsed, so every oracle in one process must be given the same escaping for a name.
    public static func register(_ contentTypes: [String: TemplateEscaping]) {
        for (name, escaping) in contentTypes {
            MustacheContentTypes.register(EscapingContentType(escaping: escaping), named: name)
        }
    }
}

/// A `TemplateEscaping` as swift-mustache's content type.
private struct EscapingContentType: MustacheContentType {
    let escaping: TemplateEscaping

    func escapeText(_ text: String) -> String {
        var output: [UInt8] = []
        escaping.append(text, &output)
        return String(decoding: output, as: UTF8.self)
    }
}
