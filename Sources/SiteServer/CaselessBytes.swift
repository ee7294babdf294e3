extension Array where Element == UInt8 {
    /// Whether `needle` (lowercase ASCII) starts at `start`, its letters in either case: tag and
    /// attribute names in HTML bytes, which need not be valid UTF-8.
    func hasCaseless(_ needle: [UInt8], at start: Int) -> Bool {
        guard start >= 0, start + needle.count <= count else { return false }
        return zip(self[start...], needle).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}
