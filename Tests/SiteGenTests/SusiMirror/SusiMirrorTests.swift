import CatalogueModel
import Foundation
import Testing

@testable import PageRendering

/// The mirror of SUSI's read API as pure answers: parameters, orders, refusals and shapes.
@Suite struct SusiMirrorTests {
    /// Three skills of `general` (one unreviewed, one featured), one of `persona`; Popular has
    /// 12 votes averaging 4.5, Lucky a single 5, Quiet none.
    static func mirror() -> SusiMirror {
        var config = SiteConfig()
        config.featured = [SkillReference(id: "fun/lucky")]
        var quiet = Skill(id: "fun/quiet", tag: "quiet", name: "Quiet", group: "Fun", author: "Ana Costa")
        quiet.status = SusiStatus(reviewed: false)
        let skills = [
            Skill(id: "fun/popular", tag: "popular", name: "Popular", group: "Fun", author: "Ana"),
            Skill(id: "fun/lucky", tag: "lucky", name: "Lucky", group: "Fun", image: .local("images/lucky.png")),
            quiet,
            Skill(id: "talk/chat", tag: "chat", name: "Chat", group: "Talk", model: "persona"),
        ]
        var lucky = RatingTally(stars: StarCounts(five: 1))
        lucky.timeline.add(vote: 5, day: 19_738)  // 2024-01-16
        var popular = RatingTally(stars: StarCounts(four: 6, five: 6))
        popular.reviews = [
            Review(id: "r1", name: nil, text: "Fine <b>.", stars: 4, seconds: 1_705_400_000, nanoseconds: 345_000_000)
        ]
        for (stars, day) in [(5, 19_738), (3, 19_742), (4, 19_758)] { popular.timeline.add(vote: stars, day: day) }
        return SusiMirror(
            Catalogue(skills: skills, ratings: ["fun/lucky": lucky, "fun/popular": popular], config: config))
    }

    static func answer(_ endpoint: SusiEndpoint, _ query: String, today: Int? = nil) throws -> (Int, [String: Any]) {
        let answer = mirror().answer(endpoint, SusiQuery(query), context: SusiMirror.Context(today: today))
        let bytes = try #require(answer.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return (answer.status, object)
    }

    static func tags(_ list: Any?) -> [String] {
        (list as? [[String: Any]] ?? []).compactMap { $0["skill_tag"] as? String }
    }

    @Test func queriesAreDecodedAsSUSIsServerDecodesThem() {
        let cases: [(String, String, String?)] = [
            ("group=Food and Drink", "group", "Food and Drink"),
            ("group=Food%20and%20Drink", "group", "Food and Drink"),
            ("group=Food+and+Drink", "group", "Food and Drink"),
            ("q=50%", "q", "50%"),
            ("q=100%zz", "q", "100%zz"),
            ("q=%C3%BC", "q", "ü"),
            ("q=%FF", "q", "\u{FFFD}"),
            ("skill=a&skill=b", "skill", "a"),
            ("reviewed", "reviewed", ""),
            ("a=1&&b=2", "b", "2"),
            ("q=a=b", "q", "a=b"),
        ]
        for (raw, name, expected) in cases {
            #expect(SusiQuery(raw)[name] == expected, "\(raw)")
        }
    }

    @Test func groupsAreTheModelsOwn() throws {
        let (_, general) = try Self.answer(.getGroups, "")
        #expect(general["groups"] as? [String] == ["Fun"])
        #expect(general["accepted"] as? Bool == true)
        let (_, persona) = try Self.answer(.getGroups, "model=persona")
        #expect(persona["groups"] as? [String] == ["Talk"])
        let (status, unknown) = try Self.answer(.getGroups, "model=nobody")
        #expect(status == 404 && unknown["accepted"] as? Bool == false)
    }

    /// One vote of 5 never leads a list over twelve that average 4.5 (SUSI's 10-vote rule), and
    /// ascending puts the well-rated part last.
    @Test func ratingOrderNeedsTenVotesToLead() throws {
        let (_, descending) = try Self.answer(
            .getSkillList, "applyFilter=true&filter_type=rating&filter_name=descending")
        #expect(Self.tags(descending["filteredData"]) == ["popular", "lucky", "quiet"])
        let (_, ascending) = try Self.answer(.getSkillList, "applyFilter=true&filter_type=rating&filter_name=ascending")
        #expect(Self.tags(ascending["filteredData"]) == ["quiet", "lucky", "popular"])
        let (_, top) = try Self.answer(.getSkillList, "applyFilter=true&filter_type=top_rated&filter_name=descending")
        #expect(Self.tags(top["filteredData"]) == ["lucky", "popular", "quiet"])
        let (_, byName) = try Self.answer(
            .getSkillList, "applyFilter=true&filter_type=lexicographical&filter_name=ascending")
        #expect(Self.tags(byName["filteredData"]) == ["lucky", "popular", "quiet"])
    }

