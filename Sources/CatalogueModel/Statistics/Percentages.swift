/// Whole-number percentages that always add up to exactly 100 (largest remainder method).
public enum Percentages {
    /// - Returns: one percentage per count, in the same order; all zero when the total is zero.
    ///   Leftover points go to the largest remainders; equal remainders favour the earlier item,
    ///   so the result never depends on anything but the input order.
    public static func largestRemainder(_ counts: [Int]) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return counts.map { _ in 0 } }
        var result = counts.map { $0 * 100 / total }
        let remainders = counts.map { $0 * 100 % total }
        var leftover = 100 - result.reduce(0, +)
        let order = counts.indices.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
        }
        for index in order where leftover > 0 {
            result[index] += 1
            leftover -= 1
        }
        return result
    }
}
