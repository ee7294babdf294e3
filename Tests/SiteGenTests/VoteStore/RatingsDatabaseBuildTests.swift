import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import Databases
@testable import SiteAssembly
@testable import VoteStore

/// A build counts the ratings database's votes exactly as it counts the same votes in a `.jsonl`
/// events file, and `sitegen export votes` writes that file.
@Suite struct RatingsDatabaseBuildTests {
    static let t0 = VoteStoreBehaviour.t0

    /// A catalogue with an events file of its own, and a database that adds voters, replaces one
    /// of the file's voters with a later vote, and is overruled by a later vote in the file.
    static func site() -> TestSite {
        let site = TestSite()
        site.skill("news/a", name: "A", group: "News")
        site.skill("news/b", name: "B", group: "News")
        site.write(
            "ratings/votes.jsonl",
            """
            {"skill":"news/a","stars":1,"user":"u1","timestamp":"2024-03-01T09:00:00Z"}
            {"skill":"news/a","stars":2,"user":"u2","timestamp":"2024-03-01T11:00:00Z"}
            {"skill":"news/b","stars":3}

            """)
        return site
    }

    static let votes = [
        Vote(skill: "news/a", stars: 5, voter: "u1", milliseconds: t0),  // 10:00, after the file's 09:00: counts
        Vote(skill: "news/a", stars: 4, voter: "u2", milliseconds: t0),  // before the file's 11:00: does not
        Vote(skill: "news/a", stars: 4, voter: "cookie-9", milliseconds: t0 + 1),
        Vote(skill: "news/b", stars: 2, voter: "cookie-9", milliseconds: t0 + 2),
    ]

    static func withDatabase<T: Sendable>(_ votes: [Vote], _ body: (VoteDatabase) async throws -> T) async throws -> T {
        try await Backend.sqlite.withEmptyDatabase { database in
            try await database.withStore(create: true) { store in for vote in votes { try await store.record(vote) } }
            return try await body(database)
        }
    }

    @Test func theDatabasesVotesCountWithTheRatingFiles() async throws {
        let site = Self.site()
        let before = site.load().ratings
        #expect(before["news/a"]?.stars == StarCounts(one: 1, two: 1))
        try await Self.withDatabase(Self.votes) { database in
            var options = site.options()
            options.recordedVotes = try await RatingsDatabase.recordedVotes(
                override: database, content: options.content)
            // By skill, then voter.
            #expect(options.recordedVotes?.votes == [Self.votes[2], Self.votes[0], Self.votes[1], Self.votes[3]])
            let loaded = ContentLoader.load(options.content, recordedVotes: options.recordedVotes)
            #expect(loaded.errors.isEmpty, "\(loaded.errors)")
            #expect(loaded.ratings["news/a"]?.stars == StarCounts(two: 1, four: 1, five: 1))
            #expect(loaded.ratings["news/b"]?.stars == StarCounts(two: 1, three: 1))
            #expect(loaded.votesRead == 5)
        }
    }

