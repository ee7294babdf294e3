@testable import CatalogueModel
import Testing

@Suite struct PercentagesTests {
    @Test func addsUpTo100ForManyRandomDistributions() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<5_000 {
            let counts = (0..<5).map { _ in Int(generator.next() % 1_000) * (generator.next() % 3 == 0 ? 0 : 1) }
            let percents = Percentages.largestRemainder(counts)
            if counts.reduce(0, +) == 0 {
                #expect(percents == [0, 0, 0, 0, 0])
            } else {
                #expect(percents.reduce(0, +) == 100, "counts \(counts) gave \(percents)")
                for (count, percent) in zip(counts, percents) {
                    let exact = Double(count) * 100 / Double(counts.reduce(0, +))
                    #expect(abs(Double(percent) - exact) < 1, "counts \(counts) gave \(percents)")
                }
            }
        }
    }

    @Test func thirdsGiveTheLeftoverPointToTheFirstItem() {
        #expect(Percentages.largestRemainder([1, 1, 1]) == [34, 33, 33])
    }

    @Test func largestRemainderWins() {
        // 700/1234 = 56.73 %, 300/1234 = 24.31 %, 234/1234 = 18.96 %
        #expect(Percentages.largestRemainder([700, 300, 234]) == [57, 24, 19])
    }

    @Test func zeroTotalIsAllZero() {
        #expect(Percentages.largestRemainder([0, 0, 0, 0, 0]) == [0, 0, 0, 0, 0])
    }
}

/// A small deterministic generator, so random tests fail the same way every time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
