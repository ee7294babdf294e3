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

    /// A day as kept: 24 bytes instead of `Day`'s 48, since every skill of a million-skill
    /// catalogue keeps its days until its page is written. Timestamps have four-digit years, so
    /// a day fits 32 bits; a level's count on one day saturates at 2^32 - 1 votes.
    fileprivate struct Stored: Sendable, Equatable {
        var day: Int32
        var one: UInt32 = 0, two: UInt32 = 0, three: UInt32 = 0, four: UInt32 = 0, five: UInt32 = 0

        init(day: Int32) { self.day = day }

        init(_ day: Day) {
            self.day = Stored.clamped(day.day)
            one = Stored.clamped(day.counts.one)
            two = Stored.clamped(day.counts.two)
            three = Stored.clamped(day.counts.three)
            four = Stored.clamped(day.counts.four)
            five = Stored.clamped(day.counts.five)
        }

        var counts: StarCounts {
            StarCounts(one: Int(one), two: Int(two), three: Int(three), four: Int(four), five: Int(five))
        }

        var isEmpty: Bool { one == 0 && two == 0 && three == 0 && four == 0 && five == 0 }

        /// Counts a vote for `stars` in (`up`) or out; false when there is none to take out.
        mutating func count(_ stars: Int, up: Bool) -> Bool {
            func step(_ count: inout UInt32) -> Bool {
                if up {
                    count = count == .max ? count : count + 1
                    return true
                }
                guard count > 0 else { return false }
                count -= 1
                return true
            }
            switch stars {
            case 1: return step(&one)
            case 2: return step(&two)
            case 3: return step(&three)
            case 4: return step(&four)
            case 5: return step(&five)
            default: return false
            }
        }

        static func clamped(_ value: Int) -> Int32 { Int32(clamping: value) }
        static func clamped(_ value: Int) -> UInt32 { UInt32(clamping: value) }

        static func + (a: Stored, b: Stored) -> Stored {
            func sum(_ x: UInt32, _ y: UInt32) -> UInt32 {
                let (value, overflow) = x.addingReportingOverflow(y)
                return overflow ? .max : value
            }
            var total = Stored(day: a.day)
            (total.one, total.two, total.three) = (sum(a.one, b.one), sum(a.two, b.two), sum(a.three, b.three))
            (total.four, total.five) = (sum(a.four, b.four), sum(a.five, b.five))
            return total
        }
    }

    /// Only days with votes, oldest first: a day whose last vote was replaced is taken out, so a
    /// timeline kept vote by vote equals one read afresh. An array rather than a table: every
    /// skill of a large catalogue has one, and votes mostly come in order, so most land at the end.
    private var stored: [Stored] = []

    /// The days with votes, oldest first.
    public var entries: Entries { Entries(stored: stored) }

    public struct Entries: RandomAccessCollection, Sendable {
        fileprivate let stored: [Stored]
        public var startIndex: Int { stored.startIndex }
        public var endIndex: Int { stored.endIndex }
        public subscript(position: Int) -> Day {
            Day(day: Int(stored[position].day), counts: stored[position].counts)
        }
    }

    public init() {}

    public init(days: [Int: StarCounts]) {
        stored = days.filter { $0.value.total > 0 }.map { Stored(Day(day: $0.key, counts: $0.value)) }.sorted {
            $0.day < $1.day
        }
    }

    /// The same days as a table (for tests and callers that look days up).
    public var days: [Int: StarCounts] {
        Dictionary(entries.map { ($0.day, $0.counts) }) { first, _ in first }
    }

    public var isEmpty: Bool { stored.isEmpty }

    /// How many timed votes, capped as `StarCounts` caps.
    public var total: Int { stored.reduce(0) { StarCounts.capped($0, $1.counts.total) } }

    /// The day (since 1970-01-01) of an instant `seconds` after the epoch; days before 1970 too.
    public static func day(seconds: Int) -> Int { TimelineBuckets.floorDivide(seconds, 86_400) }

    /// The same timeline in an array no larger than its days: one that grew vote by vote keeps
    /// up to twice the room it needs, for as long as the catalogue lives.
    public func compacted() -> VoteTimeline {
        guard stored.capacity > stored.count else { return self }
        var copy: [Stored] = []
        copy.reserveCapacity(stored.count)
        copy.append(contentsOf: stored)
        var timeline = VoteTimeline()
        timeline.stored = copy
        return timeline
    }

    /// Where `day` is, or where it would go.
    private func place(of day: Int32) -> (index: Int, found: Bool) {
        if let last = stored.last {
            if last.day == day { return (stored.count - 1, true) }
            if last.day < day { return (stored.count, false) }
        }
        var low = 0
        var high = stored.count
        while low < high {
            let middle = (low + high) / 2
            if stored[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return (low, low < stored.count && stored[low].day == day)
    }

    public mutating func add(vote stars: Int, day: Int) {
        guard (1...5).contains(stars) else { return }
        let (index, found) = place(of: Stored.clamped(day))
        if found {
            _ = stored[index].count(stars, up: true)
        } else {
            var entry = Stored(day: Stored.clamped(day))
            _ = entry.count(stars, up: true)
            stored.insert(entry, at: index)
        }
    }

    /// Takes out a vote counted before (a voter's replaced one).
    public mutating func remove(vote stars: Int, day: Int) {
        let (index, found) = place(of: Stored.clamped(day))
        guard found, stored[index].count(stars, up: false) else { return }
        if stored[index].isEmpty { stored.remove(at: index) }
    }

    /// Adds another source's timed votes, day by day.
    public mutating func merge(_ other: VoteTimeline) {
        // Most skills have one timed source: taking its days whole shares them instead of copying.
        guard !stored.isEmpty else {
            stored = other.stored
            return
        }
        let theirs = other.stored
        var merged: [Stored] = []
        merged.reserveCapacity(stored.count + theirs.count)
        var (i, j) = (0, 0)
        while i < stored.count || j < theirs.count {
            if j == theirs.count || (i < stored.count && stored[i].day < theirs[j].day) {
                merged.append(stored[i])
                i += 1
            } else if i == stored.count || theirs[j].day < stored[i].day {
                merged.append(theirs[j])
                j += 1
            } else {
                merged.append(stored[i] + theirs[j])
                i += 1
                j += 1
            }
        }
        stored = merged
    }
}
