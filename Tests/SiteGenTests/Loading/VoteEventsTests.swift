import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Vote logs (`.jsonl`): which of a user's votes counts, and a last line cut short by an
/// interrupted write.
@Suite struct VoteEventsTests {
    static let skill = "---\nname: A\ngroup: News\n---\n"

    static func load(_ votes: [String: String]) throws -> LoadedContent {
        var files = ["skills/news/a.md": skill]
        for (name, text) in votes { files["ratings/" + name] = text }
        return TestSupport.load(files)
    }

    static func stars(_ lines: [String]) throws -> StarCounts? {
        let loaded = try load(["votes.jsonl": lines.joined(separator: "\n") + "\n"])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        return loaded.ratings["news/a"]?.stars
    }

    static func vote(_ stars: Int, _ timestamp: String? = nil) -> String {
        #"{"skill":"news/a","stars":\#(stars),"user":"u1""# + (timestamp.map { #","timestamp":"\#($0)""# } ?? "") + "}"
    }

    /// Before, an empty timestamp sorted before every other, so the vote without one never counted.
    @Test func aVoteWithoutATimestampAfterOneWithReplacesIt() throws {
        #expect(try Self.stars([Self.vote(1, "2024-01-01T00:00:00Z"), Self.vote(5)]) == StarCounts(five: 1))
        #expect(try Self.stars([Self.vote(1), Self.vote(5, "2024-01-01T00:00:00Z")]) == StarCounts(five: 1))
    }

