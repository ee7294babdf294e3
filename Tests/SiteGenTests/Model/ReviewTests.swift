import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Written reviews: read from `.jsonl` comments, SUSI's feedback store and a database's votes;
/// shown newest first on the skill page and in full on its paged `reviews/` pages; plain text,
/// escaped, never an e-mail address; hidden by a `moderation` file.
@Suite struct ReviewTests {
    static func line(
        _ skill: String, stars: Int? = nil, user: String? = nil, time: String? = nil, name: String? = nil,
        comment: String? = nil
    ) -> String {
        var object: [String: Any] = ["skill": skill]
        if let stars { object["stars"] = stars }
        if let user { object["user"] = user }
        if let time { object["timestamp"] = time }
        if let name { object["name"] = name }
        if let comment { object["comment"] = comment }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func site(_ lines: [String], siteYML: String = "title: Reviews\n") -> TestSite {
        let site = TestSite()
        site.write("site.yml", siteYML)
        site.skill("tools/timer", name: "Timer", group: "Tools")
        site.skill("tools/quiet", name: "Quiet", group: "Tools")
        site.write("ratings/votes.jsonl", lines.joined())
        return site
    }

    /// The reviews section of a page, or "" when it has none.
    static func reviews(_ page: String) -> String {
        guard let start = page.range(of: "<section class=\"reviews\""),
            let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex)
        else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    static func ids(_ html: String) -> [String] {
        html.components(separatedBy: "id=\"review-").dropFirst().compactMap { $0.split(separator: "\"").first }.map(
            String.init)
    }

    @Test func theSkillPageShowsTheNewestReviewsWithNameDateAndTheVotersStars() throws {
        let site = Self.site([
            Self.line(
                "tools/timer", stars: 5, user: "ann", time: "2024-01-01T10:00:00Z", name: "Ann", comment: "First."),
            Self.line("tools/timer", stars: 2, user: "bob", time: "2024-03-01T10:00:00Z", comment: "Third."),
            Self.line(
                "tools/timer", stars: 4, user: "cy", time: "2024-02-01T10:00:00Z", name: "Cy", comment: "Second."),
            Self.line(
                "tools/timer", stars: 3, user: "dee", time: "2024-04-01T10:00:00Z", name: "Dee", comment: "Fourth."),
            // Ann changes her vote later without writing again: her review stays, with her new stars.
            Self.line("tools/timer", stars: 1, user: "ann", time: "2024-05-01T10:00:00Z"),
        ])
        try site.build()
        let page = try site.read("skills/tools/timer/index.html")
        let section = Self.reviews(page)
        #expect(section.contains("<h2 id=\"reviews\">Reviews</h2>"))
        #expect(section.contains("<p class=\"reviews-count\">4 reviews</p>"))
        // Three shown (the default), newest first.
        let fourth = try #require(section.range(of: "Fourth."))
        let third = try #require(section.range(of: "Third."))
        let second = try #require(section.range(of: "Second."))
        #expect(fourth.lowerBound < third.lowerBound && third.lowerBound < second.lowerBound)
        #expect(!section.contains("First."))
        #expect(section.contains("<bdi class=\"review-name muted\">Anonymous</bdi>"), "bob gave no name")
        #expect(
            section.contains("<bdi class=\"review-name\">Dee</bdi> · <time datetime=\"2024-04-01\">2024-04-01</time>"))
        #expect(section.contains("Rated 3 stars out of 5"))
        #expect(section.contains("<a href=\"../../../skills/tools/timer/reviews/\">See all 4 reviews</a>"))
        // The full list has Ann's review with the stars of her standing vote.
        let all = try site.read("skills/tools/timer/reviews/index.html")
        #expect(all.contains("<h1>Reviews of Timer</h1>"))
        let items = all.components(separatedBy: "<li class=\"review\"")
        let ann = try #require(items.first { $0.contains("<bdi class=\"review-name\">Ann</bdi>") })
        #expect(ann.contains("Rated 1 star out of 5"))
        #expect(Self.ids(all).count == 4 && Set(Self.ids(all)).count == 4)
        // A skill without reviews has no section and no reviews pages.
        let quiet = try site.read("skills/tools/quiet/index.html")
        #expect(Self.reviews(quiet).isEmpty && !quiet.contains("review"))
        #expect(!site.exists("skills/tools/quiet/reviews/index.html"))
    }

