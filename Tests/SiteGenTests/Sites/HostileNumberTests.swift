import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Numbers at and past the edges of Int and Double, in every file a number is read from: each
/// is a located error that names the allowed range, never a trap.
@Suite struct HostileNumberTests {
    static let skill = "---\nname: A\ngroup: News\n---\n"
    /// Written as JSON numbers and as the numeric strings SUSI also writes.
    static let hostile = [
        "1234567890123456789", "9999999999999999999", "99999999999999999999", "-9223372036854775808", "1e400", "1e-400",
        "-0",
    ]

    @Test func theIssuesVoteLineIsALocatedErrorFromTheRealBuild() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FixtureSite.write(
            [
                "Content/skills/a/b.md": Self.skill,
                // A 19-digit number past Int.max, which overflowed the fast reader, and the issue's line.
                "Content/ratings/votes.jsonl": #"{"skill":"a/b","stars":9999999999999999999}"# + "\n"
                    + #"{"skill":"a/b","stars":1234567890123456789}"# + "\n",
            ], under: folder)
        for command in ["build", "check"] {
            let run = try SitegenExecutable.run(sitegen, [command], in: folder)
            #expect(run.status == 1, "\(command) must fail, not crash")
            let lines = run.errorOutput.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(run.errorOutput)")
            #expect(
                lines.first?.hasPrefix(
                    "Content/ratings/votes.jsonl:1:24: error: `stars` must be a whole number from 1 to 5") == true)
            #expect(
                lines.dropFirst().first?.hasPrefix(
                    "Content/ratings/votes.jsonl:2:24: error: `stars` must be a whole number from 1 to 5") == true)
        }
    }

    @Test(arguments: hostile)
    func voteLineStars(_ number: String) throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skill,
            "ratings/votes.jsonl":
                "{\"skill\":\"news/a\",\"stars\":5}\n{\"skill\":\"news/a\",\"stars\":\(number)}\n{\"skill\":\"news/a\",\"stars\":\"\(number)\"}\n",
        ])
        let errors = loaded.errors
        #expect(errors.map(\.line) == [2, 3])
        #expect(errors.allSatisfy { $0.path == "Content/ratings/votes.jsonl" && $0.column == 27 })
        // A bare number no Double holds is named as such; every other is a wrong `stars`.
        let bareBeyondDouble = Self.beyondDouble[number] != nil
        #expect(
            errors.first?.message.hasPrefix(
                bareBeyondDouble ? "invalid JSON: the number `\(number)`" : "`stars` must be a whole number from 1 to 5"
            ) == true,
            "\(errors)")
        #expect(errors.last?.message.hasPrefix("`stars` must be a whole number from 1 to 5") == true, "\(errors)")
    }

    @Test func aHugeUserNumberIsNotAnOverflow() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skill,
            "ratings/votes.jsonl": #"{"skill":"news/a","stars":4,"user":99999999999999999999999}"# + "\n"
                + #"{"skill":"news/a","stars":5,"user":-9223372036854775808}"# + "\n",
        ])
        #expect(loaded.errors.isEmpty)
        #expect(loaded.ratings["news/a"]?.stars == StarCounts(four: 1, five: 1))
    }

    /// JSONDecoder refuses a whole document for one number beyond Double; the error names it.
    static let beyondDouble = [
        "1e400": "too large to be held", "-1e400": "too large to be held", "1e-400": "too close to 0",
    ]

    @Test(arguments: hostile + ["-1e400"])
    func countsFileStarsAndThumbs(_ number: String) throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skill,
            "ratings/counts.json":
                "{\"news/a\": {\"one_star\": \(number),\n \"two_star\": \"\(number)\"},\n \"news/b\": {\"positive\": \(number)}}",
        ])
        let errors = loaded.errors
        if let problem = Self.beyondDouble[number] {
            #expect(errors.map(\.location) == ["Content/ratings/counts.json:1:25"])
            #expect(errors.first?.message.contains(problem) == true, "\(errors)")
        } else if number == "-0" {
            // Zero, however it is written, is a count.
            #expect(errors.isEmpty)
        } else {
            #expect(
                errors.map(\.location) == [
                    "Content/ratings/counts.json:1:25", "Content/ratings/counts.json:2:14",
                    "Content/ratings/counts.json:3:25",
                ])
            let limit = "the limit is 1,000,000,000,000"
            #expect(
                errors.allSatisfy {
                    $0.message.contains(limit) || $0.message.contains("cannot be negative")
                        || $0.message.contains("≥ 0")
                },
                "\(errors)")
        }
    }

    @Test(arguments: hostile)
    func susiStoreVotesAndAggregates(_ number: String) throws {
        let store = """
            {"general": {"News": {"en": {
              "a": [{"email": "x@example.org", "stars": \(number), "timestamp": "2020-01-01"}],
              "b": {"one_star": "\(number)"}
            }}}}
            """
        let loaded = TestSupport.load(["skills/news/a.md": Self.skill, "ratings/susi/fiveStarSkillRating.json": store])
        let errors = loaded.errors
        if let problem = Self.beyondDouble[number] {
            #expect(errors.map(\.location) == ["Content/ratings/susi/fiveStarSkillRating.json:2:45"])
            #expect(errors.first?.message.contains(problem) == true, "\(errors)")
            return
        }
        // SUSI stores any whole number a client sends and its totals skip those outside 1…5, so
        // such a vote is skipped with a warning; a number SUSI could not have written is an error.
        // A count below zero is SUSI's drift, read as 0 with a warning (SusiStoreAsWrittenTests).
        let warnings = loaded.diagnostics.filter { $0.severity == .warning }.map(\.message)
        if number == "-0" {
            #expect(errors.isEmpty, "\(errors)")
            #expect(warnings.contains { $0.hasPrefix("1 vote with `stars` outside 1…5 skipped") }, "\(warnings)")
            return
        }
        let voteError = try #require(errors.first { $0.line == 2 }, "\(errors)")
        #expect(voteError.message.hasPrefix("`stars` must be a whole number, found"))
        if number.hasPrefix("-") {
            #expect(
                warnings.contains { $0.contains("`one_star` is -9223372036854775808") && $0.hasSuffix("counted as 0") },
                "\(warnings)")
        } else {
            let countError = try #require(errors.first { $0.line == 3 }, "\(errors)")
            #expect(countError.message.contains("the limit is 1,000,000,000,000"), "\(countError)")
        }
    }

    @Test(arguments: ["NaN", "nan", "Infinity", "-Infinity", "1e400", "0x10", "5.0.0", ""])
    func nanLikeStringsAreNotCounts(_ text: String) throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skill,
            "ratings/counts.json": "{\"news/a\": {\"one_star\": \"\(text)\"}}",
            "ratings/votes.jsonl": "{\"skill\":\"news/a\",\"stars\":\"\(text)\"}\n",
        ])
        #expect(
            loaded.errors.map(\.location) == ["Content/ratings/counts.json:1:25", "Content/ratings/votes.jsonl:1:27"])
        #expect(loaded.errors.first?.message == "`one_star` must be a whole number, found \"\(text)\"")
        #expect(loaded.errors.last?.message == "`stars` must be a whole number from 1 to 5, found \"\(text)\"")
    }

    @Test func aBareNaNInAVoteLineIsInvalidJSONAtItsPlace() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": Self.skill,
            "ratings/votes.jsonl": "{\"skill\":\"news/a\",\"stars\":5}\n{\"skill\":\"news/a\",\"stars\":NaN}\n",
        ])
        #expect(loaded.errors.map(\.location) == ["Content/ratings/votes.jsonl:2:27"])
        #expect(loaded.errors.first?.message.hasPrefix("invalid JSON") == true)
    }

    /// Yams reads YAML 1.1 base-60 integers by multiplying without overflow checks: this one
    /// trapped in `Int.construct` before the readers stopped asking Yams for an Int.
    @Test func aLongBaseSixtyNumberInSiteYmlIsAnError() throws {
        let loaded = TestSupport.load(["site.yml": "chart:\n  colors: 1:2:3:4:5:6:7:8:9:10:11:12\n"])
        #expect(loaded.errors.map(\.location) == ["Content/site.yml:2:11"])
        #expect(loaded.errors.first?.message.hasPrefix("`colors` must be a list of text") == true)
    }

    @Test func aLongBaseSixtyNumberInFrontMatterTagsIsAnError() throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": "---\nname: A\ngroup: News\ntags: 1:2:3:4:5:6:7:8:9:10:11:12\n---\n"
        ])
        #expect(loaded.errors.map(\.location) == ["Content/skills/news/a.md:4:7"])
        #expect(loaded.errors.first?.message.hasPrefix("`tags` must be a list of text") == true)
    }

    @Test(arguments: [
        ("page_size", "99999999999999999999", "from 1 to 10000"),
        ("page_size", "-9223372036854775808", "from 1 to 10000"),
        ("page_size", "-0", "from 1 to 10000"),
        ("home_cards", "1e400", "finite number"),
        ("home_cards", ".nan", "finite number"),
        ("home_cards", "0x7fffffffffffffff", "from 0 to 10000"),
    ])
    func siteYmlNumbers(_ key: String, _ value: String, _ range: String) throws {
        let loaded = TestSupport.load(["site.yml": "\(key): \(value)\n"])
        let error = try #require(loaded.errors.first)
        #expect(loaded.errors.count == 1)
        #expect(error.location == "Content/site.yml:1:\(key.count + 3)")
        #expect(error.message.contains(range), "\(error.message)")
    }

    @Test(arguments: ["size", "spacing", "count", "granularity"])
    func starSettingsRefuseInfinity(_ key: String) throws {
        let loaded = TestSupport.load(["site.yml": "stars:\n  \(key): 1e400\n"])
        #expect(loaded.errors.map(\.location) == ["Content/site.yml:2:\(key.count + 5)"])
        #expect(loaded.errors.first?.message.contains("finite number") == true)
    }
}

/// A vote line whose number no Double holds is named for what it is, not read as a missing value.
@Suite struct VoteLineNumberBeyondDoubleTests {
    @Test(arguments: ["1e400", "-1e400", "1e-400"])
    func theNumberIsNamedWhereItStands(number: String) throws {
        let loaded = TestSupport.load([
            "skills/news/a.md": "---\nname: A\ngroup: News\n---\n",
            "ratings/votes.jsonl": "{\"skill\":\"news/a\",\"stars\":5}\n{\"skill\":\"news/a\",\"stars\":\(number)}\n",
        ])
        #expect(loaded.errors.map(\.location) == ["Content/ratings/votes.jsonl:2:27"])
        #expect(loaded.errors.first?.message.contains("`\(number)`") == true, "\(loaded.errors)")
    }
}
