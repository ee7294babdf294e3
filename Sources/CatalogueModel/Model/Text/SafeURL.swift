/// Decides which author-supplied URLs may become links. Skill authors are the public: only
/// `http`, `https` and `mailto` pass, judged after removing what browsers ignore.
public enum SafeURL {
    public static func external(_ raw: String?) -> String? {
        guard let raw, !Placeholder.isPlaceholder(raw) else { return nil }
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty, text.count <= 2048 else { return nil }
        // Browsers strip tabs and newlines inside URLs ("java\tscript:"); refuse any control or
        // space character rather than guess what a browser would make of it.
        for scalar in text.unicodeScalars where scalar.value < 0x21 || scalar.value == 0x7F || isInvisible(scalar) {
            return nil
        }
        // Characters a URL never holds unencoded; in an attribute they could only mean mischief.
        if text.contains(where: { "\"<>`\\".contains($0) }) { return nil }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        let rest = text[text.index(after: colon)...]
        switch scheme {
        case "http", "https":
            guard rest.hasPrefix("//"), rest.count > 2 else { return nil }
            let host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty else { return nil }
            return text
        case "mailto":
            return rest.contains("@") ? text : nil
        default:
            return nil
        }
    }

    public static func isHTTP(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Bidi overrides and zero-width characters, which can disguise where a link goes.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}

/// SUSI's editor writes templates whose unfilled values (`<description>`, `<link>`,
/// `images/<image_name>`, `<Yes/No>`) mean "not given".
public enum Placeholder {
    public static func isPlaceholder(_ value: String) -> Bool {
        let text = value.trimmingWhitespace()
        if text.hasPrefix("<") && text.hasSuffix(">") && !text.dropFirst().contains("<") { return true }
        if text.hasPrefix("images/<") && text.hasSuffix(">") { return true }
        return false
    }

    /// For a required field that holds only a placeholder (or something shaped like one, such
    /// as a lone HTML tag).
    package static func requiredMessage(_ field: String, _ raw: String) -> String {
        "`\(field)` holds only `\(raw.trimmingWhitespace().prefix(60))`, which reads as a placeholder like SUSI's `<name>`; write real text"
    }

    /// The value, or nil when it is empty or a placeholder.
    public static func given(_ value: String?) -> String? {
        guard let value else { return nil }
        let text = value.trimmingWhitespace()
        if text.isEmpty || isPlaceholder(text) { return nil }
        return text
    }
}

extension String {
    package func trimmingWhitespace() -> String { self[...].trimmingWhitespace() }
}

extension Substring {
    package func trimmingWhitespace() -> String {
        // The scalar view slices exactly at scalars (String's own subscript rounds to whole
        // characters), and one copy of the rest replaces a rebuild scalar by scalar.
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard Self.isWhitespace(scalars[before]) else { break }
            end = before
        }
        // Nearly every text has nothing to trim: a whole string is returned as it is, not copied.
        if start == base.startIndex && end == base.endIndex { return base }
        return String(scalars[start..<end])
    }

    /// Unicode's White_Space, answered without a property lookup for ASCII (tab to carriage
    /// return and the space are its only ASCII members).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
