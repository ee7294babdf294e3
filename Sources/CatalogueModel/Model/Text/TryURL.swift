/// `try_url` in site.yml: where a visitor can try an example phrase, as a link on each phrase.
public enum TryURL {
    public static let placeholder = "{example}"

    /// An http(s) URL holding the placeholder. Anything else (a `javascript:` URL, a relative
    /// path) is refused: the link goes on every skill page, with text from strangers in it.
    public static func isValid(_ template: String) -> Bool {
        let lower = template.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        guard template.contains(placeholder) else { return false }
        return !template.unicodeScalars.contains {
            $0.value <= 0x20 || $0.value == 0x7F || "<>\"'`\\".unicodeScalars.contains($0)
        }
    }

    /// The template with `{example}` replaced by the phrase encoded as a query value (`QueryValue`),
    /// so `&`, `#`, `=` and `+` in a phrase stay part of it.
    public static func link(_ template: String, example: String) -> String {
        template.replacing(placeholder, with: QueryValue.encoded(example))
    }
}
