extension String {
    /// The bytes between two offsets into the text's UTF-8, for code that scans `utf8.span` and
    /// copies the runs between what it found: appended to an array, they are copied at once.
    /// Offsets into a native string's bytes are found without walking them.
    package func utf8Bytes(_ range: Range<Int>) -> Substring.UTF8View {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return utf8[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// `utf8Bytes(range)` as a string: a character cut in the middle becomes U+FFFD.
    package func utf8Text(_ range: Range<Int>) -> String {
        String(decoding: utf8Bytes(range), as: UTF8.self)
    }
}
