import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// The rules of Top rated, over many generated star distributions and every prior a site may set.
@Suite struct RankingPropertyTests {
    /// Priors a site may configure, from the smallest allowed to large.
    static let priors: [Double] = [BayesianRanking.minimumPriorVotes, 2, 10, 100, 1_000_000]

    /// A random distribution of `total` votes (`total` nil: 1 to 2,000).
    static func distribution(_ random: inout SplitMix64, total: Int? = nil) -> StarCounts {
        let n = total ?? Int.random(in: 1...2_000, using: &random)
        var counts = StarCounts()
        // Skewed weights, as real ratings are (mostly 4s and 5s, sometimes polarised).
        let weights = (1...5).map { _ in Double.random(in: 0...1, using: &random) }
        let sum = weights.reduce(0, +)
        for _ in 0..<n {
            var pick = Double.random(in: 0..<sum, using: &random)
            var stars = 1
            while stars < 5, pick >= weights[stars - 1] {
                pick -= weights[stars - 1]
                stars += 1
            }
            counts.add(vote: stars)
        }
        return counts
    }

    /// 1,000 votes whose average is at least 4.5.
    static func strongThousand(_ random: inout SplitMix64) -> StarCounts {
        while true {
            var counts = StarCounts()
            let fives = Int.random(in: 500...1_000, using: &random)
            counts[5] = fives
            for _ in fives..<1_000 { counts.add(vote: Int.random(in: 1...4, using: &random)) }
            if counts.starSum * 10 >= counts.total * 45 { return counts }
        }
    }

    @Test(arguments: priors)
    func oneFiveStarVoteNeverOutranksAThousandAveragingAtLeast4point5(prior: Double) throws {
        var random = SplitMix64(seed: 15)
        let ranking = BayesianRanking(priorVotes: prior)
        let single = try #require(ranking.score(StarCounts(five: 1)))
        var beaten: [StarCounts] = []
        for _ in 0..<500 {
            let many = Self.strongThousand(&random)
            if try #require(ranking.score(many)) <= single { beaten.append(many) }
        }
        #expect(beaten.isEmpty, "one vote beat \(beaten.count) of 500, e.g. \(String(describing: beaten.first))")
    }

    @Test(arguments: priors)
    func aFiveStarVoteNeverLowersAndAOneStarVoteNeverRaisesTheScore(prior: Double) throws {
        var random = SplitMix64(seed: 16)
        let ranking = BayesianRanking(priorVotes: prior)
        var violations: [String] = []
        for index in 0..<2_000 {
            // Unrated skills too: their first vote must behave the same way.
            let counts = index % 10 == 0 ? StarCounts() : Self.distribution(&random)
            let before = ranking.score(counts) ?? BayesianRanking.priorMean
            var withFive = counts
            var withOne = counts
            withFive.add(vote: 5)
            withOne.add(vote: 1)
            if try #require(ranking.score(withFive)) < before { violations.append("5★ lowered \(counts)") }
            if try #require(ranking.score(withOne)) > before { violations.append("1★ raised \(counts)") }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
    }

    @Test(arguments: priors)
    func withEqualVoteCountsTheHigherAverageRanksHigher(prior: Double) {
        var random = SplitMix64(seed: 17)
        var wrong: [String] = []
        for _ in 0..<1_000 {
            let total = Int.random(in: 1...500, using: &random)
            let a = Self.distribution(&random, total: total)
            let b = Self.distribution(&random, total: total)
            guard a.starSum != b.starSum else { continue }
            let catalogue = Fixture.catalogue(
                [Fixture.entry("a", name: "A", counts: a), Fixture.entry("b", name: "B", counts: b)],
                priorVotes: prior)
            let first = Listings.topRated(catalogue.entries, priorVotes: prior).first?.skill.id
            if first != (a.starSum > b.starSum ? "a" : "b") { wrong.append("\(a) vs \(b)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The order is the same whatever order the skills come in (files are read in any order).
    @Test func theOrderDoesNotDependOnInputOrder() {
        var random = SplitMix64(seed: 18)
        var items: [(Skill, RatingTally)] = []
        for index in 0..<300 {
            // Few distinct distributions and names, so ties must be broken the same way every time.
            let counts =
                index % 7 == 0 ? StarCounts() : Self.distribution(&random, total: Int.random(in: 1...3, using: &random))
            items.append(Fixture.entry("g\(index % 5)/s\(index)", name: "Name \(index % 4)", counts: counts))
        }
        let expected = Listings.topRated(Fixture.catalogue(items).entries, priorVotes: 10).map(\.skill.id)
        #expect(expected.count == items.filter { $0.1.stars.total > 0 }.count)
        for _ in 0..<20 {
            items.shuffle(using: &random)
            #expect(Listings.topRated(Fixture.catalogue(items).entries, priorVotes: 10).map(\.skill.id) == expected)
        }
    }
}
