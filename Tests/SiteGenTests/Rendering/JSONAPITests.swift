import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct JSONAPITests {
    /// The keys of a skill object in SUSI's `getSkillList.json`, in SUSI's order (formats/SUSI.md).
    static let susiSkillKeys = [
        "model", "group", "language", "developer_privacy_policy", "descriptions", "image", "author", "author_url",
        "author_email", "skill_name", "protected", "reviewed", "editable", "staffPick", "systemSkill", "terms_of_use",
        "dynamic_content", "examples", "skill_rating", "usage_count", "skill_tag", "lastModifiedTime", "creationTime",
        "supported_languages", "lastAccessTime",
    ]

    func site() -> TestSite {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/catalogue/\n")
        site.write(
            "skills/news/headlines.md",
            """
            ---
            name: Headlines
            group: News
            author: Ann Author
            author_email: ann@example.org
            created: 2019-03-01
            examples: [latest news]
            ---
            Reads the **news**.
            """)
        site.skill("news/de/headlines", name: "Schlagzeilen", group: "News", language: "de")
        site.skill("weather/forecast", name: "Forecast", group: "Weather")
        site.write(
            "ratings/counts.json",
            #"{"news/headlines": {"one_star": 1, "two_star": 0, "three_star": 0, "four_star": 3, "five_star": 5}}"#)
        return site
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Keys of the first object in a JSON text, in file order.
    func keyOrder(_ text: String, of key: String) -> [String] {
        // Top-level keys of the object that follows `"key":{`, read with the tokenizer below.
        guard let range = text.range(of: "\"\(key)\":{") else { return [] }
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var token = ""
        var expectingKey = true
        for ch in text[range.upperBound...] {
            if inString {
                if escaped {
                    escaped = false
                    token.append(ch)
                    continue
                }
                if ch == "\\" {
                    escaped = true
                    continue
                }
                if ch == "\"" {
                    inString = false
                    if depth == 0 && expectingKey { keys.append(token) }
                    continue
                }
                token.append(ch)
                continue
            }
            switch ch {
            case "\"":
                inString = true
                token = ""
            case "{", "[": depth += 1
            case "}", "]":
                if depth == 0 { return keys }
                depth -= 1
            case ":": if depth == 0 { expectingKey = false }
            case ",": if depth == 0 { expectingKey = true }
            default: break
            }
        }
        return keys
    }

    @Test func groupsListLikeGetGroups() throws {
        let site = site()
        try site.build()
        let groups = try object(try site.read("api/groups.json"))
        #expect(Set(groups.keys) == ["accepted", "groups", "message"])
        #expect(groups["accepted"] as? Bool == true)
        #expect(groups["groups"] as? [String] == ["News", "Weather"])
    }

    @Test func groupFileLikeGetSkillListWithSUSIFieldNamesInSUSIsOrder() throws {
        let site = site()
        try site.build()
        let text = try site.read("api/groups/news.json")
        let list = try object(text)
        #expect(Set(list.keys) == ["accepted", "model", "group", "language", "skills", "message"])
        #expect(list["group"] as? String == "News")
        #expect(list["language"] as? String == "de,en", "two languages in the group, as a request for both sends them")
        let skills = try #require(list["skills"] as? [String: [String: Any]])
        // The tag `headlines` occurs twice (two languages), so both are keyed by id.
        #expect(Set(skills.keys) == ["news/headlines", "news/de/headlines"])
        let skill = try #require(skills["news/headlines"])
        #expect(Set(skill.keys) == Set(Self.susiSkillKeys + ["image_url"]))
        #expect(keyOrder(text, of: "news/headlines") == Self.susiSkillKeys + ["image_url"])
        let rating = try #require(skill["skill_rating"] as? [String: Any])
        #expect(Set(rating.keys) == ["negative", "positive", "feedback_count", "bookmark_count", "stars"])
        #expect(rating["positive"] is String, "SUSI writes thumbs as strings")
        let stars = try #require(rating["stars"] as? [String: Any])
        #expect(
            Set(stars.keys) == [
                "one_star", "two_star", "three_star", "four_star", "five_star", "total_star", "avg_star",
            ])
        #expect(stars["total_star"] as? Int == 9)
        #expect((stars["avg_star"] as? Double).map { abs($0 - 4.22) < 1e-9 } == true, "(1 + 12 + 25) / 9 = 4.22")
        #expect(skill["creationTime"] as? String == "2019-03-01T00:00:00Z")
        #expect(skill["skill_tag"] as? String == "headlines")
    }

    @Test func skillFilesAndNoEmailAnywhere() throws {
        let site = site()
        try site.build()
        let skill = try object(try site.read("api/skills/news/headlines.json"))
        #expect(Set(skill.keys) == Set(Self.susiSkillKeys + ["image_url"]))
        #expect(skill["skill_name"] as? String == "Headlines")
        #expect(skill["author_email"] is NSNull)
        for path in site.outputFiles() {
            let data = try site.data(path)
            #expect(
                !String(decoding: data, as: UTF8.self).contains("ann@example.org"),
                "\(path) publishes the author's email")
        }
    }

    @Test func theAPIMatchesTheSUSISampleShapes() throws {
        // The sample getSkillList response from SUSI: every key it has, ours has.
        // A copy of a response captured from SUSI's server, kept with the tests.
        let sample = FixtureSite.fixture("samples/susi/getSkillList_general_All_en.json")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let list = try object(text)
        let skills = try #require(list["skills"] as? [String: [String: Any]])
        #expect(!skills.isEmpty)
        for (_, skill) in skills {
            #expect(Set(skill.keys) == Set(Self.susiSkillKeys))
            let stars = (skill["skill_rating"] as? [String: Any])?["stars"] as? [String: Any]
            #expect(
                Set(stars.map { Array($0.keys) } ?? []) == [
                    "one_star", "two_star", "three_star", "four_star", "five_star", "total_star", "avg_star",
                ])
        }
    }

    @Test func sitegenReadsItsOwnAPIBack() throws {
        let site = site()
        try site.build()
        var log = DiagnosticLog()
        let text = try site.read("api/groups/news.json")
        let skills = JSONSkillReader.read(text, id: "api", displayPath: "news.json", &log)
        #expect(!log.hasErrors)
        let headlines = try #require(skills.first { $0.name == "Headlines" })
        #expect(headlines.group == "News")
        #expect(headlines.author == "Ann Author")
        #expect(headlines.created == "2019-03-01")
        #expect(headlines.examples == ["latest news"])
        #expect(headlines.description.contains("Reads the **news**"), "the description as written")
        #expect(headlines.embeddedRating?.stars == StarCounts(one: 1, four: 3, five: 5))
    }

    @Test func averagesAreWrittenLikeSUSIs() {
        #expect(JSONOutput.decimal(hundredths: 463).text == "4.63")
        #expect(JSONOutput.decimal(hundredths: 450).text == "4.5")
        #expect(JSONOutput.decimal(hundredths: 400).text == "4")
        #expect(JSONOutput.decimal(hundredths: 5).text == "0.05")
    }
}

