import Foundation

/// The bucket a client address counts against. Proxies and sockets write one client several
/// ways (`198.51.100.9`, `::ffff:198.51.100.9`, `198.51.100.9:1234`, `[2001:db8::1]:443`), and an
/// IPv6 subscriber is given a whole /64 to pick addresses from: each of those is one bucket.
/// Text that is no address at all (a proxy's own words) is its own bucket, as it came.
enum RateLimitKey {
    static func of(_ address: String) -> String {
        var text = address.trimmingCharacters(in: .whitespaces).lowercased()
        // `[v6]:port` and `[v6]`.
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        }
        // `v4:port`: one colon, and dots before it.
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":"),
            let v4 = ipv4(text[..<colon])
        {
            return v4
        }
        if let v4 = ipv4(Substring(text)) { return v4 }
        guard let groups = ipv6(text) else { return address }
        // An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is that IPv4 address.
        if groups[0..<5].allSatisfy({ $0 == 0 }) && groups[5] == 0xFFFF {
            return "\(groups[6] >> 8).\(groups[6] & 0xFF).\(groups[7] >> 8).\(groups[7] & 0xFF)"
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// `a.b.c.d` with each part 0–255, written back without leading zeros.
    static func ipv4(_ text: Substring) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let value = Int(part), value <= 255 else {
                return nil
            }
            values.append(value)
        }
        return values.map(String.init).joined(separator: ".")
    }

    /// The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail allowed; a zone
    /// `%eth0` dropped), or nil.
    static func ipv6(_ text: String) -> [UInt16]? {
        let address = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2, address.contains(":") else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4(piece) {
                    let bytes = v4.split(separator: ".").compactMap { UInt16($0) }
                    result += [bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3]]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