    @Test func timestampsAreComparedAsInstants() throws {
        // As text `…00.5Z` sorts before `…00Z`; as instants it is half a second later.
        #expect(
            try Self.stars([Self.vote(5, "2024-01-01T00:00:00.5Z"), Self.vote(1, "2024-01-01T00:00:00Z")])
                == StarCounts(five: 1))
        // 01:00 at +02:00 is 23:00 the day before.
        #expect(
            try Self.stars([Self.vote(5, "2024-01-01T00:00:00Z"), Self.vote(1, "2024-01-01T01:00:00+02:00")])
                == StarCounts(five: 1))
        // The same instant written two ways: the later line wins.
        #expect(
            try Self.stars([Self.vote(1, "2024-01-01T10:00:00+01:00"), Self.vote(5, "2024-01-01T09:00:00Z")])
                == StarCounts(five: 1))
        #expect(
            try Self.stars([Self.vote(5, "2024-03-01"), Self.vote(1, "2024-02-29T23:59:59.999Z")])
                == StarCounts(five: 1))
        // Text that is no date orders like a missing timestamp.
        #expect(
            try Self.stars([Self.vote(1, "2099-01-01T00:00:00Z"), Self.vote(5, "yesterday")]) == StarCounts(five: 1))
    }

    @Test func withoutTimestampsLaterFilesWin() throws {
        let loaded = try Self.load(["b.jsonl": Self.vote(5) + "\n", "a.jsonl": Self.vote(1) + "\n"])
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(five: 1))
    }

    @Test func voteTimesReadISO8601() throws {
        func seconds(_ text: String) -> Int? { VoteTime(text)?.seconds }
        #expect(seconds("1970-01-01T00:00:00Z") == 0)
        #expect(seconds("1970-01-01") == 0)
        #expect(seconds("2024-03-01T10:00:00Z") == 1_709_287_200)
        #expect(seconds("2024-03-01 11:00:00+01:00") == 1_709_287_200)
        #expect(seconds("2024-03-01T05:30:00-0430") == 1_709_287_200)
        #expect(seconds("1969-12-31T23:59:59Z") == -1)
        #expect(VoteTime("2024-03-01T10:00:00.123456789123Z")?.nanoseconds == 123_456_789)
        #expect(VoteTime("2024-03-01T10:00:00.5Z")?.nanoseconds == 500_000_000)
        for bad in [
            "", "2024", "2024-13-01", "2023-02-29", "2024-03-01T25:00:00Z", "2024-03-01T10:00Z",
            "2024-03-01T10:00:00.Z",
            "2024-03-01T10:00:00+1", "2024-03-01T10:00:00Zjunk", "１２３４-01-01",
        ] {
            #expect(VoteTime(bad) == nil, "\(bad)")
        }
    }

    /// Before, the half line an interrupted append leaves was an error, and every build failed.
    @Test func aTornLastLineIsAWarning() throws {
        let loaded = try Self.load(["votes.jsonl": Self.vote(4) + "\n" + #"{"skill":"news/a","st"#])
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(
            loaded.diagnostics.map(\.description) == [
                "Content/ratings/votes.jsonl:2:1: warning: torn last line (21 bytes, no final newline) ignored; it looks like an interrupted write"
            ])
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(four: 1))
    }

    /// A write can stop inside a character: the file is then not UTF-8, which failed the build.
    @Test func aLastLineTornInsideACharacterIsAWarning() {
        let site = TestSite()
        site.write("skills/news/a.md", Self.skill)
        site.write("ratings/votes.jsonl", data: Data((Self.vote(4) + "\n" + #"{"skill":"news/谜"#).utf8).dropLast(2))
        let loaded = site.load()
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(
            loaded.diagnostics.map(\.message) == [
                "torn last line (15 bytes, no final newline) ignored; it looks like an interrupted write"
            ])
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(four: 1))
    }

    @Test func aCutCharacterIsFoundOnlyAtTheEnd() {
        #expect(TornLine.cutCharacterLength(Array("a谜".utf8).dropLast(1).map { $0 }) == 2)
        #expect(TornLine.cutCharacterLength(Array("a谜".utf8).dropLast(2).map { $0 }) == 1)
        #expect(TornLine.cutCharacterLength(Array("a谜".utf8)) == 0)
        #expect(TornLine.cutCharacterLength(Array("🎉".utf8).dropLast(1).map { $0 }) == 3)
        #expect(TornLine.cutCharacterLength(Array("ab".utf8)) == 0)
        #expect(TornLine.cutCharacterLength([]) == 0)
        // Invalid UTF-8 that does not end a torn line is left for the reader to report.
        let torn = Data(#"{"skill":"谜"#.utf8).dropLast(1)
        #expect(TornLine.withoutCutCharacter(torn) == torn.dropLast(2))
        let broken = Data("{\"skill\":\"a\",\"stars\":4}\n".utf8) + Data([0xE8])
        #expect(TornLine.withoutCutCharacter(broken) == broken)
        let wrong = Data("[1]".utf8) + Data([0xE8])
        #expect(TornLine.withoutCutCharacter(wrong) == wrong)
    }

    @Test func aCompleteLastLineWithoutNewlineCounts() throws {
        let loaded = try Self.load(["votes.jsonl": Self.vote(4) + "\n" + #"{"skill":"news/a","stars":2}"#])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(two: 1, four: 1))
    }

    @Test(arguments: [
        // Broken before its end: not a write cut short.
        #"{"skill":"news/a" "stars":2}"#,
        // Complete JSON, wrong shape.
        "[1, 2",
        #"{"skill":"news/a","stars":7}"#,
    ])
    func otherBrokenLastLinesStayErrors(last: String) throws {
        let loaded = try Self.load(["votes.jsonl": Self.vote(4) + "\n" + last])
        #expect(loaded.errors.count == 1, "\(loaded.diagnostics)")
        #expect(loaded.errors.first?.line == 2)
    }

    @Test func aTornLineThatIsNotLastIsAnError() throws {
        let loaded = try Self.load(["votes.jsonl": #"{"skill":"news/a","st"# + "\n" + Self.vote(4) + "\n"])
        #expect(loaded.errors.map(\.line) == [1])
    }

    @Test func tornLinesAreBeginningsOfObjects() {
        #expect(TornLine.isTorn(Array(#"{"skill":"a","stars":4"#.utf8)))
        #expect(TornLine.isTorn(Array("{".utf8)))
        #expect(TornLine.isTorn(Array(#"  {"skill":"a\u00"#.utf8)))
        #expect(!TornLine.isTorn(Array(#"{"skill":"a","stars":4}"#.utf8)))
        #expect(!TornLine.isTorn(Array(#"{"skill":"a"}}"#.utf8)))
        #expect(!TornLine.isTorn(Array("[1,".utf8)))
        #expect(!TornLine.isTorn(Array("".utf8)))
    }
}
