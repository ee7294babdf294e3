import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct RatingReaderTests {
    static let skillA = "---\nname: A\ngroup: News\n---\n"

    @Test func countsFilesAcceptNumbersAsStringsAndIgnoreStoredTotals() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/counts.json":
                #"{"news/a": {"one_star": "1", "two_star": 0, "three_star": 0, "four_star": "3", "five_star": 5, "total_star": 99, "avg_star": 1.0}}"#,
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(one: 1, four: 3, five: 5))
    }

    @Test func filesAddUpAndUsersLaterVotesReplaceEarlierOnes() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/counts.json": #"{"news/a": {"five_star": 2}}"#,
            "ratings/votes.jsonl": """
            {"skill":"news/a","stars":1,"user":"u1","timestamp":"2024-01-01T00:00:00Z"}
            {"skill":"news/a","stars":4,"user":"u1","timestamp":"2024-02-01T00:00:00Z"}
            {"skill":"news/a","stars":3}
            {"skill":"news/a","stars":3}

            """,
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(three: 2, four: 1, five: 2))
    }

    @Test func anEarlierTimestampLaterInTheFileDoesNotReplaceANewerVote() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/votes.jsonl": """
            {"skill":"news/a","stars":5,"user":"u1","timestamp":"2024-03-01T00:00:00Z"}
            {"skill":"news/a","stars":1,"user":"u1","timestamp":"2024-01-01T00:00:00Z"}
            """,
        ])
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(five: 1))
    }

    @Test func votesOutsideOneToFiveAreErrorsWithFileAndLine() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/votes.jsonl":
                "{\"skill\":\"news/a\",\"stars\":5}\n{\"skill\":\"news/a\",\"stars\":6}\n{\"skill\":\"news/a\",\"stars\":\"five\"}\n",
        ])
        #expect(
            loaded.errors == [
                .error(
                    "Content/ratings/votes.jsonl", line: 2, column: 27,
                    "`stars` must be a whole number from 1 to 5, found 6"),
                .error(
                    "Content/ratings/votes.jsonl", line: 3, column: 27,
                    "`stars` must be a whole number from 1 to 5, found \"five\""),
            ])
    }

    @Test func negativeCountsAreErrorsAtTheValue() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/counts.json": "{\n  \"news/a\": {\n    \"one_star\": -2\n  }\n}\n",
        ])
        #expect(
            loaded.errors == [
                .error(
                    "Content/ratings/counts.json", line: 3, column: 17, "`one_star` is -2; a count cannot be negative")
            ])
    }

    @Test func theSusiStorePairUsesIndividualVotesAndKeepsThumbs() throws {
        let store = TestSupport.shared.appendingPathComponent("samples/susi/skill_rating")
        let loaded = TestSupport.load([
            "skills/x/Tea Timer.md": "---\nname: Tea Timer\ngroup: Food and Drink\n---\n",
            "skills/x/nachrichten.md": "---\nname: Nachrichten\ngroup: News\nlanguage: de\n---\n",
            "ratings/susi/skillRating.json": try TestSupport.read(store.appendingPathComponent("skillRating.json")),
            "ratings/susi/fiveStarSkillRating.json": try TestSupport.read(
                store.appendingPathComponent("fiveStarSkillRating.json")),
        ])
        #expect(loaded.errors.isEmpty)
        let tea = try #require(loaded.ratings["x/Tea Timer"])
        #expect(tea.stars == StarCounts(five: 13))  // not 26: the pair describes the same votes twice
        #expect(tea.positive == 12)
        #expect(tea.negative == 0)
        #expect(loaded.ratings["x/nachrichten"]?.stars == StarCounts(two: 1, four: 1))
        // The orphan "cooking guide" and the unmatched forecast are reported once, with a count.
        let unknown = loaded.diagnostics.filter { $0.message.contains("unknown skill") }
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains("cooking guide") == true)
    }

    @Test func disagreeingStorePairsWarn() throws {
        let loaded = TestSupport.load([
            "skills/x/t.md": "---\nname: T\ngroup: G\n---\n",
            "ratings/s/skillRating.json": #"{"general":{"G":{"en":{"t":{"stars":{"five_star":3}}}}}}"#,
            "ratings/s/fiveStarSkillRating.json":
                #"{"general":{"G":{"en":{"t":[{"email":"a@example.org","stars":4,"timestamp":"2020-01-01 00:00:00.0"}]}}}}"#,
        ])
        #expect(loaded.ratings["x/t"]?.stars == StarCounts(four: 1))
        #expect(
            loaded.diagnostics.contains { $0.severity == .warning && $0.message.contains("individual votes are used") })
    }

    @Test func storeVotesFromTheSameUserCountOnce() throws {
        let loaded = TestSupport.load([
            "skills/x/t.md": "---\nname: T\ngroup: G\n---\n",
            "ratings/fiveStarSkillRating.json":
                #"{"general":{"G":{"en":{"t":[{"email":"a@example.org","stars":2,"timestamp":"2020-01-01 00:00:00.5"},{"email":"a@example.org","stars":5,"timestamp":"2020-01-01 00:00:00.58"},{"uuid":"b","stars":1,"timestamp":"2019-01-01 00:00:00.0"}]}}}}"#,
        ])
        #expect(loaded.ratings["x/t"]?.stars == StarCounts(one: 1, five: 1))
    }

    @Test func ratingsForUnknownSkillsAreOneWarning() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skillA,
            "ratings/counts.json": #"{"news/b": {"five_star": 1}, "news/c": {"five_star": 1}}"#,
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.message.hasPrefix("ratings for 2 unknown skill(s) ignored") == true)
    }
}
