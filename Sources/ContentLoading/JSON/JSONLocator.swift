import CatalogueModel
import Foundation

/// Finds where a value sits in a JSON file, for error messages. Only used once something is
/// already wrong (the text parsed, but a value is bad), so the fast JSON parser stays on the
/// normal path. A byte scanner walks down the key path; it never recurses into values it skips,
/// so size and depth cannot hurt it, and like JSONDecoder it takes the last of duplicate keys.
enum JSONLocator {
    package static func position(of keyPath: [String], in text: String) -> (line: Int, column: Int)? {
        cache.position(of: keyPath, in: text)
    }

    package static func error(_ path: String, text: String, keyPath: [String], _ message: String) -> Diagnostic {
        let at = position(of: keyPath, in: text)
        return .error(path, line: at?.line, column: at?.column, message)
    }

    private static let cache = Cache()

    /// A file with many bad values asks for many positions: its bytes and the members of every
    /// object or list visited are kept for the next question about the same text.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        private var bytes: [UInt8] = []
        /// Offset where each line starts, to turn offsets into lines without counting from the top.
        private var lineStarts: [Int] = []
        /// Offset of an object or list → its members (key or index → offset of the value).
        private var members: [Int: [String: Int]] = [:]

        func position(of keyPath: [String], in text: String) -> (line: Int, column: Int)? {
            lock.lock()
            defer { lock.unlock() }
            if text != self.text {
                self.text = text
                bytes = [UInt8](text.utf8)
                lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
                members = [:]
            }
            var offset = skipSpace(0)
            for key in keyPath {
                if members[offset] == nil { members[offset] = scanMembers(at: offset) }
                guard let next = members[offset]?[key] else { return nil }
                offset = next
            }
            guard offset < bytes.count else { return nil }
            // The last line start at or before the offset.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            // Columns count Unicode scalars: UTF-8 continuation bytes do not start one.
            let column = bytes[lineStarts[low]..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return (low + 1, column)
        }

        private func skipSpace(_ start: Int) -> Int {
            var i = start
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            }
            return i
        }

        /// Members of the object or list starting at `start`; empty for anything else.
        private func scanMembers(at start: Int) -> [String: Int] {
            guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else {
                return [:]
            }
            let isObject = bytes[start] == UInt8(ascii: "{")
            var result: [String: Int] = [:]
            var i = skipSpace(start + 1)
            var index = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: "]") {
                var key = String(index)
                if isObject {
                    guard bytes[i] == UInt8(ascii: "\""), let (name, end) = string(at: i) else { return result }
                    key = name
                    i = skipSpace(end)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return result }
                    i = skipSpace(i + 1)
                }
                result[key] = i
                i = skipSpace(skipValue(at: i))
                index += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i = skipSpace(i + 1) }
            }
            return result
        }

        /// Offset just past the value starting at `start`, counting brackets instead of recursing.
        private func skipValue(at start: Int) -> Int {
            var i = start
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i = string(at: i)?.end ?? bytes.count
                    if depth == 0 { return i }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return i }
                    depth -= 1
                    if depth == 0 { return i + 1 }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if depth == 0 { return i }
                default:
                    break
                }
                i += 1
            }
            return i
        }

        /// The decoded string starting at the quote at `start`, and the offset after its closing quote.
        private func string(at start: Int) -> (String, end: Int)? {
            var i = start + 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return (String(scalars), i + 1)
                }
                guard byte == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                    raw.append(byte)
                    i += 1
                    continue
                }
                flush()
                let escape = bytes[i + 1]
                i += 2
                switch escape {
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let high = hex4(at: i) else { return nil }
                    i += 4
                    var value = high
                    if (0xD800...0xDBFF).contains(high), i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(at: i + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    scalars.append(Unicode.Scalar(escape))
                }
            }
            return nil
        }

        private func hex4(at start: Int) -> UInt32? {
            guard start + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[start..<(start + 4)], as: UTF8.self), radix: 16)
        }
    }
}
