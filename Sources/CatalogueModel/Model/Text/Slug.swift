/// URL path segments made from names and ids: readable, lowercase, safe on every file system.
public enum Slug {
    /// Letters and digits of any script are kept (lowercased); every run of anything else becomes
    /// one `-`. An empty result becomes `_`, so no segment is ever empty or `.`/`..`.
    public static func segment(_ text: String) -> String {
        if let ascii = asciiSegment(text) { return ascii }
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
            for ch in out {
                if cut.utf8.count + String(ch).utf8.count > 120 { break }
                cut.append(ch)
            }
            out = cut
        }
        return out.isEmpty ? "_" : out
    }

    /// `segment` of ASCII text, byte by byte (ASCII letters and digits are exactly the ASCII
    /// scalars the general rule keeps). Nil for other text.
    static func asciiSegment(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case 0x30...0x39, 0x61...0x7A, 0x41...0x5A:
                if pendingDash && !out.isEmpty { out.append(0x2D) }
                pendingDash = false
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            case 0x27:  // an apostrophe joins ("don't" → "dont")
                break
            default:
                pendingDash = true
            }
        }
        if out.count > 120 { out.removeLast(out.count - 120) }
        return out.isEmpty ? "_" : String(decoding: out, as: UTF8.self)
    }

    /// A slash-separated id (`news/Headline Finder`) as a path (`news/headline-finder`).
    public static func path(_ id: String) -> String {
        let path = id.slashSeparated(omittingEmpty: true).map { segment(String($0)) }.joined(
            separator: "/")
        return path.isEmpty ? "_" : path
    }

    /// Percent-encodes what may not stand raw in an href (non-ASCII, spaces, reserved characters).
    /// - Parameter keepingSlashes: false for one path segment, where a `/` must be encoded too.
    public static func encodeForHref(_ path: String, keepingSlashes: Bool = true) -> String {
        func stays(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true  // letters, digits, - . _ ~
            case 0x2F: keepingSlashes
            default: false
            }
        }
        // Nearly every path is slugs and slashes: returned as it is, with no copy made.
        guard path.utf8.contains(where: { !stays($0) }) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if stays(byte) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
