/// Orders rated skills by a Bayesian average, `(v·R + m·C) / (v + m)`: each skill starts with `m`
/// votes' worth of the catalogue mean `C`, so a handful of perfect votes cannot outrank hundreds of
/// nearly perfect ones. The score only orders; pages show the plain average.
public struct BayesianRanking: Sendable, Equatable {
    /// `m`: how many votes at the catalogue mean every skill is assumed to start with.
    public let priorVotes: Double
    /// `C`: the mean of every vote in the catalogue (0 when nobody voted).
    public let catalogueMean: Double

    public init(priorVotes: Double, catalogueMean: Double) {
        self.priorVotes = priorVotes
        self.catalogueMean = catalogueMean
    }

    /// `C` over all votes, so large skills weigh in by how many people voted for them.
    public init(priorVotes: Double, counts: [StarCounts]) {
        var votes = 0, stars = 0
        for c in counts {
            votes += c.total
            stars += c.starSum
        }
        self.init(priorVotes: priorVotes, catalogueMean: votes > 0 ? Double(stars) / Double(votes) : 0)
    }

    /// The weighted score, or nil for an unrated skill (never ranked). `v·R` is the exact star sum.
    public func score(_ counts: StarCounts) -> Double? {
        guard counts.total > 0 else { return nil }
        return (Double(counts.starSum) + priorVotes * catalogueMean) / (Double(counts.total) + priorVotes)
    }

    /// Rated entries, best first. Ties: more votes, then name, then id.
    public func ranked(_ entries: [Catalogue.Entry]) -> [Catalogue.Entry] {
        let rated = entries.filter { score($0.rating.counts) != nil }
        let scores = rated.map { score($0.rating.counts) ?? 0 }
        let totals = rated.map(\.rating.total)
        let byName = rated.nameRanks()
        return rated.sortedByIndex { i, j in
            if scores[i] != scores[j] { return scores[i] > scores[j] }
            if totals[i] != totals[j] { return totals[i] > totals[j] }
            return byName[i] < byName[j]
        }
    }
}
