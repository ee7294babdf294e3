import Foundation

extension String {
    /// The offset of the first UTF-8 byte of the text that `table` marks (a table by byte
    /// value), or nil. Read where the bytes lie: escaping runs this for every value a page
    /// prints, most of them short, where getting a span cost as much as reading it.
    @inlinable
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
    @inlinable
    package mutating func append(utf8Of text: String, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var text = text
        text.withUTF8 { bytes in append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range])) }
    }

    /// Appends the UTF-8 bytes of `text`, each byte that `marked` marks (a table by byte value)
    /// handed to `escape` with the text's bytes and its offset: `escape` appends what stands for
    /// it and answers how many bytes that was (0 keeps the byte). Runs between are copied at
    /// once. The writers' escaping (HTML, JSON) in one pass where the bytes lie, inlined into
    /// each: a value printed costs no call, no bounds check per byte and no retain.
    @inlinable
    package mutating func append(
        utf8Of text: String, escaping marked: [Bool],
        _ escape: (_ bytes: Span<UInt8>, _ offset: Int, _ output: inout [UInt8]) -> Int
    ) {
        var text = text
        text.withUTF8 { bytes in
            marked.withUnsafeBufferPointer { marked in
                let span = bytes.span
                var start = 0
                var index = 0
                while index < bytes.count {
                    guard marked[Int(bytes[index])] else {
                        index &+= 1
                        continue
                    }
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    var taken = escape(span, index, &self)
                    if taken == 0 {
                        append(bytes[index])
                        taken = 1
                    }
                    index &+= taken
                    start = index
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
    }
}

extension String {
    /// `scaled` ÷ 10^`fractionDigits` in decimal, every fraction digit written (the caller drops
    /// trailing zeros first): ASCII digits right to left on the stack, then one string, held
    /// inline when 15 bytes or fewer. A chart writes dozens per page, where interpolation cost
    /// an allocation per piece. At most 24 fraction digits.
    package static func decimal(_ scaled: Int, fractionDigits: Int) -> String {
        var magnitude = scaled.magnitude
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var end = buffer.count
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<Swift.min(fractionDigits, 24) {
                put(0x30 + UInt8(magnitude % 10))
                magnitude /= 10
            }
            if fractionDigits > 0 { put(0x2E) }
            repeat {
                put(0x30 + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if scaled < 0 { put(0x2D) }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }
}

extension Array where Element == UInt8 {
    /// The offset of the first `byte` within `range`, or `range.upperBound` when there is none:
    /// `memchr`, as the vote-log reader finds each line's end in files of millions of lines.
    @inlinable
    package func offset(of byte: UInt8, in range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<count)
        return withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty,
                let hit = memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return range.upperBound }
            return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        }
    }
}

extension Data {
    /// The first line (ended by LF or by the end) longer than `limit` bytes: its number from 1
    /// and its length; nil when every line fits. `memchr` from line to line.
    package func firstLine(longerThan limit: Int) -> (number: Int, length: Int)? {
        withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (number: Int, length: Int)? in
            guard let base = raw.baseAddress else { return nil }
            var start = 0
            var number = 1
            while start < raw.count {
                let end = memchr(base + start, 0x0A, raw.count - start).map { UnsafeRawPointer($0) - base } ?? raw.count
                if end - start > limit { return (number, end - start) }
                start = end + 1
                number += 1
            }
            return nil
        }
    }
}
