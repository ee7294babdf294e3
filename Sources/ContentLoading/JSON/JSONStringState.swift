/// Where a byte scan over JSON stands with respect to strings: the scans that look for structure
/// (how deep it nests, numbers out of range, the container still open) pass over what strings
/// hold, escaped quotes included, all in the same way.
struct JSONStringState {
    private(set) var inString = false
    private var escaped = false

    /// Reads `byte`; true when it belongs to a string, its quotes included, which the scan passes over.
    mutating func read(_ byte: UInt8) -> Bool {
        guard inString else {
            inString = byte == UInt8(ascii: "\"")
            return inString
        }
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
        }
        return true
    }
}
