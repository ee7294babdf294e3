/// Nonzero 64-bit keys and their numbers, by open addressing: looked up without `Hasher`, which
/// was most of numbering every skill's words (`SkillTerm.packed` keys) and a tenth of the link
/// check's lookups (`KnownPaths`, keyed by a path's hash).
package struct NumberTable: Sendable {
    private var keys: [UInt64]
    private var numbers: [Int32]
    package private(set) var count = 0

    package init() { self.init(minimumCapacity: 0) }

    /// A table that holds `count` keys without growing.
    package init(minimumCapacity count: Int) {
        var slots = 1024
        while slots < 2 * count { slots *= 2 }
        keys = [UInt64](repeating: 0, count: slots)
        numbers = [Int32](repeating: 0, count: slots)
    }

    /// The number of `key` (nonzero), or nil when it has none.
    package func number(of key: UInt64) -> Int32? {
        let mask = keys.count - 1
        var i = Self.slot(key, mask)
        while keys[i] != 0 {
            if keys[i] == key { return numbers[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Gives `key` (nonzero) the number `number`, in place of any it had.
    package mutating func set(_ key: UInt64, to number: Int32) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = Self.slot(key, mask)
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i] == 0 { count += 1 }
        keys[i] = key
        numbers[i] = number
    }

    /// The top bits of the product (Fibonacci hashing): a product's low bits depend only on
    /// the key's low bits, so words that share their last letters would share their slots.
    @inline(__always)
    package static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - mask.nonzeroBitCount)) & mask
    }

    private mutating func grow() {
        let (oldKeys, oldNumbers) = (keys, numbers)
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        numbers = [Int32](repeating: 0, count: oldKeys.count * 2)
        count = 0
        for (key, number) in zip(oldKeys, oldNumbers) where key != 0 { set(key, to: number) }
    }
}
