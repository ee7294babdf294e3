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
        if isClean(text.utf8.span) { return nil }
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

    /// Whether UTF-8 `bytes` hold no control character. Each byte is tested with the one before
    /// it (C1 controls are two bytes) and the tests are or-ed, with no early exit, so the
    /// compiler tests many bytes at a time: a byte at a time with a branch each took a tenth of
    /// reading the skills.
    static func isClean(_ bytes: Span<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return true }
        var bad: UInt8 = isBad(0, bytes[0])
        for i in 1..<bytes.count { bad |= isBad(bytes[i - 1], bytes[i]) }
        return bad == 0
    }

    /// 1 when `byte`, after `previous`, is or ends a control character, else 0.
    @inline(__always)
    private static func isBad(_ previous: UInt8, _ byte: UInt8) -> UInt8 {
        let c0: UInt8 = byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D ? 1 : 0
        let delete: UInt8 = byte == 0x7F ? 1 : 0
        let c1: UInt8 = previous == 0xC2 && byte & 0xE0 == 0x80 ? 1 : 0
        return c0 | delete | c1
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
