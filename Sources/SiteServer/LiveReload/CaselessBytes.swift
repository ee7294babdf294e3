extension Array where Element == UInt8 {
    /// Where `needle` (lowercase ASCII) first starts at or after `from`, its letters in either case:
    /// tag and attribute names in HTML bytes, which need not be valid UTF-8. Runs on every page
    /// `serve` sends, so it walks the bytes in spans.
    func firstCaseless(_ needle: [UInt8], from: Int = 0) -> Int? {
        caselessStart(of: needle, from: Swift.max(from, 0), reversed: false)
    }

    /// Where `needle` (lowercase ASCII) last starts, its letters in either case.
    func lastCaseless(_ needle: [UInt8]) -> Int? {
        caselessStart(of: needle, from: 0, reversed: true)
    }

    /// The first (or last) start at or after `from`.
    private func caselessStart(of needle: [UInt8], from: Int, reversed: Bool) -> Int? {
        // One past the last place the needle fits.
        let end = count - needle.count + 1
        guard !needle.isEmpty, from < end else { return nil }
        let bytes = span
        let needle = needle.span
        var start = reversed ? end - 1 : from
        while reversed ? start >= from : start < end {
            var offset = 0
            while offset < needle.count, bytes[start + offset] | 0x20 == needle[offset] | 0x20 { offset += 1 }
            if offset == needle.count { return start }
            start += reversed ? -1 : 1
        }
        return nil
    }
}