    @Test func aUsersLaterReviewReplacesTheEarlierAndAReviewNeedsNoStars() throws {
        let site = Self.site([
            Self.line("tools/timer", stars: 4, user: "ann", time: "2024-01-01T10:00:00Z", comment: "Old text."),
            Self.line("tools/timer", user: "ann", time: "2024-02-01T10:00:00Z", comment: "New text."),
            // Written earlier, read later: the earlier instant does not replace the later one.
            Self.line("tools/timer", user: "ann", time: "2023-12-01T10:00:00Z", comment: "Older text."),
            Self.line("tools/timer", time: "2024-03-01", comment: "No voter, no stars."),
        ])
        try site.build()
        let section = Self.reviews(try site.read("skills/tools/timer/index.html"))
        #expect(section.contains("New text.") && !section.contains("Old text.") && !section.contains("Older text."))
        #expect(section.contains("No voter, no stars."))
        #expect(section.contains("Rated 4 stars out of 5"), "Ann's vote stands beside her new text")
        #expect(
            section.components(separatedBy: "class=\"review-stars\"").count == 2,
            "the anonymous one has no stars: \(section)")
        // The stars count once: a review without stars is not a vote.
        #expect(try site.read("skills/tools/timer/index.html").contains("<p class=\"rating-big-count\">1 rating</p>"))
    }

    @Test func reviewTextIsPlainEscapedTextWithItsLineBreaks() throws {
        let comment =
            "<script>alert(1)</script>\r\n**not bold** [no link](javascript:alert(1))\r\u{202E}reversed\u{202C}\u{200B}"
        let site = Self.site([
            Self.line("tools/timer", stars: 3, user: "x", name: "<img src=x onerror=alert(1)>", comment: comment)
        ])
        try site.build()
        let section = Self.reviews(try site.read("skills/tools/timer/index.html"))
        #expect(
            section.contains(
                "<p class=\"review-text\" dir=\"auto\">&lt;script&gt;alert(1)&lt;/script&gt;\n**not bold** [no link](javascript:alert(1))\nreversed</p>"
            ))
        #expect(section.contains("<bdi class=\"review-name\">&lt;img src=x onerror=alert(1)&gt;</bdi>"))
        #expect(
            !section.contains("<script>") && !section.contains("<strong>") && !section.contains("href=\"javascript"))
        #expect(!section.unicodeScalars.contains { [0x202E, 0x202C, 0x200B, 0x0D].contains($0.value) })
    }

    @Test func anEmailAddressIsNeverShown() throws {
        let site = Self.site([
            Self.line("tools/timer", stars: 5, user: "ann@example.org", name: "ann@example.org", comment: "Mine.")
        ])
        try site.build()
        for (path, data) in site.built {
            #expect(!String(decoding: data, as: UTF8.self).contains("example.org"), "\(path) shows the address")
        }
        #expect(Self.reviews(try site.read("skills/tools/timer/index.html")).contains(">Anonymous</bdi>"))
    }

    @Test func overlongTextIsCutWithAWarningNamingTheLine() throws {
        let long = String(repeating: "é", count: Review.maximumLength + 50)
        let site = Self.site([
            Self.line("tools/timer", stars: 3, comment: "Fine."), Self.line("tools/timer", stars: 3, comment: long),
        ])
        let report = try site.build()
        let warning = try #require(report.warnings.first { $0.message.contains("cut to 2,000") })
        #expect(warning.path == "Content/ratings/votes.jsonl" && warning.line == 2)
        #expect(warning.message.contains("2,050 characters"))
        let section = Self.reviews(try site.read("skills/tools/timer/index.html"))
        #expect(section.contains(String(repeating: "é", count: Review.maximumLength) + "…</p>"))
        #expect(!section.contains(String(repeating: "é", count: Review.maximumLength + 1)))
    }

    @Test func aCommentThatIsNotTextIsAnErrorAtItsLine() {
        let site = Self.site([
            Self.line("tools/timer", stars: 3, comment: "Fine."),
            "{\"skill\": \"tools/timer\", \"stars\": 4, \"comment\": 5}\n",
        ])
        #expect {
            try site.build()
        } throws: { error in
            let failure = error as? BuildFailure
            return failure?.errors.contains {
                $0.path == "Content/ratings/votes.jsonl" && $0.line == 2 && $0.column == 49
                    && $0.message.contains("`comment` must be text")
            } ?? false
        }
    }

    @Test func reviewsPagesArePagedBySetting() throws {
        var lines: [String] = []
        for n in 1...5 {
            lines.append(
                Self.line(
                    "tools/timer", stars: n, user: "u\(n)", time: "2024-0\(n)-01T00:00:00Z", comment: "Review \(n)."))
        }
        let site = Self.site(lines, siteYML: "title: Reviews\nreviews:\n  on_skill_page: 1\n  per_page: 2\n")
        try site.build()
        let section = Self.reviews(try site.read("skills/tools/timer/index.html"))
        #expect(section.contains("Review 5.") && !section.contains("Review 4."))
        let first = try site.read("skills/tools/timer/reviews/index.html")
        let second = try site.read("skills/tools/timer/reviews/page/2/index.html")
        let third = try site.read("skills/tools/timer/reviews/page/3/index.html")
        #expect(first.contains("Review 5.") && first.contains("Review 4.") && !first.contains("Review 3."))
        #expect(second.contains("Review 3.") && second.contains("Review 2."))
        #expect(third.contains("Review 1.") && !site.exists("skills/tools/timer/reviews/page/4/index.html"))
        #expect(second.contains("<title>Reviews of Timer, page 2 · Reviews</title>"))
        #expect(second.contains("rel=\"prev\" href=\"../../../../../../skills/tools/timer/reviews/\""))
    }

    @Test func settingsOutOfRangeAreLocatedErrors() {
        let site = Self.site([], siteYML: "title: Reviews\nreviews:\n  per_page: 0\n  shown: 2\n")
        #expect {
            try site.build()
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.errors.contains {
                $0.path == "Content/site.yml" && $0.line == 3 && $0.message.contains("`reviews.per_page` must be")
            } && failure.diagnostics.contains { $0.line == 4 && $0.message.contains("shown") }
        }
    }

    @Test func aModerationFileHidesReviewsByID() throws {
        let lines = [
            Self.line("tools/timer", stars: 5, user: "ann", time: "2024-01-01T10:00:00Z", comment: "Keep me."),
            Self.line("tools/timer", stars: 1, user: "spam", time: "2024-02-01T10:00:00Z", comment: "Buy pills."),
        ]
        let site = Self.site(lines)
        try site.build()
        let before = try site.read("skills/tools/timer/reviews/index.html")
        let spam = try #require(
            before.components(separatedBy: "<li class=\"review\" id=\"review-").dropFirst().first {
                $0.contains("Buy pills.")
            }?.prefix(12))
        site.write(
            "ratings/moderation.txt", "# spam, reported 2024-02-02\n\(spam)  # pills\n\nnot-an-id\n0123456789ab\n")
        let report = try site.build()
        let page = try site.read("skills/tools/timer/index.html")
        #expect(page.contains("Keep me.") && !page.contains("Buy pills."))
        #expect(page.contains("<p class=\"reviews-count\">1 review</p>"))
        // The hidden review's vote still counts.
        #expect(page.contains("<p class=\"rating-big-count\">2 ratings</p>"))
        #expect(report.warnings.contains { $0.path == "Content/ratings/moderation.txt" && $0.line == 4 })
        #expect(
            report.warnings.contains {
                $0.path == "Content/ratings/moderation.txt" && $0.line == 5
                    && $0.message.contains("no review has the id")
            })
        #expect(!report.warnings.contains { $0.message.contains("not a rating file") })
    }

    @Test func susiFeedbackShowsWithTheSameUsersStarsAndNoAddress() throws {
        let site = TestSite()
        site.write("site.yml", "title: SUSI\n")
        site.skill("weather/forecast", name: "Forecast", group: "Weather")
        site.write(
            "ratings/store/fiveStarSkillRating.json",
            """
            {"general": {"Weather": {"en": {"forecast": [
              {"email": "ann@example.org", "stars": 4, "timestamp": "2019-07-03 02:35:27.5"},
              {"uuid": "4a23d5962217beaddbc496cb8e81973e", "stars": 2, "timestamp": "2018-10-19 01:14:02.233"}
            ]}}}}
            """)
        site.write(
            "ratings/store/feedbackSkill.json",
            """
            {"general": {"Weather": {"en": {"forecast": [
              {"email": "ann@example.org", "feedback": "Old words.", "timestamp": "2019-07-01 10:00:00.1"},
              {"email": "ann@example.org", "feedback": "Accurate for my town.", "timestamp": "2019-07-03 02:40:11.25"},
              {"email": "bo@example.org", "feedback": "Never rated, still wrote.", "timestamp": "2019-08-01 00:00:00.0"}
            ]}}}}
            """)
        try site.build()
        let page = try site.read("skills/weather/forecast/index.html")
        let section = Self.reviews(page)
        #expect(section.contains("<p class=\"reviews-count\">2 reviews</p>"))
        #expect(section.contains("<time datetime=\"2019-07-03\">2019-07-03</time>"))
        #expect(section.contains("Accurate for my town.") && !section.contains("Old words."))
        #expect(section.components(separatedBy: "Rated 4 stars out of 5").count == 2)
        #expect(section.components(separatedBy: "class=\"review-stars\"").count == 2, "bo did not rate")
        #expect(page.contains("<p class=\"rating-big-count\">2 ratings</p>"), "feedback is not a vote")
        for (path, data) in site.built {
            #expect(!String(decoding: data, as: UTF8.self).contains("example.org"), "\(path) shows an address")
        }
    }

    @Test func aDatabasesCommentIsAReview() {
        var log = DiagnosticLog()
        let recorded = RecordedVotes(
            display: "votes.sqlite",
            votes: [
                Vote(
                    skill: "tools/timer", stars: 4, voter: "cookie-1", milliseconds: 1_700_000_000_000,
                    comment: "Handy.")
            ])
        let sources = RatingReader.read(files: [], source: .disk, recorded: recorded, &log)
        let reviews = sources.byID["tools/timer"]?.reviews ?? []
        #expect(reviews.count == 1)
        #expect(reviews.first?.text == "Handy." && reviews.first?.stars == 4 && reviews.first?.name == nil)
        #expect(reviews.first?.day == "2023-11-14")
        #expect(log.items.isEmpty)
    }

    @Test func idsAreStableAndDifferForEqualAnonymousReviews() {
        let a = ReviewDraft.id(["tools/timer", "ann"])
        #expect(a == ReviewDraft.id(["tools/timer", "ann"]))
        #expect(a.count == 12 && a.allSatisfy(\.isHexDigit))
        #expect(a != ReviewDraft.id(["tools/timer", "anm"]))
        // Length-prefixed: moving a character from one part to the next changes the id.
        #expect(ReviewDraft.id(["ab", "c"]) != ReviewDraft.id(["a", "bc"]))
        var log = DiagnosticLog()
        var merger = EventMerger()
        let same = Self.line("tools/timer", stars: 5, comment: "Great.")
        merger.read(same + same, path: "v.jsonl", &log)
        let ids = merger.tallies()["tools/timer"]?.reviews.map(\.id) ?? []
        #expect(ids.count == 2 && Set(ids).count == 2)
    }

    @Test func newestFirstPutsUndatedReviewsLastAndBreaksTiesByID() {
        let reviews = [
            Review(id: "b", name: nil, text: "", stars: nil, seconds: nil),
            Review(id: "c", name: nil, text: "", stars: nil, seconds: 10),
            Review(id: "a", name: nil, text: "", stars: nil, seconds: nil),
            Review(id: "d", name: nil, text: "", stars: nil, seconds: 10, nanoseconds: 5),
            Review(id: "e", name: nil, text: "", stars: nil, seconds: 10),
        ]
        #expect(reviews.sorted(by: Review.newestFirst).map(\.id) == ["d", "c", "e", "a", "b"])
    }

    /// The hostile fixture's reviews: markup, template tags, bidi and invisible characters, an
    /// address as a name, a hostile voter and an overlong text, as the pages show them.
    @Test func hostileReviewsMatchTheirGoldenFiles() throws {
        let site = try TestSite(copying: TestSite.repository.appendingPathComponent("Tests/Fixtures/hostile"))
        try site.build()
        let page = try site.read("skills/xss/script-everywhere/index.html")
        try Golden.check(Self.reviews(page), named: "pages/hostile-reviews-section.html")
        let all = try site.read("skills/xss/script-everywhere/reviews/index.html")
        try Golden.check(all, named: "pages/hostile-reviews-page.html")
        for html in [Self.reviews(page), all] {
            #expect(HTMLScan.problems(in: html).isEmpty)
            #expect(!html.contains("example.org"))
            #expect(!html.unicodeScalars.contains { [0x202E, 0x2066, 0x200B, 0xFEFF, 0x07].contains($0.value) })
        }
    }

    @Test func aGermanSiteSaysItInGerman() throws {
        let site = Self.site(
            [Self.line("tools/timer", stars: 4, user: "a", comment: "Gut."), Self.line("tools/timer", comment: "Ja.")],
            siteYML: "title: Rezensionen\nlanguage: de\nreviews:\n  on_skill_page: 1\n")
        try site.build()
        let section = Self.reviews(try site.read("skills/tools/timer/index.html"))
        #expect(section.contains("<h2 id=\"reviews\">Rezensionen</h2>"))
        #expect(section.contains("2 Rezensionen") && section.contains("Alle 2 Rezensionen ansehen"))
        #expect(try site.read("skills/tools/timer/reviews/index.html").contains("Mit 4 von 5 Sternen bewertet"))
    }
}
