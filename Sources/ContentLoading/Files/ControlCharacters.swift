import CatalogueModel
import Foundation

/// Control characters in text meant for pages: C0 controls other than tab, line feed and
/// carriage return, DEL, and the C1 controls (U+0080–U+009F). A NUL ends the text for C
/// libraries (libcmark cut descriptions short at one, without a word), and none of them is
/// allowed in HTML. In the catalogue's own files they are errors at their line and column; in
/// community SUSI files they are removed with a warning.
enum ControlCharacters {
    struct Found: Equatable {
        package var line: Int
        /// In characters (Unicode scalars), from 1, as editors count.
        package var column: Int
        package var scalar: Unicode.Scalar
        /// How many there are in the text.
        package var count: Int

        package var name: String {
            let names: [UInt32: String] = [
                0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
                0x1B: "escape", 0x7F: "DEL",
            ]
            let code = String(format: "U+%04X", scalar.value)
            return names[scalar.value].map { "\(code) (\($0))" } ?? code
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// The first control character in `text` and how many there are; nil when there is none.
    package static func first(in text: String) -> Found? {
        // Most text has none: one pass over the bytes (C1 controls are 0xC2 0x80–0x9F in UTF-8).
        let clean = text.utf8.withContiguousStorageIfAvailable { isClean(UnsafeRawBufferPointer($0)) }
        if clean == true { return nil }
        var found: Found?
        var line = 1
        var column = 0
        for scalar in text.unicodeScalars {
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
            } else if isControl(scalar) {
                if found == nil {
                    found = Found(line: line, column: column, scalar: scalar, count: 1)
                } else {
                    found?.count += 1
                }
            }
        }
        return found
    }

    /// Whether UTF-8 `bytes` hold no control character. Eight bytes at a time: a word with no
    /// byte below 0x20, no DEL and no 0xC2 (the lead byte of every C1 control) holds none, and
    /// only the few others (a line break, a `©`) are read byte by byte. Each byte alone took a
    /// tenth of reading the skills.
    static func isClean(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `word` is zero (exact, for the word as a whole).
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let below20 = (word &- ones &* 0x20) & ~word & highs != 0
            if below20 || hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0xC2)) {
                // The byte after the word too: a C1 control's second byte when the word ends in 0xC2.
                let end = min(index + 9, bytes.count)
                if !isClean(bytes, index..<end) { return false }
            }
            index += 8
        }
        // A word that ended in 0xC2 was read with the byte after it, the first of these.
        return isClean(bytes, index..<bytes.count)
    }

    /// `range` of `bytes` read byte by byte; a C1 control's lead byte before `range` is not seen.
    private static func isClean(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        var previous: UInt8 = 0
        for k in range {
            let byte = bytes[k]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
            if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return false }
            previous = byte
        }
        return true
    }

    package static func removed(from text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
    }

    /// The error for a catalogue file: where the first one is, and how many there are.
    package static func error(_ found: Found, path: String, what: String = "the file") -> Diagnostic {
        let more = found.count > 1 ? " (and \(found.count - 1) more)" : ""
        return .error(
            path, line: found.line, column: found.column,
            "\(what) holds the control character \(found.name)\(more), which cannot appear on a page; remove it")
    }
}
