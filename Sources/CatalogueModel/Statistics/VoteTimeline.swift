/// Star counts per day of the standing votes that carry a time: the same votes `StarCounts`
/// counts, so a voter's replaced vote leaves its old day. Counts files carry no times and add
/// nothing here; a skill rated only through them has an empty timeline.
public struct VoteTimeline: Sendable, Equatable {
    /// Days since 1970-01-01 → that day's votes. Only days with votes: a day whose last vote was
    /// replaced is taken out, so a timeline kept vote by vote equals one read afresh.
    public private(set) var days: [Int: StarCounts] = [:]

    public init() {}

    public init(days: [Int: StarCounts]) {
        self.days = days.filter { $0.value.total > 0 }
    }

    public var isEmpty: Bool { days.isEmpty }

    /// How many timed votes, capped as `StarCounts` caps.
    public var total: Int { days.values.reduce(0) { StarCounts.capped($0, $1.total) } }

    /// The day (since 1970-01-01) of an instant `seconds` after the epoch; days before 1970 too.
    public static func day(seconds: Int) -> Int { TimelineBuckets.floorDivide(seconds, 86_400) }

    public mutating func add(vote stars: Int, day: Int) {
        guard (1...5).contains(stars) else { return }
        days[day, default: StarCounts()].add(vote: stars)
    }

    /// Takes out a vote counted before (a voter's replaced one).
    public mutating func remove(vote stars: Int, day: Int) {
        guard var counts = days[day], counts[stars] > 0 else { return }
        counts[stars] -= 1
        days[day] = counts.total > 0 ? counts : nil
    }

    /// Adds another source's timed votes, day by day.
    public mutating func merge(_ other: VoteTimeline) {
        // Most skills have one timed source: taking its table whole shares it instead of copying
        // it, which at 100,000 skills was a copy of every timeline per merge.
        guard !days.isEmpty else {
            days = other.days
            return
        }
        for (day, counts) in other.days { days[day, default: StarCounts()] += counts }
    }
}
