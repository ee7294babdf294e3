import CatalogueModel
import Foundation
import Testing

@testable import VoteStore

/// `sitegen build --ratings-database`, `ratings.database` in site.yml and `sitegen export votes`,
/// as a user runs them.
@Suite struct RatingsDatabaseCommandTests {
    static func catalogue(siteYml: String? = nil) throws -> URL {
        let folder = try FixtureSite.temporaryFolder()
        var files = ["Content/skills/news/a.md": "---\nname: A\ngroup: News\n---\nA skill.\n"]
        if let siteYml { files["Content/site.yml"] = siteYml }
        try FixtureSite.write(files, under: folder)
        return folder
    }

    static func record(_ votes: [Vote], in path: String) async throws {
        try await VoteDatabase.sqlite(path: path, display: path).withStore(create: true) { store in
            for vote in votes { try await store.record(vote) }
        }
    }

    @Test func buildReadsTheDatabaseSiteYmlNamesAndExportWritesItsVotes() async throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try Self.catalogue(siteYml: "ratings:\n  database: votes.sqlite\n")
        defer { FixtureSite.remove(folder) }
        try await Self.record(
            [
                Vote(skill: "news/a", stars: 5, voter: "u1", milliseconds: VoteStoreBehaviour.t0),
                Vote(skill: "news/a", stars: 3, voter: "u2", milliseconds: VoteStoreBehaviour.t0),
            ],
            in: folder.appendingPathComponent("Content/votes.sqlite").path)

        let build = try SitegenExecutable.run(sitegen, ["build"], in: folder)
        #expect(build.status == 0, "\(build.errorOutput)")
        #expect(build.output.contains("2 ratings read from 0 files and Content/votes.sqlite"), "\(build.output)")

        let export = try SitegenExecutable.run(
            sitegen, ["export", "votes", "--to", "Content/ratings/votes.jsonl"], in: folder)
        #expect(export.status == 0, "\(export.errorOutput)")
        #expect(export.errorOutput == "Exported 2 votes from Content/votes.sqlite → Content/ratings/votes.jsonl\n")
        let file = try String(contentsOf: folder.appendingPathComponent("Content/ratings/votes.jsonl"), encoding: .utf8)
        #expect(file.split(separator: "\n").count == 2)

        // Database and export together: each voter's vote counts once.
        let both = try SitegenExecutable.run(sitegen, ["build"], in: folder)
        #expect(both.output.contains("2 ratings read from 1 file and Content/votes.sqlite"), "\(both.output)")
        let standardOutput = try SitegenExecutable.run(sitegen, ["export", "votes"], in: folder)
        #expect(standardOutput.output == file)
    }

    @Test func aMissingDatabaseFailsTheBuildWithoutTouchingTheOutput() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try Self.catalogue(siteYml: "ratings:\n  database: missing.sqlite\n")
        defer { FixtureSite.remove(folder) }
        for command in [["build"], ["check"], ["export", "votes"]] {
            let run = try SitegenExecutable.run(sitegen, command, in: folder)
            #expect(run.status == 1)
            #expect(
                run.errorOutput.hasPrefix("Content/missing.sqlite: error: ratings database not found"),
                "\(run.errorOutput)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content/missing.sqlite").path))

        let unreachable = try SitegenExecutable.run(
            sitegen, ["build", "--ratings-database", "postgres://u:pw@127.0.0.1:1/v?sslmode=disable"],
            in: folder)
        #expect(unreachable.status == 1)
        #expect(
            unreachable.errorOutput.hasPrefix("postgres://u@127.0.0.1:1/v: error: cannot connect to PostgreSQL"),
            "\(unreachable.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public").path))
    }
}