/// A group's list holds all its skills' objects: the lists are spread over the build's batches
/// (each right after its skills' files) rather than made one after another, all in one batch.
@Suite struct JSONAPIOrderTests {
    static func catalogue() -> Catalogue {
        let skills = [
            ("a", "Alpha", "News"), ("b", "Beta", "Weather"), ("c", "Gamma", "News"), ("d", "Delta", "Weather"),
            ("e", "Epsilon <&>", "News"),
        ]
        .map { Skill(id: $0.0, tag: $0.0, name: $0.1, group: $0.2) }
        return Catalogue(skills: skills, ratings: [:], config: SiteConfig())
    }

    @Test func eachGroupListFollowsItsSkills() {
        let jobs = JSONAPI.files(Self.catalogue()).jobs
        #expect(
            jobs.map(\.path) == [
                "api/groups.json",
                "api/skills/a.json", "api/skills/e.json", "api/skills/c.json", "api/groups/news.json",
                "api/skills/b.json", "api/skills/d.json", "api/groups/weather.json",
            ])
        // Each file is still its own skill's.
        let text = jobs.map { $0.make().generatedText }
        #expect(text[1].contains("\"skill_name\":\"Alpha\"") && text[5].contains("\"skill_name\":\"Beta\""))
        #expect(text[4].contains("\"Gamma\"") && text[4].contains("Epsilon \\u003c") && !text[4].contains("\"Delta\""))
    }

    /// A list takes its skills' objects from their files when those came first, and writes the
    /// others itself: in any order, with any of them made, it is the list written whole, and a
    /// skill's file is its object and a line end.
    @Test(arguments: 0..<8)
    func aListIsTheSameWhicheverOfItsSkillsCameFirst(_ seed: UInt64) {
        let catalogue = Self.catalogue()
        let config = catalogue.config
        let whole = Dictionary(
            uniqueKeysWithValues: catalogue.groups.map { group in
                (
                    catalogue.urls.apiGroup(page: group.path),
                    JSONAPI.file("", JSONAPI.skillList(group, config: config)).generatedText
                )
            })
        var random = SplitMix64(seed: seed)
        var jobs = JSONAPI.files(catalogue).jobs
        // Some skills' files made first, in a random order, then everything (lists again too).
        jobs.shuffle(using: &random)
        let early = jobs.filter { _ in random.next() % 2 == 0 }
        for job in early + jobs {
            let file = job.make()
            if let list = whole[file.path] {
                #expect(file.generatedText == list, "seed \(seed): \(file.path)")
            } else if let entry = catalogue.entries.first(where: { catalogue.urls.apiSkill(page: $0.path) == file.path }
            ) {
                #expect(file.generatedText == JSONAPI.skill(entry, config: config).text + "\n", "seed \(seed)")
            }
        }
        #expect(whole.count == 2)
    }
}
