/// Orders rated skills by a Bayesian average with a fixed prior, `(Σ stars + m·C) / (v + m)`:
/// each skill starts with `m` votes of `C` = 3 stars, the middle of the scale, and its own votes
/// pull it away from there. A handful of perfect votes cannot outrank hundreds of nearly perfect
/// ones, and no skill moves another: the prior does not depend on the catalogue. (It used to be
/// the catalogue's mean, which a skill holding most of the votes pulls up to its own average;
/// then one 5-star vote outranked a thousand averaging 4.8.) The score only orders; pages show
/// the plain average.
///
/// What holds for every `m` ≥ 1, and is tested over generated distributions: one 5-star vote never
/// outranks 1,000 votes averaging 4.5 or more; a 5-star vote never lowers a score and a 1-star
/// vote never raises one (the score stays between 1 and 5); with equal numbers of votes the
/// higher average ranks higher.
public struct BayesianRanking: Sendable, Equatable {
    /// `C`: the stars every skill's prior votes give, the middle of a five-star scale.
    public static let priorMean = 3.0
    /// Smallest `m` allowed: below about 0.34 a single 5-star vote would outrank a thousand
    /// votes averaging 4.5.
    public static let minimumPriorVotes = 1.0

    /// `m`: how many votes of `priorMean` stars every skill is assumed to start with.
    public let priorVotes: Double

    public init(priorVotes: Double) {
        self.priorVotes = priorVotes
    }

    /// The weighted score, or nil for an unrated skill (never ranked). `Σ stars` is exact.
    public func score(_ counts: StarCounts) -> Double? {
        guard counts.total > 0 else { return nil }
        return (Double(counts.starSum) + priorVotes * Self.priorMean) / (Double(counts.total) + priorVotes)
    }

    /// Rated entries, best first. Ties: more votes, then name, then id.
    public func ranked(_ entries: [Catalogue.Entry], nameOrder: NameOrder? = nil) -> [Catalogue.Entry] {
        let rated = entries.filter { score($0.rating.counts) != nil }
        let scores = rated.map { score($0.rating.counts) ?? 0 }
        let totals = rated.map(\.rating.total)
        let byName = rated.nameRanks(nameOrder)
        return rated.sortedByIndex { i, j in
            Self.ranksAbove(score: scores[i], total: totals[i], score: scores[j], total: totals[j])
                ?? (byName[i] < byName[j])
        }
    }

    /// Whether a skill with score `a` of `totalA` votes ranks above one with `b` of `totalB`:
    /// higher score, then more votes; nil when both tie (the name decides).
    static func ranksAbove(score a: Double, total totalA: Int, score b: Double, total totalB: Int) -> Bool? {
        if a != b { return a > b }
        if totalA != totalB { return totalA > totalB }
        return nil
    }
}
