import Mustache

/// The content type every template is rendered with: swift-mustache's own HTML escaping walks
/// Swift `Character`s, so `"` followed by a combining mark (one Character) slips through
/// unescaped and closes an attribute. Ours escapes Unicode scalars (`HTML.escape`).
struct HTMLContent: MustacheContentType {
    /// The name the `CONTENT_TYPE` pragma looks up. It replaces the library's `HTML` entry, so a
    /// template that names `HTML` itself gets the safe escaping too.
    package static let name = "HTML"

    /// Put in front of every template's source. On the template's first line, so line numbers in
    /// template errors stay as the user's file has them.
    package static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    /// Registers the type once per process, before any template is parsed.
    static let registered: Void = MustacheContentTypes.register(HTMLContent(), named: name)

    package func escapeText(_ text: String) -> String {
        HTML.escape(text)
    }
}
