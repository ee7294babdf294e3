/// What the pages show about one skill's rating, computed from integer counts only.
public struct RatingSummary: Sendable, Equatable {
    public let counts: StarCounts
    public let positive: Int?
    public let negative: Int?
    public let feedbackCount: Int?
    public let bookmarkCount: Int?
    /// Newest first (`Review.newestFirst`).
    public let reviews: [Review]
    /// The timed votes by day: part of the summary so that a kept build renders a page again
    /// when only its votes' days changed.
    public let timeline: VoteTimeline
    /// `RatingTally.countedBySusi`.
    public let countedBySusi: Bool

    public init(_ tally: RatingTally) {
        counts = tally.stars
        positive = tally.positive
        negative = tally.negative
        feedbackCount = tally.feedbackCount
        bookmarkCount = tally.bookmarkCount
        reviews = tally.reviews.count > 1 ? tally.reviews.sorted(by: Review.newestFirst) : tally.reviews
        timeline = tally.timeline
        countedBySusi = tally.countedBySusi
    }

    public init(counts: StarCounts) { self.init(RatingTally(stars: counts)) }

    public var total: Int { counts.total }
    public var isRated: Bool { total > 0 }

    /// Exact mean, or nil when there are no votes ("not rated yet").
    public var average: Double? { total > 0 ? Double(counts.starSum) / Double(total) : nil }

    /// The mean in tenths, rounded half up with integer arithmetic (4.25 → 43), so "4.3" never
    /// depends on floating-point representation.
    public var averageTenths: Int? {
        guard total > 0 else { return nil }
        return (20 * counts.starSum + total) / (2 * total)
    }

    /// "4.3" (pages write it in the site's language: `NumberStyle.decimal`); nil when unrated.
    public var averageText: String? {
        averageTenths.map { "\($0 / 10).\($0 % 10)" }
    }

    /// Percentages for 5, 4, 3, 2, 1 stars (all 0 when unrated): equal counts show equal
    /// percentages and a larger count never a smaller one; see `Percentages`.
    public var percentagesFiveToOne: [Int] {
        Percentages.agreeingWithCounts((1...5).reversed().map { counts[$0] })
    }

    /// Percentage for one star level.
    public func percentage(stars: Int) -> Int {
        guard (1...5).contains(stars) else { return 0 }
        return percentagesFiveToOne[5 - stars]
    }

    public var hasFeedback: Bool { positive != nil || negative != nil }
}