    /// The export, read back through the loader as one more events file, builds the same site
    /// byte for byte as the database does: pages, statistics, feeds and the JSON API.
    @Test func theExportBuildsTheSameSiteAsTheDatabase() async throws {
        try await Self.withDatabase(Self.votes) { database in
            let fromDatabase = Self.site()
            var options = fromDatabase.options()
            options.recordedVotes = try await RatingsDatabase.recordedVotes(
                override: database, content: options.content)
            try fromDatabase.build(options)

            let exported = VoteEventLines.text(try await RatingsDatabase.votes(database))
            #expect(exported.split(separator: "\n").count == Self.votes.count)
            #expect(
                exported.split(separator: "\n").first
                    == #"{"skill":"news/a","stars":4,"timestamp":"2024-03-01T10:00:00.001Z","user":"cookie-9"}"#)

            let fromExport = Self.site()
            fromExport.write("ratings/export.jsonl", exported)
            try fromExport.build()
            #expect(fromExport.outputFiles() == fromDatabase.outputFiles())
            for path in fromDatabase.outputFiles() where fromExport.built[path] != fromDatabase.built[path] {
                Issue.record("\(path) differs between the database and its export")
            }
            let withoutDatabase = Self.site()
            try withoutDatabase.build()
            #expect(
                withoutDatabase.built["skills/news/a/index.html"] != fromDatabase.built["skills/news/a/index.html"],
                "the database's votes changed nothing")
        }
    }

    @Test func aVoteForAnUnknownSkillIsWarnedNamingTheDatabase() async throws {
        try await Self.withDatabase([Vote(skill: "news/gone", stars: 3, voter: "u", milliseconds: Self.t0)]) {
            database in
            let site = Self.site()
            var options = site.options()
            options.recordedVotes = try await RatingsDatabase.recordedVotes(
                override: database, content: options.content)
            let report = try site.build(options)
            let warnings = report.warnings.map(\.description).joined(separator: "\n")
            #expect(warnings.contains("`news/gone` (votes.sqlite)"), "\(warnings)")
        }
    }

    @Test func siteYmlNamesTheDatabaseRelativeToTheContentFolder() throws {
        let site = TestSite()
        site.write("site.yml", "ratings:\n  database: data/votes.sqlite\n")
        #expect(
            try RatingsDatabase.named(override: nil, content: site.location)
                == .sqlite(path: "/memory/Content/data/votes.sqlite", display: "Content/data/votes.sqlite"))
        let override = VoteDatabase.sqlite(path: "/elsewhere.sqlite", display: "elsewhere.sqlite")
        #expect(try RatingsDatabase.named(override: override, content: site.location) == override)

        site.write(
            "site.yml", "ratings:\n  database: postgres://sitegen:secret@db.example.org:5433/votes?sslmode=require\n")
        let named = try RatingsDatabase.named(override: nil, content: site.location)
        #expect(named?.display == "postgres://sitegen@db.example.org:5433/votes")

        site.write("site.yml", "title: No database\n")
        #expect(try RatingsDatabase.named(override: nil, content: site.location) == nil)
    }

    @Test func siteYmlRatingsKeysAreChecked() {
        var log = DiagnosticLog()
        let config = SiteConfigReader.read(
            "ratings:\n  database: votes.sqlite\n  databse: x\n", path: "Content/site.yml", &log)
        #expect(config.ratingsDatabase == "votes.sqlite")
        #expect(log.items.map(\.description).contains { $0.contains("databse") }, "\(log.items)")

        var emptyLog = DiagnosticLog()
        _ = SiteConfigReader.read("ratings:\n  database: \"  \"\n", path: "Content/site.yml", &emptyLog)
        #expect(
            emptyLog.items.map(\.description) == [
                "Content/site.yml:2:13: error: `ratings.database` must name a SQLite file (relative to the content folder) or a postgres:// URL"
            ])

        let site = TestSite()
        site.write("site.yml", "ratings:\n  database: mysql://x/y\n")
        do {
            _ = try RatingsDatabase.named(override: nil, content: site.location)
            Issue.record("a mysql:// URL was taken")
        } catch {
            #expect(
                error.diagnostics.map(\.description)
                    == [
                        "Content/site.yml: error: `ratings.database`: a ratings database is a SQLite file path or a postgres:// URL"
                    ])
        }
    }

    @Test func aMissingDatabaseFileFailsNamingIt() async throws {
        let site = Self.site()
        do {
            _ = try await RatingsDatabase.recordedVotes(
                override: .sqlite(path: "/nonexistent/votes.sqlite", display: "votes.sqlite"),
                content: site.location)
            Issue.record("a missing database was read")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "votes.sqlite: error: ratings database not found; check the path (relative to the content folder in site.yml, "
                        + "to the current folder on the command line), or remove the setting"
                ])
        }
    }

    @Test func anUnreachableServerFailsNamingItWithoutThePassword() async throws {
        let address = try PostgresAddress.parse("postgres://sitegen:secret@127.0.0.1:1/votes?sslmode=disable").get()
        do {
            _ = try await RatingsDatabase.votes(.postgres(address))
            Issue.record("read votes from a closed port")
        } catch {
            let message = error.diagnostics.map(\.description).joined()
            #expect(
                message.hasPrefix("postgres://sitegen@127.0.0.1:1/votes: error: cannot connect to PostgreSQL:"),
                "\(message)")
            #expect(!message.contains("secret"))
        }
    }

    @Test func aURLWithoutAPasswordTakesPGPASSWORDAsLibpqDoes() throws {
        let environment = ["PGPASSWORD": "from-the-environment", "USER": "ops"]
        let bare = try PostgresAddress.parse("postgres://sitegen@127.0.0.1/votes", environment: environment).get()
        #expect(bare.password == "from-the-environment")
        #expect(!bare.display.contains("from-the-environment"))
        let given = try PostgresAddress.parse("postgres://sitegen:inline@127.0.0.1/votes", environment: environment)
            .get()
        #expect(given.password == "inline")
        let socket = try PostgresAddress.parse("postgres:///votes?host=/run/postgresql", environment: environment).get()
        #expect(socket.user == "ops" && socket.socketPath == "/run/postgresql/.s.PGSQL.5432")
        let other = try PostgresAddress.parse("postgres://sitegen@/votes?host=/run/postgresql&port=5433").get()
        #expect(other.socketPath == "/run/postgresql/.s.PGSQL.5433" && other.user == "sitegen")
        #expect(try PostgresAddress.parse("postgres://sitegen@127.0.0.1/votes", environment: [:]).get().password == nil)
    }

    @Test func voteTimestampsAreUTCWithMilliseconds() {
        #expect(Vote(skill: "s", stars: 1, voter: "u", milliseconds: 0).timestamp == "1970-01-01T00:00:00Z")
        #expect(
            Vote(skill: "s", stars: 1, voter: "u", milliseconds: Self.t0 + 7).timestamp == "2024-03-01T10:00:00.007Z")
        #expect(Vote(skill: "s", stars: 1, voter: "u", milliseconds: -1).timestamp == "1969-12-31T23:59:59.999Z")
        #expect(
            Vote(skill: "s", stars: 1, voter: "u", milliseconds: 951_782_400_000).timestamp == "2000-02-29T00:00:00Z")
        let date = Date(timeIntervalSince1970: 1_709_287_200.0004)
        #expect(Vote(skill: "s", stars: 1, voter: "u", time: date).milliseconds == Self.t0)
    }
}
