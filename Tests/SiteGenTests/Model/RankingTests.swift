import Testing

@testable import CatalogueModel
@testable import ContentLoading

@Suite struct RankingTests {
    func names(_ entries: [Catalogue.Entry]) -> [String] { entries.map(\.skill.name) }

    @Test func oneFiveStarVoteDoesNotBeatAThousandNearlyPerfectOnes() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("one", name: "One Vote", counts: StarCounts(five: 1)),
            Fixture.entry("many", name: "Thousand", counts: Fixture.votes(1000, mean: 4.8)),
            Fixture.entry("meh", name: "Mediocre", counts: Fixture.votes(1000, mean: 3.0)),
        ])
        let many = catalogue.entries.first { $0.skill.id == "many" }
        #expect(many?.rating.average == 4.8)
        let ranked = Listings.topRated(catalogue.entries, priorVotes: 10)
        #expect(names(ranked) == ["Thousand", "One Vote", "Mediocre"])
    }

    /// The case from the issue: a catalogue where one skill holds nearly all the votes. With the
    /// catalogue's mean as the prior, the single 5-star vote ranked first.
    @Test func aSkillHoldingMostVotesIsNotOutrankedByOneVote() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("a", name: "A", counts: StarCounts(one: 5, two: 5, three: 10, four: 130, five: 850)),
            Fixture.entry("b", name: "B", counts: StarCounts(five: 1)),
        ])
        #expect(catalogue.entries.first { $0.skill.id == "a" }?.rating.average == 4.815)
        #expect(names(Listings.topRated(catalogue.entries, priorVotes: 10)) == ["A", "B"])
        #expect(
            names(Listings.topRated(catalogue.entries, priorVotes: BayesianRanking.minimumPriorVotes)) == ["A", "B"])
    }

    @Test func scoreFollowsTheFormula() {
        // (Σ stars + m·C) / (v + m) with C = 3: (4·4 + 10·3) / 14
        let score = BayesianRanking(priorVotes: 10).score(StarCounts(four: 4)) ?? 0
        #expect(abs(score - (16 + 30) / 14.0) < 1e-12)
        #expect(BayesianRanking(priorVotes: 10).score(StarCounts()) == nil)
    }

    @Test func unratedSkillsAreNotListed() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("a", name: "Alpha", counts: StarCounts(three: 2)),
            Fixture.entry("b", name: "Beta"),
        ])
        #expect(names(Listings.topRated(catalogue.entries, priorVotes: 10)) == ["Alpha"])
        #expect(names(Listings.mostRated(catalogue.entries)) == ["Alpha"])
    }

    @Test func tiesGoToMoreVotesThenNameThenID() {
        // With every vote at the catalogue mean, every score equals C: only tie-breakers decide.
        let catalogue = Fixture.catalogue([
            Fixture.entry("z/few", name: "Zeta", counts: StarCounts(four: 2)),
            Fixture.entry("y/many", name: "Yak", counts: StarCounts(four: 9)),
            Fixture.entry("b/same", name: "Same", counts: StarCounts(four: 3)),
            Fixture.entry("a/same", name: "Same", counts: StarCounts(four: 3)),
            Fixture.entry("c/alpha", name: "Alpha", counts: StarCounts(four: 3)),
        ])
        let ranked = Listings.topRated(catalogue.entries, priorVotes: 10)
        #expect(ranked.map(\.skill.id) == ["y/many", "c/alpha", "a/same", "b/same", "z/few"])
    }

    @Test func mostRatedCountsVotesThenAverage() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("a", name: "Low", counts: StarCounts(one: 5)),
            Fixture.entry("b", name: "High", counts: StarCounts(five: 5)),
            Fixture.entry("c", name: "Most", counts: StarCounts(two: 6)),
            Fixture.entry("d", name: "Also High", counts: StarCounts(five: 5)),
        ])
        #expect(names(Listings.mostRated(catalogue.entries)) == ["Most", "Also High", "High", "Low"])
    }

    @Test func newestLeavesUndatedSkillsOutAndBreaksTiesByName() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("old", name: "Old", created: "2017-01-01"),
            Fixture.entry("b", name: "Bravo", created: "2020-05-01"),
            Fixture.entry("a", name: "Alpha", created: "2020-05-01"),
            Fixture.entry("undated", name: "Undated"),
        ])
        #expect(names(Listings.newest(catalogue.entries)) == ["Alpha", "Bravo", "Old"])
    }

    @Test func authorsAndLanguagesArePartitionedByURL() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("a", name: "A", language: "de", author: "lena hoffmann"),
            Fixture.entry("b", name: "B", language: "en", author: "Lena Hoffmann"),
            Fixture.entry("c", name: "C", language: "DE"),
        ])
        let authors = Listings.byAuthor(catalogue.entries)
        #expect(authors.map(\.name) == ["Lena Hoffmann"])
        #expect(authors.first?.path == "authors/lena-hoffmann/")
        #expect(authors.first.map { names($0.entries) } == ["A", "B"])
        let languages = Listings.byLanguage(catalogue.entries)
        #expect(languages.map(\.path) == ["languages/de/", "languages/en/"])
        #expect(languages.first.map { names($0.entries) } == ["A", "C"])
    }
}
