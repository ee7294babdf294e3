extension String {
    /// The text between two offsets into its UTF-8 bytes, for readers that scan `utf8.span` and
    /// cut where they found something: a character cut in the middle becomes U+FFFD. Offsets
    /// into a native string's bytes are found without walking them.
    package func utf8Text(_ range: Range<Int>) -> String {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
    }
}
