import Testing

@testable import CatalogueModel

/// The table of packed words' numbers answers as a dictionary would, as it grows.
@Suite struct PackedWordNumbersTests {
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func itAnswersAsADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = PackedWordNumbers()
        var expected: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            // Keys alike in their low bits too, as packed words that share their last letters are.
            let key = UInt64(1 + random.below(3_000)) << (8 * UInt64(random.below(3)))
            if let number = expected[key] {
                #expect(table.number(of: key) == number)
            } else {
                #expect(table.number(of: key) == nil)
                table.set(key, to: Int32(step))
                expected[key] = Int32(step)
            }
        }
        #expect(table.count == expected.count)
        for (key, number) in expected { #expect(table.number(of: key) == number) }
    }
}
