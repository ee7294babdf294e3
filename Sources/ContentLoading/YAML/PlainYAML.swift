import CatalogueModel

/// Reads the plain YAML that nearly every skill's front matter is, without Yams: `key: value`
/// lines and lists of `- item` lines under a `key:`, values plain or quoted without escapes.
/// Anything else (comments, escapes, nesting, anchors, continued lines, duplicate keys, tabs,
/// spaces at a line's end, …) returns nil, for Yams to read. What it accepts it reads exactly as
/// Yams does, positions and styles included: `PlainYAMLDifferentialTests` compares the two over
/// generated documents, the fixtures and the fuzzers' inputs, and `FuzzPlainYAML` keeps looking.
///
/// Yams was a third of reading a large catalogue, most of it in building and then converting
/// its node tree.
enum PlainYAML {
    /// The top-level pairs, or nil when the text is not in the plain form.
    static func mapping(_ yaml: String) -> [YAMLNode.Pair]? {
        read(Array(yaml.utf8))
    }

    private static func read(_ bytes: [UInt8]) -> [YAMLNode.Pair]? {
        var pairs: [YAMLNode.Pair] = []
        var seen = Set<String>()
        // The open list: its key's index in `pairs`, its items and the indent they share.
        var list: (pair: Int, items: [YAMLNode], indent: Int, line: Int, column: Int)?
        var expectingList = false
        var lineNumber = 0
        var start = 0
        func closeList() {
            guard let open = list else { return }
            pairs[open.pair].value = YAMLNode(.sequence(open.items), line: open.line, column: open.column)
            list = nil
        }
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            if end == start { continue }  // An empty line.
            if bytes[start] == 0x20 || bytes[start] == 0x2D {
                // A list item: `- value`, indented as the list's first item.
                var dash = start
                while dash < end && bytes[dash] == 0x20 { dash += 1 }
                let indent = dash - start
                guard dash + 2 < end, bytes[dash] == 0x2D, bytes[dash + 1] == 0x20 else { return nil }
                if expectingList {
                    guard let index = pairs.indices.last else { return nil }
                    list = (index, [], indent, lineNumber, indent + 1)
                    expectingList = false
                }
                guard let open = list, open.indent == indent,
                    let item = scalar(bytes, from: dash + 2, to: end, line: lineNumber)
                else { return nil }
                list?.items.append(item)
                continue
            }
            // `key:` then a list, or `key: value`.
            guard !expectingList else { return nil }
            closeList()
            guard isKeyStart(bytes[start]) else { return nil }
            var colon = start + 1
            while colon < end && isKeyByte(bytes[colon]) { colon += 1 }
            guard colon < end, bytes[colon] == 0x3A, colon - start <= 1_000 else { return nil }
            let name = String(decoding: bytes[start..<colon], as: UTF8.self)
            guard seen.insert(name).inserted else { return nil }
            let key = YAMLNode(.scalar(name, style: .plain, tag: YAMLNode.stringTag), line: lineNumber, column: 1)
            if colon + 1 == end {
                expectingList = true
                pairs.append(YAMLNode.Pair(key: key, value: key))  // The value is set when the list closes.
                continue
            }
            guard bytes[colon + 1] == 0x20 else { return nil }
            var valueStart = colon + 1
            while valueStart < end && bytes[valueStart] == 0x20 { valueStart += 1 }
            guard let value = scalar(bytes, from: valueStart, to: end, line: lineNumber) else { return nil }
            pairs.append(YAMLNode.Pair(key: key, value: value))
        }
        guard !expectingList, !pairs.isEmpty else { return nil }
        closeList()
        return pairs
    }

    /// One value, the rest of its line: `"text"` or `'text'` without the quote inside (and in
    /// double quotes without `\`), or plain text that cannot mean anything else.
    private static func scalar(_ bytes: [UInt8], from start: Int, to end: Int, line: Int)
        -> YAMLNode?
    {
        guard start < end, allPrintable(bytes, start, end) else { return nil }
        let first = bytes[start]
        let last = bytes[end - 1]
        // Columns count characters; everything before a value is ASCII.
        let column = start - lineStart(bytes, start) + 1
        if first == 0x22 || first == 0x27 {
            guard end - start >= 2, last == first else { return nil }
            for index in (start + 1)..<(end - 1) where bytes[index] == first || (first == 0x22 && bytes[index] == 0x5C)
            {
                return nil
            }
            let text = String(decoding: bytes[(start + 1)..<(end - 1)], as: UTF8.self)
            return YAMLNode(.scalar(text, style: .quotedOrBlock, tag: YAMLNode.stringTag), line: line, column: column)
        }
        guard !isIndicator(first), last != 0x20, last != 0x3A else { return nil }
        for index in (start + 1)..<end {
            let byte = bytes[index]
            let before = bytes[index - 1]
            // `: ` starts a mapping and ` #` a comment.
            if (byte == 0x20 && before == 0x3A) || (byte == 0x23 && before == 0x20) { return nil }
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return YAMLNode(.scalar(text, style: .plain, tag: ""), line: line, column: column)
    }

    private static func lineStart(_ bytes: [UInt8], _ index: Int) -> Int {
        var start = index
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Printable as YAML defines it, and no character libyaml takes for a line break (U+0085,
    /// U+2028, U+2029) or a byte-order mark. Control characters and tabs go to Yams.
    private static func allPrintable(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F else { return false }
                index += 1
                continue
            }
            // The text is valid UTF-8 (it came from a String): look at the lead byte's sequence.
            switch byte {
            case 0xC2: guard index + 1 < end, bytes[index + 1] >= 0xA0 else { return false }  // U+0080–U+009F
            case 0xE2:
                guard index + 2 < end,
                    !(bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                else { return false }
            case 0xEF:
                guard index + 2 < end else { return false }
                if bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF { return false }  // U+FEFF
                // U+FFFE, U+FFFF
                if bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF) { return false }
            default: break
            }
            index += 1
        }
        return true
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isKeyStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Characters that give a plain value's first character another meaning.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"),
            UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"),
            UInt8(ascii: "@"),
            UInt8(ascii: "`"), UInt8(ascii: " "):
            return true
        default:
            return false
        }
    }
}
