import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// sitegen's `api/` against a `getSkillList.json` written out from SUSI's servlet code
/// (`Tests/Fixtures/susi-contract/SOURCES.md` cites the lines): the same keys, and each value of the
/// same JSON type, so SUSI's clients can read it. Where SUSI may write `null` for a key, either
/// `null` or the servlet's type is allowed. sitegen's additions are listed in `added`.
@Suite struct SusiContractTests {
    /// Keys sitegen adds to SUSI's shape (docs/susi.md says why).
    static let added: Set<String> = ["image_url"]
    /// Keys SUSI may leave `null` (SusiMind.java:628-647, DAO.java:730-766).
    static let nullable: Set<String> = [
        "developer_privacy_policy", "descriptions", "image", "author", "author_url",
        "author_email", "skill_name", "terms_of_use", "skill_rating", "image_url",
    ]

    /// Every difference of keys and types between `ours` and `susi`, below `path`.
    static func differences(_ ours: JSONValue, _ susi: JSONValue, path: String, key: String = "") -> [String] {
        if ours.kind != susi.kind {
            if (ours.isNull || susi.isNull) && nullable.contains(key) { return [] }
            return ["\(path): \(ours.kind), SUSI writes \(susi.kind)"]
        }
        if let mine = ours.object, let theirs = susi.object {
            var found: [String] = []
            for missing in Set(theirs.keys).subtracting(mine.keys).sorted() {
                found.append("\(path).\(missing): missing")
            }
            for extra in Set(mine.keys).subtracting(theirs.keys).subtracting(added).sorted() {
                found.append("\(path).\(extra): not SUSI's")
            }
            for name in Set(mine.keys).intersection(theirs.keys).sorted() {
                guard let x = mine[name], let y = theirs[name] else { continue }
                found += differences(x, y, path: path + "." + name, key: name)
            }
            return found
        }
        if let mine = ours.array, let first = susi.array?.first {
            return mine.enumerated().flatMap { differences($0.element, first, path: "\(path)[\($0.offset)]", key: key) }
        }
        return []
    }

    @Test func theGroupFileHasSUSIsKeysAndTypes() throws {
        let contract = try JSONValue.parse(
            String(decoding: Data(contentsOf: FixtureSite.fixture("susi-contract/getSkillList.json")), as: UTF8.self))
        let susi = try #require(contract.object)
        let susiSkill = try #require(susi["skills"]?.object?["headlines"])

        let site = TestSite()
        site.skill("news/headlines", name: "Headlines", group: "News", author: "Ann Author", created: "2019-03-01")
        site.skill("news/quiet", name: "Quiet", group: "News")
        site.write("ratings/counts.json", #"{"news/headlines": {"one_star": 1, "four_star": 3, "five_star": 5}}"#)
        try site.build()
        let ours = try #require(try JSONValue.parse(site.read("api/groups/news.json")).object)
        var top = ours
        var theirs = susi
        top["skills"] = nil
        theirs["skills"] = nil
        #expect(Self.differences(.object(top), .object(theirs), path: "group") == [])
        let skills = try #require(ours["skills"]?.object)
        #expect(skills.count == 2)
        for (tag, skill) in skills.sorted(by: { $0.key < $1.key }) {
            #expect(Self.differences(skill, susiSkill, path: tag) == [], "\(tag)")
        }
        // A single skill's file is the same object.
        let single = try JSONValue.parse(site.read("api/skills/news/headlines.json"))
        #expect(Self.differences(single, susiSkill, path: "skill") == [])
    }

    /// Values SUSI's clients rely on, carried through from a SUSI skill list: the tag as the
    /// language's `name` (the web client links by it), the image relative to the language folder,
    /// the description as written, times with their time of day, and the counts.
    @Test func whatSUSIsClientsReadIsCarriedThrough() throws {
        let site = TestSite()
        site.write(
            "skills/susi/news.json",
            """
            {"accepted": true, "model": "general", "group": "News", "language": "en", "skills": {
              "news_reader": {"model": "general", "group": "News", "language": "en", "skill_name": "News Reader",
                "descriptions": "Reads *the* news.", "usage_count": 42, "skill_tag": "news_reader",
                "creationTime": "2018-06-01T12:34:56Z", "lastModifiedTime": "2019-07-02T01:02:03Z",
                "skill_rating": {"negative": "1", "positive": "7", "feedback_count": 3, "bookmark_count": 2,
                  "stars": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 1, "five_star": 1}}}}}
            """)
        try site.build()
        let skill = try #require(try JSONValue.parse(site.read("api/skills/susi/news/news-reader.json")).object)
        #expect(
            skill["supported_languages"]
                == .array([.object(["language": .string("en"), "name": .string("news_reader")])]))
        #expect(skill["descriptions"] == .string("Reads *the* news."))
        #expect(skill["creationTime"] == .string("2018-06-01T12:34:56Z"))
        #expect(skill["lastModifiedTime"] == .string("2019-07-02T01:02:03Z"))
        #expect(skill["usage_count"] == .number(42))
        let rating = try #require(skill["skill_rating"]?.object)
        #expect(rating["feedback_count"] == .number(3))
        #expect(rating["bookmark_count"] == .number(2))
        #expect(rating["positive"] == .string("7"))
        let list = try #require(try JSONValue.parse(site.read("api/groups/news.json")).object)
        #expect(list["model"] == .string("general"))
        #expect(list["language"] == .string("en"), "the group's languages, as a request for them sends them")
    }

    @Test func imagesAreRelativeToTheLanguageFolderAsInSUSIsList() {
        var skill = Skill(id: "models/general/News/en/x", tag: "x", name: "X", group: "News")
        skill.image = .local("models/general/News/en/images/x.png")
        #expect(JSONAPI.relativeImage(skill) == "images/x.png")
        skill.image = .local("images/headline.png")
        #expect(JSONAPI.relativeImage(skill) == "images/headline.png")
    }

    /// The comparison itself notices a wrong type, a missing key and an extra one.
    @Test func theComparisonCatchesWhatItLooksFor() {
        let susi = JSONValue.object(["a": .string("x"), "b": .number(1), "c": .object(["d": .bool(true)])])
        let ours = JSONValue.object(["a": .number(1), "c": .object(["d": .string("yes")]), "e": .null])
        #expect(
            Self.differences(ours, susi, path: "s") == [
                "s.b: missing", "s.e: not SUSI's", "s.a: number, SUSI writes text",
                "s.c.d: text, SUSI writes true/false",
            ])
    }
}
