/// Star counts per day of the standing votes that carry a time: the same votes `StarCounts`
/// counts, so a voter's replaced vote leaves its old day. Counts files carry no times and add
/// nothing here; a skill rated only through them has an empty timeline.
public struct VoteTimeline: Sendable, Equatable {
    /// One day with votes.
    public struct Day: Sendable, Equatable {
        /// Days since 1970-01-01.
        public var day: Int
        public var counts: StarCounts
    }

    /// Only days with votes, oldest first: a day whose last vote was replaced is taken out, so a
    /// timeline kept vote by vote equals one read afresh. An array rather than a table: every
    /// skill of a large catalogue has one, and votes mostly come in order, so most land at the end.
    public private(set) var entries: [Day] = []

    public init() {}

    public init(days: [Int: StarCounts]) {
        entries = days.filter { $0.value.total > 0 }.map { Day(day: $0.key, counts: $0.value) }.sorted {
            $0.day < $1.day
        }
    }

    /// The same days as a table (for tests and callers that look days up).
    public var days: [Int: StarCounts] {
        Dictionary(entries.map { ($0.day, $0.counts) }) { first, _ in first }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// How many timed votes, capped as `StarCounts` caps.
    public var total: Int { entries.reduce(0) { StarCounts.capped($0, $1.counts.total) } }

    /// The day (since 1970-01-01) of an instant `seconds` after the epoch; days before 1970 too.
    public static func day(seconds: Int) -> Int { TimelineBuckets.floorDivide(seconds, 86_400) }

    /// Where `day` is, or where it would go.
    private func place(of day: Int) -> (index: Int, found: Bool) {
        if let last = entries.last {
            if last.day == day { return (entries.count - 1, true) }
            if last.day < day { return (entries.count, false) }
        }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return (low, low < entries.count && entries[low].day == day)
    }

    public mutating func add(vote stars: Int, day: Int) {
        guard (1...5).contains(stars) else { return }
        let (index, found) = place(of: day)
        if found {
            entries[index].counts.add(vote: stars)
        } else {
            var counts = StarCounts()
            counts.add(vote: stars)
            entries.insert(Day(day: day, counts: counts), at: index)
        }
    }

    /// Takes out a vote counted before (a voter's replaced one).
    public mutating func remove(vote stars: Int, day: Int) {
        let (index, found) = place(of: day)
        guard found, entries[index].counts[stars] > 0 else { return }
        entries[index].counts[stars] -= 1
        if entries[index].counts.total == 0 { entries.remove(at: index) }
    }

    /// Adds another source's timed votes, day by day.
    public mutating func merge(_ other: VoteTimeline) {
        // Most skills have one timed source: taking its days whole shares them instead of copying.
        guard !entries.isEmpty else {
            entries = other.entries
            return
        }
        var merged: [Day] = []
        merged.reserveCapacity(entries.count + other.entries.count)
        var (i, j) = (0, 0)
        while i < entries.count || j < other.entries.count {
            if j == other.entries.count || (i < entries.count && entries[i].day < other.entries[j].day) {
                merged.append(entries[i])
                i += 1
            } else if i == entries.count || other.entries[j].day < entries[i].day {
                merged.append(other.entries[j])
                j += 1
            } else {
                merged.append(Day(day: entries[i].day, counts: entries[i].counts + other.entries[j].counts))
                i += 1
                j += 1
            }
        }
        entries = merged
    }
}
