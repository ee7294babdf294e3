import CatalogueModel
import Foundation
import Testing

@testable import VoteStore

/// A vote's comment in the events format: `sitegen export votes` writes it as the line's `comment`
/// key and `sitegen import votes` reads it back into a database.
@Suite struct VoteCommentExportTests {
    static let t0 = VoteStoreBehaviour.t0
    /// Quotes, a backslash, a closing script tag, bidi controls, emoji, line breaks and a tab.
    static let hostile =
        "She said \"great\" \\o/ </script>\n\u{202E}gnp.exe\u{202C} 👩‍👩‍👧‍👦🇩🇪\tend\u{2028}"
    static let votes = [
        Vote(skill: "news/a", stars: 5, voter: "u1", milliseconds: t0, comment: hostile),
        Vote(skill: "news/a", stars: 3, voter: "u2", milliseconds: t0 + 250),
        Vote(skill: "news/b", stars: 1, voter: "u1", milliseconds: t0 + 1000, comment: "short"),
    ]

    @Test func theCommentIsTheLinesCommentKeyOnlyWhenThereIsOne() throws {
        let lines = VoteEventLines.text(Self.votes).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "", "one line a vote, whatever the comment holds")
        #expect(lines[1] == #"{"skill":"news/a","stars":3,"timestamp":"2024-03-01T10:00:00.250Z","user":"u2"}"#)
        #expect(
            lines[2]
                == #"{"comment":"short","skill":"news/b","stars":1,"timestamp":"2024-03-01T10:00:01Z","user":"u1"}"#)
        struct Line: Decodable { var comment: String? }
        #expect(try JSONDecoder().decode(Line.self, from: Data(lines[0].utf8)).comment == Self.hostile)
    }

    @Test func readingTheLinesBackGivesTheSameVotes() throws {
        #expect(try VoteEventLines.votes(in: VoteEventLines.text(Self.votes), file: "v.jsonl") == Self.votes)
        // Written by hand or by `sitegen serve`: other key orders, zones and fractions, blank lines.
        let text = """
            {"user":"u","timestamp":"2024-03-01T11:00:00.5+01:00","stars":4,"skill":"s","comment":"a\\nb"}

            {"skill":"s","stars":2,"timestamp":"2024-03-01","user":"v"}
            """
        #expect(
            try VoteEventLines.votes(in: text, file: "v.jsonl") == [
                Vote(skill: "s", stars: 4, voter: "u", milliseconds: Self.t0 + 500, comment: "a\nb"),
                Vote(skill: "s", stars: 2, voter: "v", milliseconds: Self.t0 - 36_000_000),
            ])
    }

    @Test func everyBadLineIsAnErrorAtItsLineAndNothingIsRead() {
        let text = """
            {"skill":"s","stars":4,"timestamp":"2024-03-01T10:00:00Z","user":"u"}
            not json
            {"skill":"s","stars":6,"timestamp":"2024-03-01T10:00:00Z","user":"u"}
            {"skill":"s","stars":4,"timestamp":"2024-03-01T10:00:00Z"}
            {"skill":"s","stars":4,"timestamp":"yesterday","user":"u"}
            {"stars":4,"timestamp":"2024-03-01T10:00:00Z","user":"u"}
            {"skill":"s","stars":4,"timestamp":"2024-03-01T10:00:00Z","user":"u","comment":7}
            """
        #expect {
            try VoteEventLines.votes(in: text, file: "Content/ratings/v.jsonl")
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            let expected: [(Int, String)] = [
                (2, "not a vote: each line is one JSON object"), (3, "`stars` must be a whole number from 1 to 5"),
                (4, "the line has no `user`"), (5, "`timestamp` must be an ISO 8601 date and time"),
                (6, "the line has no `skill`"), (7, "not a vote"),
            ]
            return failure.errors.count == expected.count
                && zip(failure.errors, expected).allSatisfy { error, want in
                    error.path == "Content/ratings/v.jsonl" && error.line == want.0 && error.message.hasPrefix(want.1)
                }
        }
    }

    /// Export from one database, import into another: the same votes, comments included; and a
    /// second import changes nothing.
    @Test func exportThenImportIntoAnotherDatabaseRoundTrips() async throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try RatingsDatabaseCommandTests.catalogue(siteYml: "ratings:\n  database: votes.sqlite\n")
        defer { FixtureSite.remove(folder) }
        try await RatingsDatabaseCommandTests.record(
            Self.votes, in: folder.appendingPathComponent("Content/votes.sqlite").path)

        let export = try SitegenExecutable.run(sitegen, ["export", "votes", "--to", "votes.jsonl"], in: folder)
        #expect(export.status == 0, "\(export.errorOutput)")
        let imported = try SitegenExecutable.run(
            sitegen, ["import", "votes", "votes.jsonl", "--ratings-database", "copy.sqlite"], in: folder)
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(
            imported.errorOutput
                == "Imported 3 votes from votes.jsonl → copy.sqlite: 3 new, 0 replacing a voter's earlier vote, 0 older than the vote stored (not recorded)\n"
        )
        let copy = VoteDatabase.sqlite(path: folder.appendingPathComponent("copy.sqlite").path, display: "copy.sqlite")
        #expect(try await copy.readVotes() == Self.votes)

        let again = try SitegenExecutable.run(
            sitegen, ["import", "votes", "votes.jsonl", "--ratings-database", "copy.sqlite"], in: folder)
        #expect(
            again.errorOutput.hasSuffix(
                ": 0 new, 3 replacing a voter's earlier vote, 0 older than the vote stored (not recorded)\n"))
        #expect(try await copy.readVotes() == Self.votes)
    }

    @Test func aBadLineStopsTheImportBeforeAnythingIsRecorded() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try RatingsDatabaseCommandTests.catalogue()
        defer { FixtureSite.remove(folder) }
        try Data(
            (#"{"skill":"s","stars":4,"timestamp":"2024-03-01T10:00:00Z","user":"u"}"# + "\n"
                + #"{"skill":"s","stars":4}"# + "\n").utf8
        ).write(to: folder.appendingPathComponent("votes.jsonl"))
        let run = try SitegenExecutable.run(
            sitegen, ["import", "votes", "votes.jsonl", "--ratings-database", "copy.sqlite"], in: folder)
        #expect(run.status == 1)
        #expect(run.errorOutput.hasPrefix("votes.jsonl:2: error: the line has no `user`"), "\(run.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.sqlite").path))
    }
}