    @Test func reviewedAndStaffPicksFilterTheList() throws {
        let (_, reviewed) = try Self.answer(.getSkillList, "applyFilter=true&reviewed=true")
        #expect(Set(Self.tags(reviewed["filteredData"])) == ["lucky", "popular"])
        #expect((reviewed["skills"] as? [String: Any])?.keys.sorted() == ["lucky", "popular"])
        let (_, picks) = try Self.answer(.getSkillList, "applyFilter=true&staff_picks=true")
        #expect(Self.tags(picks["filteredData"]) == ["lucky"])
        let object = try #require((picks["filteredData"] as? [[String: Any]])?.first)
        #expect(object["staffPick"] as? Bool == true && object["reviewed"] as? Bool == true)
        let (status, bad) = try Self.answer(.getSkillList, "reviewed=maybe")
        #expect(status == 400 && bad["accepted"] as? Bool == false)
    }

    @Test func withoutApplyFilterOnlyTheMapIsThere() throws {
        let (_, list) = try Self.answer(.getSkillList, "group=Fun&language=en")
        #expect(list["filteredData"] == nil)
        #expect(list["group"] as? String == "Fun" && list["model"] as? String == "general")
        #expect((list["skills"] as? [String: Any])?.count == 3)
    }

    @Test func countPagesTheFilteredList() throws {
        let (_, first) = try Self.answer(
            .getSkillList, "applyFilter=true&filter_type=lexicographical&filter_name=ascending&count=2")
        #expect(Self.tags(first["filteredData"]) == ["lucky", "popular"])
        #expect(first["pageCount"] as? Int == 2)
        let (_, second) = try Self.answer(
            .getSkillList, "applyFilter=true&filter_type=lexicographical&filter_name=ascending&count=2&page=1")
        #expect(Self.tags(second["filteredData"]) == ["quiet"])
        let (status, _) = try Self.answer(.getSkillList, "count=-1")
        #expect(status == 422)
        let (notNumber, _) = try Self.answer(.getSkillList, "count=ten")
        #expect(notNumber == 400)
        // Numbers past any catalogue's size are held to one: no product overflows.
        let largest = String(Int.max)
        for query in [
            "applyFilter=true&count=\(largest)&page=\(largest)", "applyFilter=true&avg_rating=\(largest)",
            "applyFilter=true&offset=\(largest)", "applyFilter=true&filter_type=creation_date&duration=\(largest)",
        ] {
            let (status, answer) = try Self.answer(.getSkillList, query, today: 20_000)
            #expect(status == 200 && Self.tags(answer["filteredData"]).isEmpty, "\(query)")
        }
    }

    @Test func searchMatchesTextInTheNamedFields() throws {
        let (_, byAuthor) = try Self.answer(.getSkillList, "applyFilter=true&q=ana&search_type=author")
        #expect(Set(Self.tags(byAuthor["filteredData"])) == ["popular", "quiet"])
        let (_, pattern) = try Self.answer(.getSkillList, "applyFilter=true&q=.*&search_type=skill_name")
        #expect(Self.tags(pattern["filteredData"]).isEmpty)
    }

    @Test func metadataNeedsEveryPartAndRefusesPaths() throws {
        let (status, missing) = try Self.answer(.getSkillMetadata, "model=general&group=Fun&skill=popular")
        #expect(status == 200 && missing["message"] as? String == "Error: Bad parameter call")
        let (found, metadata) = try Self.answer(.getSkillMetadata, "model=general&group=Fun&language=en&skill=POPULAR")
        #expect(found == 200)
        #expect((metadata["skill_metadata"] as? [String: Any])?["skill_tag"] as? String == "popular")
        let (byName, _) = try Self.answer(.getSkillMetadata, "model=general&group=Fun&language=en&skill=Lucky")
        #expect(byName == 200)
        let (unknown, refusal) = try Self.answer(.getSkillMetadata, "model=general&group=Fun&language=en&skill=nope")
        #expect(unknown == 404 && refusal["message"] as? String == "Skill does not exist.")
        let (path, _) = try Self.answer(.getSkillMetadata, "model=general&group=Fun&language=en&skill=../popular")
        #expect(path == 400)
    }

    @Test func ratingsOverTimeAreMonthsOfDatedVotes() throws {
        let (_, popular) = try Self.answer(.getRatingsOverTime, "group=Fun&skill=popular")
        let months = try #require(popular["ratings_over_time"] as? [[String: Any]])
        #expect(months.map { $0["count"] as? Int } == [2, 1])
        #expect(months.map { $0["rating"] as? Double } == [4, 4])
        #expect(months.map { $0["timestamp"] as? String } == ["2024-01-16 00:00:00.0", "2024-02-05 00:00:00.0"])
        let (_, quiet) = try Self.answer(.getRatingsOverTime, "group=Fun&skill=quiet")
        #expect(quiet["accepted"] as? Bool == false && quiet["ratings_over_time"] == nil)
    }

