import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Ratings over time: the standing timed votes by day (`VoteTimeline`), their periods
/// (`TimelineBuckets`), where they come from (vote logs, a database, SUSI's store) and the chart.
@Suite struct VoteTimelineTests {
    /// Days since 1970-01-01 of a date written `yyyy-mm-dd`.
    static func day(_ text: String) throws -> Int {
        VoteTimeline.day(seconds: try #require(VoteTime(text)).seconds)
    }

    static func timeline(_ votes: [(String, Int)]) throws -> VoteTimeline {
        var timeline = VoteTimeline()
        for (date, stars) in votes { timeline.add(vote: stars, day: try day(date)) }
        return timeline
    }

    static func merged(_ text: String) -> [String: RatingTally] {
        var merger = EventMerger()
        var log = DiagnosticLog()
        merger.read(text, path: "ratings/votes.jsonl", &log)
        #expect(log.items.isEmpty, "\(log.items)")
        return merger.tallies()
    }

    // MARK: Periods

    @Test func votesSpanningThreeMonthsOrMoreArePerMonth() throws {
        let buckets = try #require(
            TimelineBuckets(try Self.timeline([("2024-01-31", 5), ("2024-01-02", 3), ("2024-05-01", 4)])))
        #expect(buckets.scale == .month)
        #expect(buckets.omitted == 0)
        #expect(
            buckets.buckets.map(\.period) == (1...5).map { TimelineBuckets.Period.month(year: 2024, month: $0) })
        #expect(buckets.buckets.map(\.total) == [2, 0, 0, 0, 1])
        // (5 + 3) / 2 = 4.0; the empty months have no average, not 0.
        #expect(buckets.buckets.map(\.averageTenths) == [40, nil, nil, nil, 40])
    }

    @Test func youngSkillsArePerWeekStartingOnMonday() throws {
        // 2024-03-03 is a Sunday, 03-04 a Monday; 90 days from the first to the last vote.
        let buckets = try #require(
            TimelineBuckets(
                try Self.timeline([("2024-03-03", 4), ("2024-03-04", 5), ("2024-03-10", 5), ("2024-06-01", 1)])))
        #expect(buckets.scale == .week)
        #expect(buckets.buckets.first?.period == .week(monday: try Self.day("2024-02-26")))
        #expect(buckets.buckets[1].period == .week(monday: try Self.day("2024-03-04")))
        #expect(buckets.buckets.last?.period == .week(monday: try Self.day("2024-05-27")))
        #expect(buckets.buckets.map(\.total) == [1, 2] + Array(repeating: 0, count: 11) + [1])
        #expect(buckets.buckets[1].averageTenths == 50)
        // 91 days apart: months.
        #expect(TimelineBuckets(try Self.timeline([("2024-03-03", 4), ("2024-06-02", 1)]))?.scale == .month)
    }

    @Test func weeksAndMonthsCrossTheYearBoundary() throws {
        // ISO week 1 of 2025 starts on Monday 2024-12-30.
        let weeks = try #require(
            TimelineBuckets(try Self.timeline([("2024-12-29", 2), ("2024-12-30", 4), ("2025-01-05", 5)])))
        #expect(
            weeks.buckets.map(\.period) == [
                .week(monday: try Self.day("2024-12-23")), .week(monday: try Self.day("2024-12-30")),
            ])
        #expect(weeks.buckets.map(\.total) == [1, 2])
        let months = try #require(
            TimelineBuckets(try Self.timeline([("2023-11-15", 2), ("2024-02-20", 4)])))
        #expect(
            months.buckets.map(\.period) == [
                .month(year: 2023, month: 11), .month(year: 2023, month: 12), .month(year: 2024, month: 1),
                .month(year: 2024, month: 2),
            ])
        // Before 1970 too: days below zero.
        let old = try #require(TimelineBuckets(try Self.timeline([("1969-12-31", 3), ("1970-01-01", 3)])))
        #expect(old.buckets.map(\.period) == [.week(monday: try Self.day("1969-12-29"))])
    }

    @Test func onlyTheLastPeriodsAreKept() throws {
        var votes: [(String, Int)] = []
        for month in 0..<30 { votes.append(("\(2022 + month / 12)-\(String(month % 12 + 1).leftPadded(to: 2))-15", 4)) }
        let buckets = try #require(TimelineBuckets(try Self.timeline(votes)))
        #expect(buckets.buckets.count == TimelineBuckets.defaultLimit)
        #expect(buckets.omitted == 6)
        #expect(buckets.buckets.first?.period == .month(year: 2022, month: 7))
        #expect(buckets.buckets.last?.period == .month(year: 2024, month: 6))
        let html = try #require(
            TimelineChart(strings: BuiltInTheme.english.strings).html(
                try Self.timeline(votes), theme: BuiltInTheme.english))
        #expect(html.contains("<caption>Ratings per month, only the latest 24 months</caption>"))
        #expect(html.components(separatedBy: "<rect class=\"timeline-bar\"").count == 25)
        // A vote thousands of years back costs no more than the periods shown.
        let far = try Self.timeline([("0001-01-01", 1), ("9999-12-31", 5)])
        #expect(TimelineBuckets(far)?.buckets.count == TimelineBuckets.defaultLimit)
    }

    @Test func averagesRoundAsTheSummaryDoes() throws {
        let buckets = try #require(
            TimelineBuckets(try Self.timeline([("2024-01-01", 4), ("2024-01-02", 4), ("2024-01-03", 5)])))
        // 13 / 3 = 4.33 → 4.3, and 4.25 → 4.3 (half up), as RatingSummary.averageTenths.
        #expect(buckets.buckets.map(\.averageText) == ["4.3"])
        let half = try #require(
            TimelineBuckets(
                try Self.timeline([("2024-01-01", 4), ("2024-01-01", 4), ("2024-01-01", 4), ("2024-01-01", 5)])))
        #expect(half.buckets.first?.averageTenths == RatingSummary(counts: StarCounts(four: 3, five: 1)).averageTenths)
        #expect(half.buckets.first?.averageText == "4.3")
    }

    /// The chart shows dated ratings only; when the skill has others, a line beside it says how many.
    @Test func aTimelineOfSomeRatingsSaysHowManyCarryADate() throws {
        let five = try Self.timeline([
            ("2024-01-01", 4), ("2024-01-02", 5), ("2024-02-01", 3), ("2024-03-01", 5), ("2024-03-02", 2),
        ])
        let english = TimelineChart(strings: BuiltInTheme.english.strings)
        #expect(english.data(five, ratings: 3288)?.datedNote == "5 of 3,288 ratings carry a date")
        #expect(english.data(five, ratings: 5)?.datedNote == nil, "every rating is on the chart")
        #expect(english.data(five)?.datedNote == nil)
        let one = try Self.timeline([("2024-01-01", 4)])
        #expect(english.data(one, ratings: 2)?.datedNote == "1 of 2 ratings carries a date")
        let german = TimelineChart(strings: BuiltInTheme.load("de").strings)
        #expect(german.data(five, ratings: 3288)?.datedNote == "5 von 3.288 Bewertungen haben ein Datum")
        #expect(german.data(one, ratings: 2)?.datedNote == "1 von 2 Bewertungen hat ein Datum")
    }

    @Test func noTimedVotesNoPeriods() {
        #expect(TimelineBuckets(VoteTimeline()) == nil)
        #expect(TimelineChart(strings: BuiltInTheme.english.strings).data(VoteTimeline()) == nil)
    }

    /// Over generated logs: every period's votes add up to the timed standing votes (those with a
    /// readable timestamp that no later vote of the same voter replaced), never more than the
    /// skill's votes, and the periods are consecutive.
    @Test func periodsAddUpToTheTimedStandingVotes() throws {
        var random = SplitMix64(seed: 23)
        for _ in 0..<200 {
            var lines: [String] = []
            var standing: [String: (stars: Int, timed: Bool, time: VoteTime?)] = [:]
            var anonymousTimed = 0
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                let stars = Int.random(in: 1...5, using: &random)
                let year = Int.random(in: 2018...2025, using: &random)
                let month = Int.random(in: 1...12, using: &random)
                let dayOfMonth = Int.random(in: 1...28, using: &random)
                let timestamp: String? =
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: nil
                    case 1:
                        "\(year)-\(String(month).leftPadded(to: 2))-\(String(dayOfMonth).leftPadded(to: 2))T12:00:00Z"
                    case 2:
                        "\(year)-\(String(month).leftPadded(to: 2))-\(String(dayOfMonth).leftPadded(to: 2)) 23:59:59.5"
                    default: "soon"
                    }
                let user =
                    Int.random(in: 0..<3, using: &random) == 0 ? nil : "u\(Int.random(in: 0..<8, using: &random))"
                var line = #"{"skill":"s","stars":\#(stars)"#
                if let user { line += #","user":"\#(user)""# }
                if let timestamp { line += #","timestamp":"\#(timestamp)""# }
                lines.append(line + "}")
                let time = timestamp.flatMap(VoteTime.init)
                guard let user else {
                    if time != nil { anonymousTimed += 1 }
                    continue
                }
                if let previous = standing[user], let before = previous.time, let now = time, before > now { continue }
                standing[user] = (stars, time != nil, time)
            }
            let tally = try #require(Self.merged(lines.joined(separator: "\n") + "\n")["s"])
            let timed = anonymousTimed + standing.values.filter(\.timed).count
            #expect(tally.timeline.total == timed, "\(lines)")
            #expect(tally.timeline.total <= tally.stars.total)
            guard let buckets = TimelineBuckets(tally.timeline, limit: 1_000) else {
                #expect(timed == 0)
                continue
            }
            #expect(buckets.omitted == 0)
            #expect(buckets.buckets.reduce(0) { $0 + $1.total } == timed, "\(lines)")
            var merged = StarCounts()
            for bucket in buckets.buckets { merged += bucket.counts }
            #expect(merged.total == timed)
        }
    }

    // MARK: Days

    /// Votes added and taken out in any order, on days before and after 1970, and timelines
    /// merged: the days are those of a table kept beside them, oldest first, and a compacted
    /// timeline is the same timeline.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func daysAreTheVotesLeftInOrderHoweverTheyCame(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func series() -> (VoteTimeline, [Int: StarCounts]) {
            var timeline = VoteTimeline()
            var table: [Int: StarCounts] = [:]
            var cast: [(stars: Int, day: Int)] = []
            for _ in 0..<Int.random(in: 0...200, using: &random) {
                if !cast.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
                    let (stars, day) = cast.remove(at: Int.random(in: 0..<cast.count, using: &random))
                    timeline.remove(vote: stars, day: day)
                    table[day]?[stars] -= 1
                } else {
                    let vote = (Int.random(in: 0...6, using: &random), Int.random(in: -40...60, using: &random))
                    timeline.add(vote: vote.0, day: vote.1)
                    if (1...5).contains(vote.0) {
                        cast.append(vote)
                        table[vote.1, default: StarCounts()].add(vote: vote.0)
                    }
                }
            }
            return (timeline, table.filter { $0.value.total > 0 })
        }
        let (first, firstTable) = series()
        let (second, secondTable) = series()
        #expect(first.days == firstTable)
        #expect(first.entries.map(\.day) == firstTable.keys.sorted())
        #expect(first.compacted() == first)
        #expect(first.total == firstTable.values.reduce(0) { $0 + $1.total })
        var merged = first
        merged.merge(second)
        #expect(merged.days == firstTable.merging(secondTable, uniquingKeysWith: +))
        #expect(merged == VoteTimeline(days: firstTable.merging(secondTable, uniquingKeysWith: +)))
    }

    // MARK: Sources

    @Test func aReplacedVoteLeavesItsDay() throws {
        let tallies = Self.merged(
            """
            {"skill":"s","stars":2,"user":"a","timestamp":"2024-01-10T10:00:00Z"}
            {"skill":"s","stars":5,"user":"a","timestamp":"2024-03-10T10:00:00Z"}
            {"skill":"s","stars":1,"user":"b","timestamp":"2024-02-01T10:00:00Z"}
            {"skill":"s","stars":3,"user":"b"}
            {"skill":"s","stars":4,"timestamp":"2024-02-02T10:00:00Z"}
            {"skill":"s","stars":4,"timestamp":"not a date"}

            """)
        let tally = try #require(tallies["s"])
        #expect(tally.stars == StarCounts(three: 1, four: 2, five: 1))
        // a's vote moved to March; b's untimed vote replaced the timed one; the anonymous vote counts.
        #expect(
            tally.timeline
                == VoteTimeline(days: [
                    try Self.day("2024-03-10"): StarCounts(five: 1), try Self.day("2024-02-02"): StarCounts(four: 1),
                ]))
    }

    @Test func aZonedTimeCountsOnItsUTCDayAndAnUnzonedOneAsWritten() throws {
        let tallies = Self.merged(
            """
            {"skill":"zoned","stars":5,"timestamp":"2024-03-01T00:30:00+01:00"}
            {"skill":"zoned","stars":4,"timestamp":"2024-02-29T23:30:00-01:00"}
            {"skill":"plain","stars":5,"timestamp":"2024-03-01 00:30:00"}

            """)
        #expect(
            tallies["zoned"]?.timeline.days.keys.sorted() == [try Self.day("2024-02-29"), try Self.day("2024-03-01")])
        #expect(tallies["plain"]?.timeline.days.keys.sorted() == [try Self.day("2024-03-01")])
    }

    @Test func aDatabaseVoteCountsOnTheDayOfItsMilliseconds() throws {
        var merger = EventMerger()
        var log = DiagnosticLog()
        // 2024-03-01T23:59:59.999Z and 1969-12-31T23:59:59.999Z.
        let recorded = RecordedVotes(
            display: "votes.sqlite",
            votes: [
                Vote(skill: "s", stars: 5, voter: "a", milliseconds: 1_709_337_599_999),
                Vote(skill: "s", stars: 3, voter: "b", milliseconds: -1),
            ])
        merger.add(recorded, &log)
        #expect(log.items.isEmpty)
        #expect(
            merger.tallies()["s"]?.timeline
                == VoteTimeline(days: [try Self.day("2024-03-01"): StarCounts(five: 1), -1: StarCounts(three: 1)]))
    }

    /// `sitegen serve` appends each vote to the kept merger: what it then holds is what reading
    /// the grown log afresh gives, timeline included.
    @Test func anAppendedVoteGivesTheTimelineOfAFreshRead() throws {
        let log = """
            {"skill":"s","stars":2,"user":"a","timestamp":"2024-01-10T10:00:00Z"}
            {"skill":"s","stars":4,"user":"b","timestamp":"2024-01-11T10:00:00Z"}
            {"skill":"t","stars":5,"timestamp":"2024-01-12T10:00:00Z"}

            """
        let appends = [
            (#"{"skill":"s","stars":5,"user":"a","timestamp":"2024-04-01T10:00:00Z"}"#, "s"),
            (#"{"skill":"s","stars":3,"user":"b"}"#, "s"),
            (#"{"skill":"t","stars":1,"timestamp":"2024-04-02T10:00:00+02:00"}"#, "t"),
            (#"{"skill":"s","stars":1,"user":"a","timestamp":"2023-01-01T10:00:00Z"}"#, "s"),
        ]
        var merger = EventMerger()
        var diagnostics = DiagnosticLog()
        merger.read(log, path: "ratings/votes.jsonl", &diagnostics)
        var kept = RatingsRead(counted: RatingSources(), events: merger)
        var patched = kept.sources()
        var grown = log
        for (line, skill) in appends {
            let result = kept.append(line + "\n", path: "ratings/votes.jsonl", skill: skill, laterLogs: [])
            let appended = try #require(result)
            #expect(appended.skills == [skill])
            grown += line + "\n"
            let fresh = Self.merged(grown)
            #expect(kept.sources().byID == fresh, "after \(line)")
            // Made again for the appended vote's skill alone, they are the same.
            patched = kept.sources(patching: patched, touched: appended.skills, votesAdded: appended.votesAdded)
            #expect(patched.byID == fresh, "after \(line)")
            #expect(patched.votesRead == kept.sources().votesRead, "after \(line)")
        }
        let s = try #require(kept.sources().byID["s"])
        #expect(s.timeline == VoteTimeline(days: [try Self.day("2024-04-01"): StarCounts(five: 1)]))
    }

    @Test func susiVotesCountOnTheDateAsWritten() throws {
        let text = """
            {"general": {"Knowledge": {"en": {"capitals": [
              {"email": "a@example.org", "stars": 4, "timestamp": "2018-07-13 23:59:59.58"},
              {"email": "b@example.org", "stars": 2, "timestamp": "2018-07-14 00:00:00.5"},
              {"email": "b@example.org", "stars": 5, "timestamp": "2018-09-02 08:01:02.233"},
              {"uuid": "4a23d5962217beaddbc496cb8e81973e", "stars": 3, "timestamp": "2018-10-19 01:14:02.0"},
              {"stars": 1, "timestamp": "2018-10-20 12:00:00.1"},
              {"email": "c@example.org", "stars": 5}
            ]}}}}
            """
        var folder = SusiFolder()
        var log = DiagnosticLog()
        let root = try #require(try JSONValue.parse(text).object)
        SusiStoreReader.read(root, text: text, path: "ratings/fiveStarSkillRating.json", into: &folder, &log)
        #expect(log.items.isEmpty)
        let key = SusiSkillKey(model: "general", group: "Knowledge", language: "en", tag: "capitals")
        let tally = try #require(folder.merged(&log)[key]?.tally)
        #expect(tally.stars == StarCounts(one: 1, three: 1, four: 1, five: 2))
        // b's later vote replaced the earlier one; c's vote has no time.
        #expect(
            tally.timeline
                == VoteTimeline(days: [
                    try Self.day("2018-07-13"): StarCounts(four: 1), try Self.day("2018-09-02"): StarCounts(five: 1),
                    try Self.day("2018-10-19"): StarCounts(three: 1), try Self.day("2018-10-20"): StarCounts(one: 1),
                ]))
    }

    @Test func countsFilesHaveNoTimeline() throws {
        let site = TestSite()
        site.skill("g/s", name: "Counted", group: "G")
        site.write("ratings/counts.json", #"{"g/s": {"one_star": 1, "five_star": 3}}"#)
        try site.build()
        let page = try site.read("skills/g/s/index.html")
        #expect(page.contains("rating-chart"))
        #expect(!page.contains("timeline"))
        #expect(!page.contains("over-time"))
    }

    // MARK: The chart

    static let chartCases: [(file: String, votes: [(String, Int)])] = [
        (
            "timeline-months.html",
            [
                ("2023-11-02", 5), ("2023-11-20", 4), ("2023-12-24", 3), ("2024-02-01", 1), ("2024-02-02", 2),
                ("2024-02-03", 5), ("2024-03-15", 5),
            ]
        ),
        ("timeline-weeks.html", [("2024-12-29", 4), ("2024-12-30", 5), ("2025-01-02", 5), ("2025-01-20", 2)]),
        ("timeline-one-day.html", [("2024-06-01", 3)]),
    ]

    @Test(arguments: 0..<3)
    func theChartMatchesItsGoldenFile(_ index: Int) throws {
        let testCase = Self.chartCases[index]
        let html = try #require(
            TimelineChart(strings: BuiltInTheme.english.strings).html(
                try Self.timeline(testCase.votes), theme: BuiltInTheme.english))
        let parsed = RatingXML.parse(html)
        #expect(parsed.error == nil, "\(testCase.file) is not well-formed XML: \(parsed.error ?? "")")
        #expect(parsed.elements.filter { $0 == "svg" }.count == 1)
        #expect(parsed.elements.contains("table") && parsed.elements.contains("title"))
        #expect(html.contains("role=\"img\" aria-label=\"Ratings over time, "))
        try RatingGoldenFile.check(html + "\n", golden: testCase.file)
    }

    @Test func theChartSpeaksGerman() throws {
        let site = TestSite()
        site.write("site.yml", "language: de\n")
        site.skill("g/s", name: "Wetter", group: "G", language: "de")
        site.write(
            "ratings/votes.jsonl",
            #"{"skill":"g/s","stars":4,"timestamp":"2024-03-01T10:00:00Z"}"# + "\n"
                + #"{"skill":"g/s","stars":5,"timestamp":"2024-03-02T10:00:00Z"}"# + "\n"
                + #"{"skill":"g/s","stars":5,"timestamp":"2024-07-02T10:00:00Z"}"# + "\n")
        try site.build()
        let page = try site.read("skills/g/s/index.html")
        #expect(page.contains("<h2 id=\"over-time\">Bewertungen im Zeitverlauf</h2>"))
        #expect(page.contains("<th scope=\"row\">März 2024</th><td>2</td><td>4,5</td>"))
        #expect(page.contains("<caption>Bewertungen pro Monat</caption>"))
        #expect(
            page.contains("aria-label=\"Bewertungen im Zeitverlauf, März 2024 bis Juli 2024: 3 Bewertungen mit Datum"))
        #expect(!page.contains("timeline-dated"), "every rating carries a date")
    }

    @Test func theSkillPageMatchesItsGoldenFile() throws {
        let site = try TestSite(copying: FixtureSite.fixture("golden-site"))
        site.write(
            "ratings/votes.jsonl",
            [
                #"{"skill":"news/headline-finder","stars":5,"user":"a","timestamp":"2024-01-03T07:42:10Z"}"#,
                #"{"skill":"news/headline-finder","stars":3,"user":"b","timestamp":"2024-01-20T18:00:00+02:00"}"#,
                #"{"skill":"news/headline-finder","stars":4,"user":"c","timestamp":"2024-04-06 07:21:50.5"}"#,
                #"{"skill":"news/headline-finder","stars":2,"timestamp":"2024-04-30T23:59:59Z"}"#,
            ].joined(separator: "\n") + "\n")
        try site.build()
        let page = try site.read("skills/news/headline-finder/index.html")
        try Golden.check(page, named: "pages/timeline-skill-page.html")
        #expect(HTMLScan.problems(in: page) == [])
        // 10 of its ratings carry no date.
        #expect(page.contains("<p class=\"timeline-dated\">4 of 14 ratings carry a date</p>"))
        #expect(page.contains("<h2 id=\"over-time\">Ratings over time</h2>"))
        #expect(page.contains("<th scope=\"row\">January 2024</th><td>2</td><td>4.0</td>"))
        #expect(page.contains("<th scope=\"row\">February 2024</th><td>0</td><td><span aria-hidden=\"true\">–</span>"))
        #expect(page.contains("<th scope=\"row\">April 2024</th><td>2</td><td>3.0</td>"))
    }

    @Test func aSiteRestylesTheTimelineWithItsOwnPartial() throws {
        let site = TestSite()
        site.skill("g/s", name: "Timed", group: "G")
        site.write(
            "ratings/votes.jsonl",
            #"{"skill":"g/s","stars":3,"timestamp":"2024-03-01T10:00:00Z"}"# + "\n"
                + #"{"skill":"g/s","stars":4,"timestamp":"2024-03-12T10:00:00Z"}"# + "\n")
        site.template(
            "_timeline.mustache",
            "<ol class=\"my-timeline\" title=\"{{label}}\">{{#rows}}<li>{{period}}:{{votes}}:{{average}}</li>{{/rows}}</ol>\n"
        )
        try site.build(templates: site.templates)
        let page = try site.read("skills/g/s/index.html")
        #expect(
            page.contains(
                "<li>Week of February 26, 2024:1:3.0</li><li>Week of March 4, 2024:0:</li><li>Week of March 11, 2024:1:4.0</li></ol>"
            ))
        #expect(!page.contains("timeline-chart"))
    }

    /// Hostile words in the theme's strings and hostile timestamps stay text.
    @Test func hostileInputStaysInert() throws {
        let site = try TestSite(copying: FixtureSite.fixture("hostile"))
        site.write(
            "ratings/timed.jsonl",
            #"{"skill":"xss/script-everywhere","stars":4,"timestamp":"2024-03-01T10:00:00Z"}"# + "\n"
                + #"{"skill":"xss/script-everywhere","stars":5,"timestamp":"2024-06-15T10:00:00Z"}"# + "\n"
                + #"{"skill":"xss/script-everywhere","stars":2,"timestamp":"2024-03-01T10:00:00Z<script>"}"# + "\n")
        site.template(
            "i18n/en.yml",
            "month_mar: \"<script>alert(1)</script>\"\ntimeline_heading: \"<img src=x onerror=alert(1)>\"\n")
        try site.build(templates: site.templates)
        for path in site.outputFiles() where path.hasSuffix(".html") {
            #expect(HTMLScan.problems(in: try site.read(path)) == [], "\(path)")
        }
        let page = try site.read("skills/xss/script-everywhere/index.html")
        #expect(page.contains("<th scope=\"row\">&lt;script&gt;alert(1)&lt;/script&gt; 2024</th><td>1</td>"))
        #expect(page.contains("<h2 id=\"over-time\">&lt;img src=x onerror=alert(1)&gt;</h2>"))
    }

    /// A vote that moves to another day, stars unchanged, changes only the timeline: the kept
    /// build renders the skill's page again.
    @Test func aKeptBuildRendersThePageWhenOnlyTheTimelineChanged() throws {
        let site = TestSite()
        for i in 0..<3 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G") }
        site.write(
            "ratings/votes.jsonl", #"{"skill":"g/s0","stars":4,"user":"a","timestamp":"2024-01-05T10:00:00Z"}"# + "\n")
        var live = LiveSite()
        try live.apply(site.options())
        site.write(
            "ratings/votes.jsonl",
            #"{"skill":"g/s0","stars":4,"user":"a","timestamp":"2024-01-05T10:00:00Z"}"# + "\n"
                + #"{"skill":"g/s0","stars":4,"user":"a","timestamp":"2024-05-05T10:00:00Z"}"# + "\n")
        let moved = try live.apply(site.options())
        #expect(moved.written.contains("skills/g/s0/index.html"))
        #expect(!moved.written.contains("skills/g/s1/index.html"))
        let page = String(decoding: live.files["skills/g/s0/index.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("<th scope=\"row\">Week of April 29, 2024</th><td>1</td><td>4.0</td>"))
        #expect(!page.contains("January"))
    }

    /// The line through the dots is written into one buffer; it must be the pieces the chart
    /// joined before ("M" where a piece starts, "L" after a dot, joined by spaces).
    @Test func theAverageLineIsThePiecesJoined() {
        func joined(_ dots: [TimelineChart.Point?]) -> String {
            var path: [String] = []
            var previous: TimelineChart.Point?
            for dot in dots {
                if let dot {
                    path.append(
                        (previous == nil ? "M" : "L") + SVGNumber.format(dot.x) + " " + SVGNumber.format(dot.y))
                }
                previous = dot
            }
            return path.joined(separator: " ")
        }
        var random = SplitMix64(seed: 23)
        var broken = 0
        for _ in 0..<2_000 {
            let dots = (0..<Int.random(in: 0...14, using: &random)).map { _ -> TimelineChart.Point? in
                Int.random(in: 0..<4, using: &random) == 0
                    ? nil
                    : TimelineChart.Point(
                        x: Double.random(in: -5...400, using: &random), y: Double.random(in: -1...180, using: &random))
            }
            if dots.contains(where: { $0 == nil }) && dots.contains(where: { $0 != nil }) { broken += 1 }
            #expect(TimelineChart.linePath(dots) == joined(dots))
        }
        #expect(broken > 500)
    }

    /// The coordinates a chart takes from the build's scales (`TimelineChart.Scales`: centers,
    /// bars' lefts and widths by number of periods, dot heights by average) must be the geometry's
    /// own, written out: random timelines of every number of periods, by week and by month, some
    /// past the limit.
    @Test func theSharedScalesAreTheGeometryWrittenOut() throws {
        let chart = TimelineChart(strings: BuiltInTheme.english.strings)
        var random = SplitMix64(seed: 41)
        var counts = Set<Int>()
        for round in 0..<600 {
            var days: [Int: StarCounts] = [:]
            // Up to three years of days, so weeks, months and more months than the limit all come.
            let span =
                round % 3 == 0 ? Int.random(in: 1...90, using: &random) : Int.random(in: 1...1_100, using: &random)
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                var counts = StarCounts()
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    counts.add(vote: Int.random(in: 1...5, using: &random))
                }
                days[19_000 + Int.random(in: 0..<span, using: &random)] = counts
            }
            let timeline = VoteTimeline(days: days)
            let buckets = try #require(TimelineBuckets(timeline))
            counts.insert(buckets.buckets.count)
            let geometry = TimelineChart.geometry(buckets)
            let data = try #require(chart.data(timeline))
            let f = SVGNumber.format as (Double) -> String
            let bars = geometry.bars.compactMap { $0 }
            #expect(
                data.bars.map { [$0.x, $0.y, $0.width, $0.height] }
                    == bars.map { [f($0.x), f($0.y), f($0.width), f($0.height)] })
            let dots = geometry.dots.compactMap { $0 }
            #expect(data.dots.map { [$0.x, $0.y] } == dots.map { [f($0.x), f($0.y)] })
            #expect(data.line == TimelineChart.linePath(geometry.dots))
        }
        #expect(counts.count > 20 && counts.contains(1) && counts.contains(TimelineBuckets.defaultLimit))
    }
}
