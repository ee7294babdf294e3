/// How many votes each star level got; index 1…5.
public struct StarCounts: Sendable, Equatable, Hashable {
    public var one = 0, two = 0, three = 0, four = 0, five = 0

    public init(one: Int = 0, two: Int = 0, three: Int = 0, four: Int = 0, five: Int = 0) {
        self.one = one
        self.two = two
        self.three = three
        self.four = four
        self.five = five
    }

    /// Counts in SUSI's key order, paired with the star level they belong to.
    public static let susiKeys: [(key: String, stars: Int)] = [
        ("one_star", 1), ("two_star", 2), ("three_star", 3), ("four_star", 4), ("five_star", 5),
    ]

    public subscript(stars: Int) -> Int {
        get {
            switch stars {
            case 1: one
            case 2: two
            case 3: three
            case 4: four
            case 5: five
            default: 0
            }
        }
        set {
            switch stars {
            case 1: one = newValue
            case 2: two = newValue
            case 3: three = newValue
            case 4: four = newValue
            case 5: five = newValue
            default: break
            }
        }
    }

    public var total: Int { one + two + three + four + five }
    /// Sum of all stars given (for the average).
    public var starSum: Int { one + 2 * two + 3 * three + 4 * four + 5 * five }

    /// No level counts higher, however many files add up: keeps every sum, average and
    /// percentage far from integer overflow (rating files hold at most 10^12 per count).
    public static let ceiling = 1_000_000_000_000_000

    static func capped(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? ceiling : min(sum, ceiling)
    }

    public static func + (a: StarCounts, b: StarCounts) -> StarCounts {
        StarCounts(
            one: capped(a.one, b.one), two: capped(a.two, b.two), three: capped(a.three, b.three),
            four: capped(a.four, b.four), five: capped(a.five, b.five))
    }

    public static func += (a: inout StarCounts, b: StarCounts) { a = a + b }

    public mutating func add(vote stars: Int) { self[stars] = Self.capped(self[stars], 1) }
}

/// Everything the inputs say about a skill's rating: star counts and SUSI's thumbs feedback.
public struct RatingTally: Sendable, Equatable {
    public var stars: StarCounts
    public var positive: Int?
    public var negative: Int?
    /// SUSI's `feedback_count` and `bookmark_count`, kept for the API.
    public var feedbackCount: Int?
    public var bookmarkCount: Int?
    /// Written reviews, in the order read (pages sort them: `RatingSummary.reviews`).
    public var reviews: [Review] = []
    /// The timed votes among `stars`, by day.
    public var timeline = VoteTimeline()
    /// Whether every number here comes from SUSI.AI's own rating store (`skillRating.json`,
    /// `fiveStarSkillRating.json`): only then do pages say that SUSI.AI counts the ratings they show.
    public var countedBySusi = false

    public init(stars: StarCounts = StarCounts(), positive: Int? = nil, negative: Int? = nil) {
        self.stars = stars
        self.positive = positive
        self.negative = negative
    }

    /// Adds another source's numbers; thumbs add up too, staying absent when no source gave them.
    public mutating func merge(_ other: RatingTally) {
        stars += other.stars
        timeline.merge(other.timeline)
        if let p = other.positive { positive = StarCounts.capped(positive ?? 0, p) }
        if let n = other.negative { negative = StarCounts.capped(negative ?? 0, n) }
        if let n = other.feedbackCount { feedbackCount = StarCounts.capped(feedbackCount ?? 0, n) }
        if let n = other.bookmarkCount { bookmarkCount = StarCounts.capped(bookmarkCount ?? 0, n) }
        reviews += other.reviews
    }
}