    @Test func feedbackHasNamesAndNoAddresses() throws {
        let (_, popular) = try Self.answer(.getSkillFeedback, "group=Fun&skill=popular")
        let item = try #require((popular["feedback"] as? [[String: Any]])?.first)
        #expect(item["user_name"] as? String == "Anonymous")
        #expect(item["timestamp"] as? String == "2024-01-16 10:13:20.345")
        #expect(item["feedback"] as? String == "Fine <b>.")
        #expect(item["email"] == nil && item["avatar"] == nil)
        let (_, none) = try Self.answer(.getSkillFeedback, "group=Fun&skill=quiet")
        #expect(none["feedback"] as? [Any] != nil && none["accepted"] as? Bool == false)
    }

    @Test func metricsSortAsSUSIDoes() throws {
        let (_, answer) = try Self.answer(.getSkillMetricsData, "metrics=Fun")
        let metrics = try #require(answer["metrics"] as? [String: Any])
        #expect(Self.tags(metrics["rating"]) == ["popular", "lucky", "quiet"])
        #expect(Self.tags(metrics["staffPicks"]) == ["lucky"])
        #expect(Self.tags(metrics["Fun"]) == ["popular", "lucky", "quiet"])
        #expect(Self.tags(metrics["systemSkills"]).isEmpty)
        let (_, one) = try Self.answer(.getSkillMetricsData, "count=1")
        #expect(Self.tags((one["metrics"] as? [String: Any])?["newest"]).count == 1)
    }

    @Test func imagesAreFoundByTableOnly() {
        let mirror = Self.mirror()
        let found = mirror.answer(.getImage, SusiQuery("model=general&language=en&group=Fun&image=images/lucky.png"))
        guard case .image(let path, let type) = found.body else {
            Issue.record("no image: \(found.status)")
            return
        }
        #expect(path == "images/lucky.png" && type == "image/png")
        for query in [
            "group=Fun&image=../images/lucky.png", "group=Fun&image=/etc/passwd", "group=Fun&image=images/../../x.png",
        ] {
            #expect(mirror.answer(.getImage, SusiQuery(query)).status == 400, "\(query)")
        }
        #expect(mirror.answer(.getImage, SusiQuery("group=Other&image=images/lucky.png")).status == 404)
    }

    @Test func skillsByAuthorKeepSUSIsPathsAndThreeOtherKeys() throws {
        let (_, answer) = try Self.answer(.getSkillsByAuthor, "author=Ana")
        #expect(answer["0"] as? String == "/susi_skill_data/models/general/Fun/en/popular.txt")
        #expect(answer["1"] as? String == "/susi_skill_data/models/general/Fun/en/quiet.txt")
        #expect(Set(answer.keys.filter { Int($0) == nil }) == ["accepted", "message", "session"])
    }

    @Test func timestampsAreWrittenAsJavasTimestamp() {
        #expect(SusiMirror.timestamp(seconds: 0, nanoseconds: 0) == "1970-01-01 00:00:00.0")
        #expect(SusiMirror.timestamp(seconds: nil, nanoseconds: 0) == "1970-01-01 00:00:00.0")
        #expect(SusiMirror.timestamp(seconds: 86_399, nanoseconds: 100) == "1970-01-01 23:59:59.0000001")
        #expect(SusiMirror.timestamp(seconds: -1, nanoseconds: 0) == "1969-12-31 23:59:59.0")
    }

    /// Any value's file names stay in their folder and decode back to it, for random values of
    /// the characters real groups and tags hold (spaces, commas, `&`, `%`, `/`, dots, emoji).
    @Test(arguments: 0..<20)
    func fileNamesNeverLeaveTheirFolder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("aZ09 ,&%+/.._-~'\"<>#?=üß😇\u{202E}\t")
        for _ in 0..<200 {
            let value = String(
                (0..<Int(random.next() % 12 + 1)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let variants = SusiFileName.variants(value)
            #expect(!variants.isEmpty && variants.count <= 2)
            for name in variants {
                #expect(!name.contains("/") && name != "." && name != ".." && !name.isEmpty, "\(value) → \(name)")
            }
            // Every byte is encoded in the strict spelling, so it decodes back whole.
            #expect(SusiQuery.decode(Substring(variants.last ?? "")) == value, "\(value)")
        }
        #expect(SusiFileName.variants("..") == ["%2E%2E"])
        #expect(SusiFileName.variants("Games, Trivia") == ["Games,%20Trivia", "Games%2C%20Trivia"])
        #expect(SusiFileName.pathVariants("images/a b.png") == ["images/a%20b.png"])
    }
}
