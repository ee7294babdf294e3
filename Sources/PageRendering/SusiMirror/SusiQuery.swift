/// The query string of a request to SUSI's read API, decoded as SUSI's server (Jetty's
/// `getParameter`) decodes it: `+` is a space, `%XX` a byte, the first value of a repeated name
/// wins. SUSI's web client joins `key=value` pairs without encoding them (fossasia/susi.ai
/// `src/helpers/ajax.js:45-51`), so values arrive raw (`group=Food and Drink`, a search for `50%`)
/// or percent-encoded (`group=Food%20and%20Drink`): a `%` that starts no escape is kept as it is,
/// and bytes that are not UTF-8 become U+FFFD, instead of the request being refused.
public struct SusiQuery: Sendable, Equatable {
    /// Longer query strings are refused (a skill list's whole query is under 300 bytes).
    public static let maxBytes = 4096

    /// The largest number a parameter is taken as (`count`, `page`, `offset`, `duration`): ten
    /// million is more skills than any catalogue has, and its square still fits an `Int`.
    static let largestNumber = 10_000_000

    public private(set) var values: [String: String] = [:]

    public init(_ raw: Substring) {
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            guard values[name] == nil else { continue }
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    public init(_ raw: String) { self.init(raw[...]) }

    public init(values: [String: String]) { self.values = values }

    public subscript(name: String) -> String? { values[name] }

    /// The value, trimmed, or nil when absent or empty: SUSI's servlets treat `group=` as not given.
    func given(_ name: String) -> String? {
        guard let value = values[name]?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }

    /// True only for `true` or `1`, as SUSI's `Query.get(key, boolean)` (Query.java:149-152).
    func flag(_ name: String) -> Bool {
        guard let value = given(name)?.lowercased() else { return false }
        return value == "true" || value == "1"
    }

    static func decode(_ part: Substring) -> String {
        guard part.utf8.contains(where: { $0 == 0x25 || $0 == 0x2B }) else { return String(part) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.utf8.count)
        let input = Array(part.utf8)
        var i = 0
        while i < input.count {
            let byte = input[i]
            if byte == 0x2B {
                bytes.append(0x20)
            } else if byte == 0x25, i + 2 < input.count, let high = hexValue(input[i + 1]),
                let low = hexValue(input[i + 2])
            {
                bytes.append(high << 4 | low)
                i += 2
            } else {
                bytes.append(byte)
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
