import Testing

@testable import CatalogueModel

/// The table of numbers by key (packed words, path hashes) answers as a dictionary would, as it grows.
@Suite struct NumberTableTests {
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func itAnswersAsADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = NumberTable()
        var expected: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            // Keys alike in their low bytes too, as packed words that share their last letters
            // are (`creation`, `relation`), and keys alike in their high bytes.
            let varying = UInt64(1 + random.below(3_000))
            let key = random.below(2) == 0 ? varying << 40 | 0x61_7469_6F6E : varying << (8 * UInt64(random.below(3)))
            if let number = expected[key] {
                #expect(table.number(of: key) == number)
            } else {
                #expect(table.number(of: key) == nil)
                table.set(key, to: Int32(step))
                expected[key] = Int32(step)
            }
        }
        #expect(table.count == expected.count)
        // Words that differ only in their first letters spread over the table, not into a run.
        var homes = Set<Int>()
        for k in 0..<(26 * 26) {
            let first = UInt64(0x61 + k / 26) << 56
            let second = UInt64(0x61 + k % 26) << 48
            homes.insert(NumberTable.slot(first | second | 0x74_696F6E, 4095))
        }
        #expect(homes.count > 26 * 26 / 2)
        for (key, number) in expected { #expect(table.number(of: key) == number) }
    }

    /// One look that finds a key's number or gives it one answers as a dictionary's
    /// `[key, default:]` would, as the table grows.
    @Test(arguments: 1...3 as ClosedRange<UInt64>)
    func aKeyIsFoundOrGivenItsNumberInOneLook(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = NumberTable()
        var expected: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            let key = UInt64(1 + random.below(5_000)) << (8 * UInt64(random.below(4)))
            let numbered = table.number(of: key, orGive: Int32(step))
            #expect(numbered.isNew == (expected[key] == nil))
            #expect(numbered.number == expected[key, default: Int32(step)])
            expected[key] = numbered.number
        }
        #expect(table.count == expected.count)
        #expect(expected.allSatisfy { table.number(of: $0.key) == $0.value })
    }

    @Test func aTableMadeForManyKeysHoldsThemAll() {
        var table = NumberTable(minimumCapacity: 5_000)
        for key in 1...5_000 as ClosedRange<UInt64> { table.set(key << 20, to: Int32(key)) }
        #expect(table.count == 5_000)
        #expect((1...5_000 as ClosedRange<UInt64>).allSatisfy { table.number(of: $0 << 20) == Int32($0) })
        #expect(table.number(of: 5_001 << 20) == nil)
    }

    @Test func aNumberSetAgainReplacesTheFirst() {
        var table = NumberTable()
        table.set(42, to: 1)
        table.set(42, to: -1)
        #expect(table.number(of: 42) == -1)
        #expect(table.count == 1)
    }
}
