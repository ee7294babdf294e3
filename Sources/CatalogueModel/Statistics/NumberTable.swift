/// Nonzero 64-bit keys and their numbers, by open addressing: looked up without `Hasher`, which
/// was most of numbering every skill's words (`SkillTerm.packed` keys) and a tenth of the link
/// check's lookups (`KnownPaths`, keyed by a path's hash).
package struct NumberTable: Sendable {
    /// A key beside its number: a look reads one cache line, not one in each of two arrays.
    private struct Slot {
        var key: UInt64 = 0
        var number: Int32 = 0
    }
    private var slots: [Slot]
    package private(set) var count = 0

    package init() { self.init(minimumCapacity: 0) }

    /// A table that holds `count` keys without growing.
    package init(minimumCapacity count: Int) {
        var slots = 1024
        while slots < 2 * count { slots *= 2 }
        self.slots = [Slot](repeating: Slot(), count: slots)
    }

    /// The number of `key` (nonzero), or nil when it has none.
    @inline(__always)
    package func number(of key: UInt64) -> Int32? {
        let slots = slots.span
        let i = Self.place(of: key, in: slots)
        return slots[i].key == 0 ? nil : slots[i].number
    }

    /// The number of `key` (nonzero), given `number` first when it has none: one look for both.
    @inline(__always)
    package mutating func number(of key: UInt64, orGive number: Int32) -> (number: Int32, isNew: Bool) {
        if (count &+ 1) &* 2 > slots.count { grow() }
        if let found = Self.number(of: key, orGive: number, in: &slots) { return (found, false) }
        count &+= 1
        return (number, true)
    }

    /// Gives `key` (nonzero) the number `number`, in place of any it had.
    package mutating func set(_ key: UInt64, to number: Int32) {
        if (count + 1) * 2 > slots.count { grow() }
        if Self.put(key, number, in: &slots) { count += 1 }
    }

    /// The number `slots` holds for `key`; nil when it held none, and now holds `number`.
    @inline(__always)
    private static func number(of key: UInt64, orGive number: Int32, in slots: inout [Slot]) -> Int32? {
        var table = slots.mutableSpan
        let i = place(of: key, in: table.span)
        guard table[i].key == 0 else { return table[i].number }
        table[i] = Slot(key: key, number: number)
        return nil
    }

    /// Puts `number` in `key`'s slot; true when the key had none.
    private static func put(_ key: UInt64, _ number: Int32, in slots: inout [Slot]) -> Bool {
        var table = slots.mutableSpan
        let i = place(of: key, in: table.span)
        let isNew = table[i].key == 0
        table[i] = Slot(key: key, number: number)
        return isNew
    }

    /// The slot that holds `key`, or the empty one where it would go.
    @inline(__always)
    private static func place(of key: UInt64, in slots: Span<Slot>) -> Int {
        let mask = slots.count &- 1
        var i = slot(key, mask)
        while slots[i].key != 0 && slots[i].key != key { i = (i &+ 1) & mask }
        return i
    }

    /// The top bits of the product (Fibonacci hashing): a product's low bits depend only on
    /// the key's low bits, so words that share their last letters would share their slots.
    @inline(__always)
    package static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - mask.nonzeroBitCount)) & mask
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        count = 0
        for slot in old where slot.key != 0 { set(slot.key, to: slot.number) }
    }
}
