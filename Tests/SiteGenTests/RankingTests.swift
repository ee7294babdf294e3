import Testing
@testable import SiteGen

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

    @Test func withoutAPriorThePlainAverageDecides() {
        let catalogue = Fixture.catalogue([
            Fixture.entry("one", name: "One Vote", counts: StarCounts(five: 1)),
            Fixture.entry("many", name: "Thousand", counts: Fixture.votes(1000, mean: 4.8)),
        ])
        #expect(names(Listings.topRated(catalogue.entries, priorVotes: 0)) == ["One Vote", "Thousand"])
    }

    @Test func scoreFollowsTheFormula() {
        // C over all votes: (5 + 4×4 + 3×5) / 10 = 3.6
        let ranking = BayesianRanking(priorVotes: 10, counts: [StarCounts(five: 1), StarCounts(four: 4), StarCounts(three: 5)])
        #expect(abs(ranking.catalogueMean - 3.6) < 1e-12)
        // (v·R + m·C) / (v + m) = (4·4 + 10·3.6) / 14
        let score = ranking.score(StarCounts(four: 4)) ?? 0
        #expect(abs(score - (16 + 36) / 14.0) < 1e-12)
        #expect(ranking.score(StarCounts()) == nil)
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
