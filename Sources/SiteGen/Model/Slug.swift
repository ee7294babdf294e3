/// URL path segments made from names and ids: readable, lowercase, safe on every file system.
public enum Slug {
    /// Letters and digits of any script are kept (lowercased); every run of anything else becomes
    /// one `-`. An empty result becomes `_`, so no segment is ever empty or `.`/`..`.
    public static func segment(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let p = scalar.properties
            if p.isAlphabetic || p.numericType != nil {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if scalar != "'" && scalar != "’" {
                pendingDash = true
            }
        }
        // Keep segments well under file-system name limits.
        if out.utf8.count > 120 {
            var cut = ""
            for ch in out { if cut.utf8.count + String(ch).utf8.count > 120 { break }; cut.append(ch) }
            out = cut
        }
        return out.isEmpty ? "_" : out
    }

    /// A slash-separated id (`news/Headline Finder`) as a path (`news/headline-finder`).
    public static func path(_ id: String) -> String {
        let path = id.split(separator: "/", omittingEmptySubsequences: true).map { segment(String($0)) }.joined(separator: "/")
        return path.isEmpty ? "_" : path
    }

    /// Percent-encodes what may not stand raw in an href (non-ASCII, spaces, reserved characters).
    public static func encodeForHref(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || "-._~/".contains(c)
            {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
