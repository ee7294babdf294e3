/// Text as it should reach a page: without the characters that change how the text around
/// them is displayed or that cannot be seen at all.
public enum VisibleText {
    /// Removes bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
    /// which can reverse the text that follows them on the page; zero-width spaces, word joiners
    /// and stray byte-order marks; and control characters. Zero-width (non-)joiners stay: emoji
    /// sequences and several scripts need them. Whitespace at either end is trimmed.
    public static func clean(_ text: String) -> String {
        // Printable ASCII, tabs and line breaks (most text) hold nothing to remove: one pass over bytes.
        func isPlain(_ byte: UInt8) -> Bool {
            (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        let bytes = text.utf8.span
        var plain = true
        for i in bytes.indices where !isPlain(bytes[i]) {
            plain = false
            break
        }
        guard !plain, text.unicodeScalars.contains(where: isRemoved) else { return text.trimmingWhitespace() }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isRemoved(scalar) { scalars.append(scalar) }
        return String(scalars).trimmingWhitespace()
    }

    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
