import Testing

@testable import CatalogueModel

@Suite struct PercentagesTests {
    /// Distributions with many ties and zeros, as real skills have: most have a handful of votes.
    static func distributions(count: Int, seed: UInt64) -> [[Int]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let scale = [3, 10, 1_000][Int(generator.next() % 3)]
            return (0..<5).map { _ in Int(generator.next() % UInt64(scale)) * (generator.next() % 3 == 0 ? 0 : 1) }
        }
    }

    /// The distributions whose percentages break `rule` for some pair of rows, with what they gave.
    static func breaking(seed: UInt64, _ rule: (_ counts: (Int, Int), _ percents: (Int, Int)) -> Bool) -> [String] {
        distributions(count: 20_000, seed: seed).compactMap { counts in
            let percents = Percentages.agreeingWithCounts(counts)
            let broken = counts.indices.contains { i in
                counts.indices.contains { j in !rule((counts[i], counts[j]), (percents[i], percents[j])) }
            }
            return broken ? "\(counts) gave \(percents)" : nil
        }
    }

    @Test func equalCountsShowEqualPercentages() {
        let broken = Self.breaking(seed: 42) { counts, percents in counts.0 != counts.1 || percents.0 == percents.1 }
        #expect(broken.isEmpty, "\(broken.prefix(5))")
    }

    @Test func aLargerCountNeverShowsASmallerPercentage() {
        let broken = Self.breaking(seed: 7) { counts, percents in counts.0 <= counts.1 || percents.0 >= percents.1 }
        #expect(broken.isEmpty, "\(broken.prefix(5))")
    }

    @Test func theOldSumTo100RuleBrokeEqualCounts() {
        // Guards the generator: it must make the ties that the old largest-remainder rounding
        // split (34 / 33 / 33), or the two properties above would pass without testing anything.
        let ties = Self.distributions(count: 20_000, seed: 42).filter { counts in
            let total = counts.reduce(0, +)
            guard total > 0 else { return false }
            // A count shared by two rows whose exact share is not a whole percentage.
            return counts.contains { count in
                count > 0 && counts.filter { $0 == count }.count > 1 && count * 100 % total != 0
            }
        }
        #expect(ties.count > 1_000)
    }

    @Test func eachPercentageIsWithinOnePointAndTheSumAtMost100() {
        for counts in Self.distributions(count: 20_000, seed: 99) {
            let percents = Percentages.agreeingWithCounts(counts)
            let total = counts.reduce(0, +)
            if total == 0 {
                #expect(percents == [0, 0, 0, 0, 0])
                continue
            }
            let sum = percents.reduce(0, +)
            let close = zip(counts, percents).allSatisfy { count, percent in
                abs(Double(percent) - Double(count) * 100 / Double(total)) < 1
            }
            if !(sum <= 100 && sum > 100 - counts.count && close) {
                Issue.record("counts \(counts) gave \(percents)")
                return
            }
        }
    }

    @Test func thirdsAreEqualAndLeaveAPointOver() {
        #expect(Percentages.agreeingWithCounts([1, 1, 1]) == [33, 33, 33])
        #expect(Percentages.agreeingWithCounts([1, 1, 1, 0, 0]) == [33, 33, 33, 0, 0])
    }

    @Test func whenNoTiesTheSumIs100() {
        // 700/1234 = 56.73 %, 300/1234 = 24.31 %, 234/1234 = 18.96 %
        #expect(Percentages.agreeingWithCounts([700, 300, 234]) == [57, 24, 19])
    }

    @Test func aTieGetsItsPointsOnlyWhenTheWholeTierFits() {
        // 1/6 = 16.67 % twice, 2/6 = 33.33 % twice: floors add up to 98. The two sixths have the
        // larger remainder and two points are left, so both get one: the sum is exactly 100.
        #expect(Percentages.agreeingWithCounts([1, 1, 2, 2, 0]) == [17, 17, 33, 33, 0])
        // 1/8 = 12.5 % twice, 6/8 = 75 %: one point is left for a tier of two, so neither gets it.
        #expect(Percentages.agreeingWithCounts([1, 1, 6]) == [12, 12, 75])
        // 3/7 = 42.86 % takes a point on its own; the four sevenths (14.29 %) cannot share the last.
        #expect(Percentages.agreeingWithCounts([1, 1, 1, 1, 3]) == [14, 14, 14, 14, 43])
    }

    @Test func zeroTotalIsAllZero() {
        #expect(Percentages.agreeingWithCounts([0, 0, 0, 0, 0]) == [0, 0, 0, 0, 0])
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
