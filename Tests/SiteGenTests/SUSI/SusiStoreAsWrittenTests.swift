import Foundation
import Testing

@testable import CatalogueModel
@testable import SiteAssembly

/// SUSI's store and skill list read as SUSI's server writes them (fossasia/susi_server at
/// 230d679: see docs/susi.md), not as they should have been written.
@Suite struct SusiStoreAsWrittenTests {
    static let skill = "skills/x/t.md"
    static let skillText = "---\nname: T\ngroup: G\n---\n"

    /// SUSI stores any whole number a client sends and leaves it out of its own totals
    /// (FiveStarRateSkillService.java:229-242); a build used to fail on the first one.
    @Test func outOfRangeVotesAreSkippedWithOneWarning() throws {
        let loaded = TestSupport.load([
            Self.skill: Self.skillText,
            "ratings/fiveStarSkillRating.json":
                #"{"general":{"G":{"en":{"t":[{"email":"a@example.org","stars":7,"timestamp":"2020-01-01 00:00:00.0"},{"email":"b@example.org","stars":0,"timestamp":"2020-01-01 00:00:00.0"},{"uuid":"c","stars":4,"timestamp":"2020-01-01 00:00:00.0"},{"uuid":"d","stars":-3,"timestamp":"2020-01-01 00:00:00.0"}]}}}}"#,
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.ratings["x/t"]?.stars == StarCounts(four: 1))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Content/ratings/fiveStarSkillRating.json:1:62: warning: 3 votes with `stars` outside 1…5 skipped, as SUSI's own totals skip them"
            ])
    }

    /// A vote that is no number at all is still a broken file.
    @Test func aVoteThatIsNoWholeNumberIsStillAnError() throws {
        let loaded = TestSupport.load([
            Self.skill: Self.skillText,
            "ratings/fiveStarSkillRating.json": #"{"general":{"G":{"en":{"t":[{"uuid":"c","stars":"four"}]}}}}"#,
        ])
        #expect(loaded.errors.map(\.message) == ["`stars` must be a whole number, found \"four\""])
    }

    /// A changed vote is taken off the earlier bucket with no floor (FiveStarRateSkillService.java:278-289).
    @Test func aCountBelowZeroInTheStoreIsReadAsZeroWithAWarning() throws {
        let loaded = TestSupport.load([
            Self.skill: Self.skillText,
            "ratings/skillRating.json":
                #"{"general":{"G":{"en":{"t":{"positive":"1","negative":"0","stars":{"one_star":-1,"four_star":2,"five_star":3}}}}}}"#,
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.ratings["x/t"]?.stars == StarCounts(four: 2, five: 3))
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Content/ratings/skillRating.json:1:79: warning: skill `general/G/en/t`: `one_star` is -1, which SUSI's store reaches when its two files disagree; counted as 0"
            ])
    }

    /// The catalogue's own counts files stay strict: a negative count there is a mistake to fix.
    @Test func aNegativeCountInACountsFileIsStillAnError() throws {
        let loaded = TestSupport.load([
            Self.skill: Self.skillText, "ratings/counts.json": #"{"x/t": {"one_star": -1}}"#,
        ]
        )
        #expect(loaded.errors.map(\.message) == ["`one_star` is -1; a count cannot be negative"])
    }

    /// Written by the same servlet into the same folder; it is not a list of votes.
    @Test func ratingsOverTimeIsRecognised() throws {
        let loaded = TestSupport.load([
            Self.skill: Self.skillText,
            "ratings/ratingsOverTime.json":
                #"{"general":{"G":{"en":{"t":[{"rating":4.5,"count":2,"timestamp":"2020-09-07 23:16:14.123"}]}}}}"#,
            "ratings/fiveStarSkillRating.json":
                #"{"general":{"G":{"en":{"t":[{"uuid":"c","stars":5,"timestamp":"2020-09-07 23:16:14.123"}]}}}}"#,
        ])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.ratings["x/t"]?.stars == StarCounts(five: 1))
    }

    /// `skill_name: null` is SUSI's default (SusiMind.java:634, 655); its web client titles the
    /// page from the tag (susi.ai SkillListing.js:118-135). `creationTime` 1970 means unknown.
    @Test func aNamelessSkillIsNamedFromItsTagAndTheEpochIsNoDate() throws {
        let loaded = TestSupport.load([
            "skills/susi/list.json": """
            {"accepted": true, "model": "general", "group": "Knowledge", "language": "en", "skills": {
              "my_new_skill": {"model": "general", "group": "Knowledge", "language": "en", "skill_name": null,
                "descriptions": "New.", "creationTime": "1970-01-01T00:00:00Z", "skill_tag": "my_new_skill"},
              "dated": {"model": "general", "group": "Knowledge", "language": "en", "skill_name": "Dated",
                "creationTime": "2019-03-01T10:20:30Z", "skill_tag": "dated"}}}
            """
        ])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let named = try #require(loaded.skills.first { $0.tag == "my_new_skill" })
        #expect(named.name == "My New Skill")
        #expect(named.created == nil)
        #expect(loaded.skills.first { $0.tag == "dated" }?.created == "2019-03-01")
        #expect(
            loaded.diagnostics.map(\.message) == [
                "`skill_name` is null (SUSI's default for a skill without `::name`); the skill is named `My New Skill` from its tag, as SUSI's web client names it"
            ])
    }
}
