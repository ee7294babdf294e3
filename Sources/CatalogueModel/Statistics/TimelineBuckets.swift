/// A timeline as the skill page draws it: votes per calendar month, or per ISO week (starting on
/// Monday) when the timed votes span less than `weeksBelowDays` days, since a young skill's few
/// months would be one or two bars. Periods without votes between the first and the last stay in,
/// with no average, so the time axis is even; only the last `limit` periods are kept.
public struct TimelineBuckets: Sendable, Equatable {
    public enum Scale: Sendable, Equatable {
        case month, week
    }

    public enum Period: Sendable, Hashable {
        case month(year: Int, month: Int)
        /// The week's Monday, in days since 1970-01-01.
        case week(monday: Int)
    }

    public struct Bucket: Sendable, Equatable {
        public var period: Period
        public var counts: StarCounts

        public var total: Int { counts.total }
        /// The period's mean in tenths, rounded as `RatingSummary.averageTenths` rounds; nil
        /// without votes.
        public var averageTenths: Int? { RatingSummary(counts: counts).averageTenths }
        /// "4.3", as `RatingSummary.averageText` writes it; nil without votes.
        public var averageText: String? { RatingSummary(counts: counts).averageText }
    }

    /// Votes spanning fewer days than this (about three months) are shown per week.
    public static let weeksBelowDays = 91
    /// About two years of months: more bars would be too thin to read on a phone.
    public static let defaultLimit = 24

    public let scale: Scale
    /// Oldest first.
    public let buckets: [Bucket]
    /// Earlier periods left out by the limit (with or without votes).
    public let omitted: Int

    /// Nil for a timeline without votes: such a skill shows no chart.
    public init?(_ timeline: VoteTimeline, limit: Int = defaultLimit) {
        guard let first = timeline.entries.first?.day, let last = timeline.entries.last?.day, limit > 0 else {
            return nil
        }
        let scale: Scale = last - first < Self.weeksBelowDays ? .week : .month
        let firstKey = Self.key(of: first, scale)
        let lastKey = Self.key(of: last, scale)
        let startKey = max(firstKey, lastKey - limit + 1)
        var counts = [StarCounts](repeating: StarCounts(), count: lastKey - startKey + 1)
        for entry in timeline.entries {
            let key = Self.key(of: entry.day, scale)
            if key >= startKey { counts[key - startKey] += entry.counts }
        }
        self.scale = scale
        omitted = startKey - firstKey
        buckets = counts.enumerated().map { offset, counts in
            Bucket(period: Self.period(startKey + offset, scale), counts: counts)
        }
    }

    /// Periods numbered without gaps: months since year 0, or weeks since the Monday before 1970-01-01.
    private static func key(of day: Int, _ scale: Scale) -> Int {
        switch scale {
        case .month:
            let (year, month, _) = BuildDate.civil(fromDays: day)
            return year * 12 + month - 1
        case .week:
            // 1970-01-01 was a Thursday: day -3 was a Monday.
            return floorDivide(day + 3, 7)
        }
    }

    private static func period(_ key: Int, _ scale: Scale) -> Period {
        switch scale {
        case .month: .month(year: floorDivide(key, 12), month: key - floorDivide(key, 12) * 12 + 1)
        case .week: .week(monday: key * 7 - 3)
        }
    }

    package static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
