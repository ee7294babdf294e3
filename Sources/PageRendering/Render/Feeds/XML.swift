/// Text for XML files (feed, sitemap): escaped, and without the characters XML 1.0 forbids,
/// which skill files may still contain (JSON allows `\u0001`) and which would make the whole file
/// unreadable to a feed reader.
enum XML {
    package static func escape(_ text: String) -> String {
        // Most text (every URL of a sitemap) has nothing to escape or drop: it stands as it is.
        // 0xEF leads U+FFFE and U+FFFF, which are dropped, among others that the loop keeps.
        let plain = !text.utf8.contains { byte in
            (byte < 0x20 && byte != 0x9 && byte != 0xA && byte != 0xD) || byte == 0x26 || byte == 0x3C
                || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF
        }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                let allowed =
                    v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF)
                    || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
