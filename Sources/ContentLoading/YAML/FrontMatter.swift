/// Splits a Markdown file into its YAML front matter and body.
package struct FrontMatter {
    package var yaml: String
    /// Lines before the YAML text starts (the opening `---`), to report file line numbers.
    var yamlLineOffset: Int
    package var body: String

    package enum Problem: Error, Equatable {
        case missingOpening
        case missingClosing
    }

    /// Works on UTF-8 bytes: this runs once per skill, and scanning Characters was the
    /// largest cost of loading a big catalogue.
    package static func split(_ text: String) throws(Problem) -> FrontMatter {
        // The text's own bytes, not a copy of every skill file.
        let bytes = text.utf8.span
        var lineStart = 0
        var lineNumber = 0
        var yamlStart: Int?
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var next = lineEnd
            if next < bytes.count {
                next += (bytes[next] == 0x0D && next + 1 < bytes.count && bytes[next + 1] == 0x0A) ? 2 : 1
            } else {
                next += 1
            }
            let isDelimiter = isFence(bytes, lineStart, lineEnd)
            if lineNumber == 0 {
                guard isDelimiter == .dashes else { throw .missingOpening }
                yamlStart = next
            } else if isDelimiter != nil, let start = yamlStart {
                let yaml = normalisedLines(bytes, start..<min(lineStart, bytes.count))
                let body = next < bytes.count ? text.utf8Text(next..<bytes.count) : ""
                return FrontMatter(yaml: yaml, yamlLineOffset: 1, body: body)
            }
            lineNumber += 1
            lineStart = next
        }
        throw .missingClosing
    }

    private enum Fence { case dashes, dots }

    /// `---` (or `...` to close), with trailing spaces allowed.
    private static func isFence(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) -> Fence? {
        var last = end
        while last > start && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
        guard last - start == 3 else { return nil }
        if bytes[start] == 0x2D && bytes[start + 1] == 0x2D && bytes[start + 2] == 0x2D { return .dashes }
        if bytes[start] == 0x2E && bytes[start + 1] == 0x2E && bytes[start + 2] == 0x2E { return .dots }
        return nil
    }

    /// YAML text with CRLF or CR line ends made LF, so reported lines match the file's; the
    /// trailing line break is dropped.
    private static func normalisedLines(_ bytes: Span<UInt8>, _ range: Range<Int>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0x0D {
                out.append(0x0A)
                if index + 1 < range.upperBound && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                out.append(byte)
            }
            index += 1
        }
        if out.last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
