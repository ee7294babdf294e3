import Foundation

/// A page's bytes as the link check reads them, never changed: the byte-level half of
/// `LinkCheck.scan`'s tokenizer, and the one view of those bytes the check, its readings of
/// repeated markup and its path table use. Lent for the length of `reading`, and unchecked
/// inside: its methods are inlined into the scan, which runs for every byte of every page (a
/// bounds check on each byte, or a retained array, was a tenth of the check); the scan keeps
/// its own state (where it stands, whether everything ended) in locals.
struct MarkupScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    let n: Int

    /// The attribute and element names the scan compares, lowercase ASCII, as locals: a static
    /// read in the loop costs a `swift_once` check each time.
    struct Names {
        let href = LinkCheck.hrefName
        let src = LinkCheck.srcName
        let srcset = LinkCheck.srcsetName
        let action = LinkCheck.actionName
        let loc = LinkCheck.locName
        let script = LinkCheck.scriptName
        let style = LinkCheck.styleName
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        n = bytes.count
    }

    /// `body` with a scanner of `data`'s bytes, valid within it.
    static func reading<R>(_ data: Data, _ body: (MarkupScanner) -> R) -> R {
        data.withUnsafeBytes { body(MarkupScanner($0.bindMemory(to: UInt8.self))) }
    }

    /// `body` with a scanner of `bytes`, valid within it.
    static func reading<R>(_ bytes: [UInt8], _ body: (MarkupScanner) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(MarkupScanner($0)) }
    }

    @inline(__always) subscript(_ index: Int) -> UInt8 { bytes[index] }

    /// The bytes at `range` as a scanner of their own, valid as long as this one.
    func part(_ range: Range<Int>) -> MarkupScanner { MarkupScanner(UnsafeBufferPointer(rebasing: bytes[range])) }

    /// The bytes at `range`, as a sequence for the check's hashes and comparisons.
    @inline(__always) func slice(_ range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[range] }

    /// The bytes at `range` as text (bytes that are not UTF-8 become U+FFFD).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether the bytes at `range` start with `prefix`, exactly.
    @inline(__always) func has(_ prefix: [UInt8], at range: Range<Int>) -> Bool {
        range.count >= prefix.count && same(range.lowerBound..<(range.lowerBound + prefix.count), as: prefix, 0)
    }

    /// Whether the bytes at `range` are `other`'s from `start`, compared with `memcmp`: a
    /// byte-at-a-time loop was a tenth of the link check.
    @inline(__always) func same(_ range: Range<Int>, as other: [UInt8], _ start: Int) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= n, start >= 0, start + range.count <= other.count else {
            return false
        }
        guard let base = bytes.baseAddress, !range.isEmpty else { return true }
        return other.withUnsafeBufferPointer { other in
            other.baseAddress.map { memcmp(base + range.lowerBound, $0 + start, range.count) == 0 } ?? false
        }
    }

    /// The eight bytes at `index` as one integer, in the machine's order (`index + 8 <= n`).
    @inline(__always) func word(at index: Int) -> UInt64 {
        UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self)
    }

    /// `word(at:)` of the eight bytes of `bytes` at `offset`, assembled without a pointer: the
    /// same integer, for values kept to compare with a page's words.
    static func word(of bytes: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + k]) }
        return UInt64(littleEndian: value)
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C
    }

    @inline(__always) static func isNameByte(_ b: UInt8) -> Bool {
        !isSpace(b) && b != 0x3E && b != 0x2F && b != 0x3D && b != 0x3C
    }

    /// Whether bytes[start..<end] is `name` (lowercase ASCII), in any case.
    @inline(__always) func isName(_ name: [UInt8], _ start: Int, _ end: Int) -> Bool {
        guard end - start == name.count else { return false }
        for k in 0..<name.count where Self.lower(bytes[start + k]) != name[k] { return false }
        return true
    }

    @inline(__always) func starts(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= n else { return false }
        for k in 0..<pattern.count where Self.lower(bytes[index + k]) != pattern[k] { return false }
        return true
    }

    /// The first index at or after `index` holding `byte`, or `n`.
    @inline(__always) func find(_ byte: UInt8, from index: Int) -> Int {
        guard index < n, let base = bytes.baseAddress, let hit = memchr(base + index, Int32(byte), n - index) else {
            return n
        }
        return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Just past the next `pattern` (letters in any case; every pattern starts with a non-letter);
    /// nil when there is none.
    @inline(__always) func skip(past pattern: [UInt8], from index: Int) -> Int? {
        var j = find(pattern[0], from: index)
        while j < n {
            if starts(pattern, at: j) { return j + pattern.count }
            j = find(pattern[0], from: j + 1)
        }
        return nil
    }

    /// Reads a start tag's attributes from `start` to its `>`, visiting the values of those that
    /// hold links; returns where it stopped (at the `>`, or `n`), and false for a quoted value
    /// that never closed.
    @inline(__always) func attributes(
        from start: Int, _ names: Names, _ visit: (LinkCheck.RawReference) -> Void
    ) -> (end: Int, quotesClosed: Bool) {
        var quotesClosed = true
        var j = start
        while j < n && bytes[j] != 0x3E {
            if Self.isSpace(bytes[j]) || bytes[j] == 0x2F {
                j += 1
                continue
            }
            let attrStart = j
            while j < n && Self.isNameByte(bytes[j]) { j += 1 }
            if j == attrStart {
                j += 1
                continue
            }
            let attrEnd = j
            while j < n && Self.isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == 0x3D else { continue }  // no value
            j += 1
            while j < n && Self.isSpace(bytes[j]) { j += 1 }
            guard j < n else { break }
            var valueStart = j
            var valueEnd = j
            if bytes[j] == 0x22 || bytes[j] == 0x27 {
                let quote = bytes[j]
                valueStart = j + 1
                j = find(quote, from: valueStart)
                valueEnd = j
                if j < n { j += 1 } else { quotesClosed = false }
            } else {
                while j < n && !Self.isSpace(bytes[j]) && bytes[j] != 0x3E { j += 1 }
                valueEnd = j
            }
            let isSrcset = isName(names.srcset, attrStart, attrEnd)
            if isSrcset || isName(names.href, attrStart, attrEnd) || isName(names.src, attrStart, attrEnd)
                || isName(names.action, attrStart, attrEnd)
            {
                visit(LinkCheck.RawReference(kind: isSrcset ? .srcset : .attribute, range: valueStart..<valueEnd))
            }
        }
        return (j, quotesClosed)
    }
}
