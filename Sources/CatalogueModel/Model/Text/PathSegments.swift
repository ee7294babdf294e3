extension String {
    /// `split(separator: "/", omittingEmptySubsequences:)`, found as bytes when the text is ASCII.
    /// There every character is one byte (or `\r\n`, which holds no `/`), so the slashes as bytes
    /// are the `/` characters; beyond ASCII a `/` may be part of a character (a combining accent
    /// after it), and the characters are split as ever. Character by character, splitting every
    /// page's path cost more than the rest of claiming it.
    package func slashSeparated(omittingEmpty: Bool) -> [Substring] {
        let utf8 = self.utf8
        guard !utf8.contains(where: { $0 >= 0x80 }) else {
            return split(separator: "/", omittingEmptySubsequences: omittingEmpty)
        }
        var segments: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == 0x2F {
                if !omittingEmpty || index != start { segments.append(self[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if !omittingEmpty || start != utf8.endIndex { segments.append(self[start..<utf8.endIndex]) }
        return segments
    }
}
