/// Whole-number percentages that never contradict the counts they stand for: equal counts show
/// equal percentages, and a larger count never shows a smaller percentage. A visitor who sees
/// 34 % / 33 % / 33 % for three single votes reads it as an error, so adding up to exactly 100
/// gives way to those two rules (as Amazon rounds each row on its own). The sum is at most 100 and
/// falls short of it by less than the number of rows.
public enum Percentages {
    /// - Returns: one percentage per count, in the same order; all zero when the total is zero.
    ///   Each row gets its exact share rounded down; the points left over go to the rows with the
    ///   largest remainders, a whole tier of equal remainders at a time, and stop at the first
    ///   tier that would take the sum past 100. Equal counts have equal remainders, so they are
    ///   always in one tier; a larger count has a larger floor or, with an equal floor, a larger
    ///   remainder, so it is never passed over for a smaller one.
    public static func agreeingWithCounts(_ counts: [Int]) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return counts.map { _ in 0 } }
        var result = counts.map { $0 * 100 / total }
        let remainders = counts.map { $0 * 100 % total }
        var leftover = 100 - result.reduce(0, +)
        let tiers = Dictionary(grouping: counts.indices.filter { remainders[$0] > 0 }) { remainders[$0] }
        for remainder in tiers.keys.sorted(by: >) {
            guard let tier = tiers[remainder], tier.count <= leftover else { break }
            for index in tier { result[index] += 1 }
            leftover -= tier.count
        }
        return result
    }
}
