/// The site paths a page's internal links lead to, folded into 2,048 bits (a Bloom filter):
/// when a kept build removes paths, only pages whose bits say they may link to one are checked
/// again, not every page (at 10,000 skills the whole site's check was 350 ms of a deleted skill's
/// rebuild). A path the page links to always tests positive; one it does not rarely does.
package struct LinkTargets: Sendable, Equatable {
    private var words = [UInt64](repeating: 0, count: 32)
    /// Whether the page was checked (HTML or XML): other files have no links to look at.
    var checked = false

    /// The hash a target is recorded and tested by: FNV-1a over its UTF-8 bytes.
    static func hash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    mutating func insert(_ hash: UInt64) {
        let (a, b) = Self.bits(hash)
        words[a >> 6] |= 1 << UInt64(a & 63)
        words[b >> 6] |= 1 << UInt64(b & 63)
    }

    /// Adds the targets of `other`.
    mutating func formUnion(_ other: LinkTargets) {
        for i in words.indices { words[i] |= other.words[i] }
        checked = checked || other.checked
    }

    /// Whether a link of the page may lead to the path of this `hash`: false only when none does.
    func mayLead(to hash: UInt64) -> Bool {
        let (a, b) = Self.bits(hash)
        return words[a >> 6] & (1 << UInt64(a & 63)) != 0 && words[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    /// Two of the 2,048 bits, from the hash's low and high halves.
    private static func bits(_ hash: UInt64) -> (Int, Int) {
        (Int(hash & 2047), Int((hash >> 32) & 2047))
    }
}
