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

    /// The template with `{example}` replaced by the phrase encoded as a query value: every byte
    /// but the unreserved ones (RFC 3986) is percent-encoded, so `&`, `#`, `=` and `+` in a phrase
    /// stay part of it.
    public static func link(_ template: String, example: String) -> String {
        var encoded = ""
        for byte in example.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                encoded += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return template.replacing(placeholder, with: encoded)
    }
}
