import CatalogueModel

/// Escaping for text and attribute values: the five characters that matter in HTML.
public enum HTML {
    /// Works on UTF-8 bytes, so on Unicode scalars as an HTML parser reads them: a quote followed
    /// by a combining mark is one Swift `Character` (`"\u{301}`), which character-wise escaping
    /// misses, yet it still closes an attribute in a browser.
    public static func escape(_ text: String) -> String {
        guard text.firstUTF8Offset(markedIn: escapes) != nil else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 24)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `escape(text)`'s bytes appended to `output`, without making the escaped text first: what
    /// every `{{name}}` of a page does.
    public static func escape(_ text: String, into output: inout [UInt8]) {
        output.append(utf8Of: text, escaping: escapes) { bytes, at, out in
            switch bytes[at] {
            case 0x26: out.append(contentsOf: amp)
            case 0x3C: out.append(contentsOf: lt)
            case 0x3E: out.append(contentsOf: gt)
            case 0x22: out.append(contentsOf: quot)
            default: out.append(contentsOf: apos)
            }
            return 1
        }
    }

    private static let escapes: [Bool] = (0..<256).map { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }
    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)

    /// Shortens text to at most `limit` characters at a word boundary, adding "…".
    public static func truncate(_ text: String, to limit: Int) -> String {
        if let ascii = truncateASCII(text, to: limit) { return ascii }
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard collapsed.count > limit else { return collapsed }
        var cut = String(collapsed.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        while let last = cut.last, last.isPunctuation || last.isWhitespace { cut.removeLast() }
        return cut + "…"
    }

    /// `truncate` for ASCII text, byte by byte (one ASCII byte is one character; the Unicode
    /// property lookups of the general path cost more than the rest of a card). Nil otherwise.
    static func truncateASCII(_ text: String, to limit: Int) -> String? {
        let asciiClass = asciiClass
        let whitespace = whitespace
        let punctuation = punctuation
        let bytes = text.utf8.span
        var out = [UInt8]()
        out.reserveCapacity(min(bytes.count, limit + 4))
        var pendingSpace = false
        for i in bytes.indices {
            let byte = bytes[i]
            guard byte < 0x80 else { return nil }
            if asciiClass[Int(byte)] & whitespace != 0 {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(byte)
            // One byte past the limit is enough to know the text is cut.
            if out.count > limit { break }
        }
        guard out.count > limit else { return String(decoding: out, as: UTF8.self) }
        out.removeLast(out.count - limit)
        if let space = out.lastIndex(of: 0x20), space > limit / 2 { out.removeLast(out.count - space) }
        while let last = out.last, asciiClass[Int(last)] & (whitespace | punctuation) != 0 { out.removeLast() }
        return String(decoding: out, as: UTF8.self) + "…"
    }

    private static let whitespace: UInt8 = 1, punctuation: UInt8 = 2
    /// `Character.isWhitespace` and `isPunctuation` of each ASCII byte, taken from the standard
    /// library so both paths agree.
    private static let asciiClass: [UInt8] = (0..<128).map { byte in
        let character = Character(Unicode.Scalar(UInt8(byte)))
        return (character.isWhitespace ? whitespace : 0) | (character.isPunctuation ? punctuation : 0)
    }
}
