import Foundation

extension String {
    /// The offset of the first UTF-8 byte of the text that `table` marks (a table by byte
    /// value), or nil. Read where the bytes lie: escaping runs this for every value a page
    /// prints, most of them short, where getting a span cost as much as reading it.
    package func firstUTF8Offset(markedIn table: [Bool]) -> Int? {
        var text = self
        return text.withUTF8 { bytes in
            table.withUnsafeBufferPointer { table in
                for index in bytes.indices where table[Int(bytes[index])] { return index }
                return nil
            }
        }
    }

    /// Whether every byte is ASCII: eight bytes at a time, with no early exit.
    package var isASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var seen: UInt64 = 0
            var i = 0
            while i &+ 8 <= bytes.count {
                seen |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i &+= 8
            }
            while i < bytes.count {
                seen |= UInt64(base[i])
                i &+= 1
            }
            return seen & 0x8080_8080_8080_8080 == 0
        }
    }
}

extension Substring.UTF8View {
    /// Whether byte `first` occurs directly followed by `second`: `memchr` for each `first`,
    /// as a Markdown summary looks for `]:` in the rest of a description, most of it.
    package func contains(_ first: UInt8, followedBy second: UInt8) -> Bool {
        let found = withContiguousStorageIfAvailable { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var at = 0
            while at < buffer.count, let hit = memchr(base + at, Int32(first), buffer.count - at) {
                let index = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if index + 1 < buffer.count && base[index + 1] == second { return true }
                at = index + 1
            }
            return false
        }
        return found ?? zip(self, dropFirst()).contains { $0 == first && $1 == second }
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` at offsets `range`, copied at once (a run cut from the
    /// string as a `Substring.UTF8View` is appended a byte at a time). The writers' one way of
    /// copying the runs between what they escape.
    package mutating func append(utf8Of text: String, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var text = text
        text.withUTF8 { bytes in append(contentsOf: bytes[range]) }
    }
}
