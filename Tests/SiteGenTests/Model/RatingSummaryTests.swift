import Testing

@testable import CatalogueModel

@Suite struct RatingSummaryTests {
    @Test func averageComesFromIntegerCountsRoundedHalfUp() {
        let summary = RatingSummary(counts: StarCounts(four: 3, five: 1))  // 4.25
        #expect(summary.total == 4)
        #expect(summary.average == 4.25)
        #expect(summary.averageText == "4.3")
    }

    @Test func unratedHasNoAverage() {
        let summary = RatingSummary(counts: StarCounts())
        #expect(!summary.isRated)
        #expect(summary.average == nil)
        #expect(summary.averageText == nil)
        #expect(summary.percentagesFiveToOne == [0, 0, 0, 0, 0])
    }

    @Test func percentagesRunFiveToOneAndEqualCountsShowEqualShares() {
        let summary = RatingSummary(counts: StarCounts(one: 1, two: 1, three: 1))
        #expect(summary.percentagesFiveToOne == [0, 0, 33, 33, 33])
        #expect(summary.percentage(stars: 3) == 33)
        #expect(RatingSummary(counts: StarCounts(one: 1, five: 3)).percentagesFiveToOne == [75, 0, 0, 0, 25])
    }

    @Test func countsAreFormattedWithGrouping() {
        let strings = BuiltInTheme.english.strings
        #expect(strings.count("ratings", 1) == "1 rating")
        #expect(strings.count("ratings", 0) == "0 ratings")
        #expect(strings.count("ratings", 1_234_567) == "1,234,567 ratings")
    }

    @Test func tallyMergeKeepsThumbsAbsentUnlessGiven() {
        var tally = RatingTally(stars: StarCounts(five: 1))
        tally.merge(RatingTally(stars: StarCounts(one: 1)))
        #expect(tally.positive == nil)
        tally.merge(RatingTally(positive: 3, negative: 1))
        #expect(tally.positive == 3)
        #expect(tally.stars.total == 2)
    }
}
