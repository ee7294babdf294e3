import Foundation
import GRDB
import PageRendering
import Testing
import VoteStore

@testable import CatalogueModel
@testable import CatalogueSearch

/// Every behaviour of the search index, on each backend against a real database: a SQLite file
/// in a temporary folder, and the PostgreSQL server of `SITEGEN_TEST_POSTGRES` (skipped, with a
/// note saying why, when there is none).
enum SearchIndexBehaviour: String, CaseIterable, Sendable, CustomStringConvertible {
    case aNameMatchRanksAboveAnExampleAboveADescriptionMatch
    case tiesGoToTheBetterRatedThenMoreVotesThenTheId
    case everyWordMustMatchAsAWordOrItsStart
    case fullTextSyntaxInAQueryIsWords
    case hostileSkillTextIsStoredAndFoundAsText
    case pagesSplitTheMatchesInOrder
    case theIndexFollowsAnEditAnAdditionAndADeletion
    case anUnchangedCatalogueWritesNothingAndAVoteOnlyRescores
    case theIndexSurvivesReopening
    case aNewerSchemaIsRefusedUntouched

    var description: String { rawValue }

    func check(on backend: Backend) async throws {
        try await backend.withEmptyDatabase { database in
            switch self {
            case .aNameMatchRanksAboveAnExampleAboveADescriptionMatch: try await Self.weights(database)
            case .tiesGoToTheBetterRatedThenMoreVotesThenTheId: try await Self.ties(database)
            case .everyWordMustMatchAsAWordOrItsStart: try await Self.words(database)
            case .fullTextSyntaxInAQueryIsWords: try await Self.syntax(database)
            case .hostileSkillTextIsStoredAndFoundAsText: try await Self.hostileText(database)
            case .pagesSplitTheMatchesInOrder: try await Self.pages(database)
            case .theIndexFollowsAnEditAnAdditionAndADeletion: try await Self.following(database)
            case .anUnchangedCatalogueWritesNothingAndAVoteOnlyRescores: try await Self.incremental(database)
            case .theIndexSurvivesReopening: try await Self.reopening(database)
            case .aNewerSchemaIsRefusedUntouched: try await Self.newerSchema(database)
            }
        }
    }

    // MARK: Catalogues

    static func skill(
        _ id: String, _ name: String, group: String = "Misc", examples: [String] = [], description: String = "",
        author: String? = nil
    ) -> Skill {
        Skill(id: id, tag: id, name: name, group: group, author: author, examples: examples, description: description)
    }

    static func catalogue(_ skills: [Skill], ratings: [String: StarCounts] = [:]) -> SearchCatalogue {
        let catalogue = Catalogue(
            skills: skills, ratings: ratings.mapValues { RatingTally(stars: $0) }, config: SiteConfig())
        return SearchCatalogue(catalogue, plainText: Markdown.plainText)
    }

    static func ids(_ index: any SearchIndex, _ text: String, page: Int = 1, pageSize: Int = 50) async throws
        -> [String]
    {
        try await index.search(SearchQuery(text), page: page, pageSize: pageSize).ids
    }

    // MARK: Behaviours

    static func weights(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            try await index.update(
                catalogue([
                    skill(
                        "d", "Daily Helper",
                        description: "Reads the **weather** aloud, weather for every weather lover."),
                    skill("e", "Morning Helper", examples: ["what is the weather"]),
                    skill("n", "Weather Now"),
                    skill("x", "Dice Roller", description: "Rolls dice."),
                ]))
            // A name match beats an example match beats a description match, even one that says it three times.
            #expect(try await ids(index, "weather") == ["n", "e", "d"])
            // Markdown is indexed as its text: `**` is not part of a word.
            #expect(try await ids(index, "reads weather") == ["d"])
        }
    }

    static func ties(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            // The same text everywhere: only the rating and the id tell them apart.
            let same = ["b", "a", "c", "d", "e"].map { skill($0, "Trivia Quiz") }
            try await index.update(
                catalogue(
                    same,
                    ratings: [
                        "c": StarCounts(five: 20),  // the best score
                        "d": StarCounts(three: 5),  // the same score as e (exactly 3), with more votes
                        "e": StarCounts(three: 1),
                    ]))
            let ranking = BayesianRanking(priorVotes: 10)
            #expect(ranking.score(StarCounts(three: 5)) == ranking.score(StarCounts(three: 1)))
            // Unrated a and b last, by id.
            #expect(try await ids(index, "trivia") == ["c", "d", "e", "a", "b"])
        }
    }

    static func words(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            try await index.update(
                catalogue([
                    skill("w", "Weather Forecast", author: "Ada Lovelace"),
                    skill("n", "News Reader", group: "News"),
                    skill("u", "Café Finder"),
                ]))
            #expect(try await ids(index, "weath") == ["w"])
            #expect(try await ids(index, "WEATHER forecast") == ["w"])
            #expect(try await ids(index, "weather news").isEmpty)
            #expect(try await ids(index, "lovelace") == ["w"])
            #expect(try await ids(index, "news") == ["n"])
            #expect(try await ids(index, "café") == ["u"])
            #expect(try await ids(index, "orecast").isEmpty)
            #expect(try await index.search(SearchQuery(""), page: 1, pageSize: 10) == SearchResults(ids: [], total: 0))
        }
    }

    /// Each of these would be an error or another query if it reached FTS5 or to_tsquery as syntax.
    static let hostileQueries = [
        "\"", "\"weather", "weather\"", "*", "weather*", "NEAR", "NEAR(weather forecast)", "-weather", "weather:",
        "name:weather", "^weather", "(weather", "weather)", "'", "weather'", "\\", "weather & !news | x", "<->",
        "AND", "OR NOT", "{weather}", "weather + forecast", "''''", "\"\"\"", "\u{0}weather", "%", "_", ";",
        "'; DROP TABLE sitegen_search_skills; --", "weather' OR '1'='1", ":*", "weather:*", "a:b:c", "😀", "\u{301}",
    ]

    static func syntax(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            try await index.update(
                catalogue([skill("w", "Weather Forecast"), skill("n", "Near Me"), skill("a", "And Or Not")]))
            for query in hostileQueries {
                let words = SearchQuery(query).words
                let found = try await ids(index, query)
                if words == ["weather"] { #expect(found == ["w"], "\(query)") }
            }
            #expect(try await ids(index, "NEAR") == ["n"])
            #expect(try await ids(index, "AND OR NOT") == ["a"])
            #expect(try await ids(index, "NEAR(weather forecast)").isEmpty)
            #expect(try await ids(index, "\"weather forecast\"") == ["w"])
            // The tables are still there and whole.
            #expect(try await ids(index, "forecast") == ["w"])
        }
    }

    static func hostileText(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            let hostile = skill(
                "h", "<script>alert(1)</script> '; DROP TABLE sitegen_search_skills; --",
                examples: ["\" OR 1=1 --", "NEAR(a b)"],
                description: "`code` and *stars* \\ back'slash, ann@mail.example and https://x.example/some/path",
                author: "O'Brien \"Bobby\"")
            try await index.update(catalogue([hostile, skill("w", "Weather")]))
            #expect(try await ids(index, "script alert") == ["h"])
            #expect(try await ids(index, "brien") == ["h"])
            // Addresses and paths are words too (PostgreSQL's parser would take them whole).
            #expect(try await ids(index, "mail path") == ["h"])
            #expect(try await ids(index, "drop table") == ["h"])
            #expect(try await ids(index, "o brien bobby") == ["h"])
            #expect(try await ids(index, "code stars slash") == ["h"])
            #expect(try await ids(index, "weather") == ["w"])
        }
    }

    static func pages(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            let skills = (1...23).map { skill(String(format: "s%02d", $0), "Quiz \($0)") }
            try await index.update(catalogue(skills))
            let all = try await ids(index, "quiz", pageSize: 100)
            #expect(all == skills.map(\.id))
            var paged: [String] = []
            for page in 1...3 {
                let results = try await index.search(SearchQuery("quiz"), page: page, pageSize: 10)
                #expect(results.total == 23)
                paged += results.ids
            }
            #expect(paged == all)
            let past = try await index.search(SearchQuery("quiz"), page: 4, pageSize: 10)
            #expect(past == SearchResults(ids: [], total: 23))
            #expect(try await index.search(SearchQuery("quiz"), page: Int.max, pageSize: 10).ids.isEmpty)
        }
    }

    static func following(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            var skills = [skill("a", "Weather Now"), skill("b", "Dice Roller"), skill("c", "Tea Timer")]
            #expect(try await index.update(catalogue(skills)) == SearchIndexUpdate(indexed: 3, total: 3))
            skills[0] = skill("a", "Rain Radar")  // edited
            skills.append(skill("d", "Weather Tomorrow"))  // added
            skills.remove(at: 1)  // deleted
            #expect(try await index.update(catalogue(skills)) == SearchIndexUpdate(indexed: 2, removed: 1, total: 3))
            #expect(try await ids(index, "weather") == ["d"])
            #expect(try await ids(index, "rain") == ["a"])
            #expect(try await ids(index, "dice").isEmpty)
            #expect(try await ids(index, "tea") == ["c"])
            // An edit of the description only (what the index reads through Markdown).
            skills[1] = skill("c", "Tea Timer", description: "Steeps *green* tea.")
            #expect(try await index.update(catalogue(skills)) == SearchIndexUpdate(indexed: 1, total: 3))
            #expect(try await ids(index, "green") == ["c"])
        }
    }

    static func incremental(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            let skills = [skill("a", "Weather Now"), skill("b", "Weather Later")]
            try await index.update(catalogue(skills))
            #expect(try await index.update(catalogue(skills)) == SearchIndexUpdate(total: 2))
            // A vote changes the tie-breaker only: the text is not written again, the order follows.
            #expect(try await ids(index, "weather") == ["a", "b"])
            #expect(
                try await index.update(catalogue(skills, ratings: ["b": StarCounts(five: 3)]))
                    == SearchIndexUpdate(rescored: 1, total: 2))
            #expect(try await ids(index, "weather") == ["b", "a"])
        }
    }

    static func reopening(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            try await index.update(catalogue([skill("a", "Weather Now")]))
        }
        try await withIndex(database) { (index: any SearchIndex) async throws in
            #expect(try await ids(index, "weather") == ["a"])
            #expect(try await index.update(catalogue([skill("a", "Weather Now")])) == SearchIndexUpdate(total: 1))
        }
    }

    static func newerSchema(_ database: VoteDatabase) async throws {
        try await withIndex(database) { (index: any SearchIndex) async throws in
            try await index.update(catalogue([skill("a", "Weather Now")]))
        }
        try await RawSQL.execute(["UPDATE sitegen_search_schema SET version = 99"], in: database)
        do {
            try await withIndex(database) { (_: any SearchIndex) async throws in }
            Issue.record("a newer schema was opened")
        } catch let error as SearchIndexError {
            #expect(error.problem.contains("version 99"))
            #expect(error.problem.contains("newer sitegen"))
        }
        // Untouched: the row is still there.
        try await RawSQL.execute(["UPDATE sitegen_search_schema SET version = 1"], in: database)
        try await withIndex(database) { (index: any SearchIndex) async throws in
            #expect(try await ids(index, "weather") == ["a"])
        }
    }

    /// Opens the index in `database` (a SQLite file, or a PostgreSQL database) and runs `body`.
    static func withIndex(_ database: VoteDatabase, _ body: (any SearchIndex) async throws -> Void) async throws {
        switch database {
        case .sqlite(let path, let display):
            try await body(SQLiteSearchIndex(path: path, display: display))
        case .postgres(let address):
            try await PostgresSearchIndex.with(address) { try await body($0) }
        }
    }
}

@Suite struct SearchIndexTests {
    @Test(arguments: SearchIndexBehaviour.allCases)
    func onSQLite(_ behaviour: SearchIndexBehaviour) async throws {
        try await behaviour.check(on: .sqlite)
    }

    @Test(arguments: SearchIndexBehaviour.allCases)
    func onPostgreSQL(_ behaviour: SearchIndexBehaviour) async throws {
        guard await TestPostgres.isAvailable() else { return }
        try await behaviour.check(on: .postgres)
    }

    @Test func digestsTakenFromTheLastCatalogueAreWhatFreshOnesWouldBe() {
        let a = SearchIndexBehaviour.skill("a", "Weather Now")
        let b = SearchIndexBehaviour.skill("b", "Dice Roller")
        let edited = SearchIndexBehaviour.skill("b", "Dice Roller", description: "Rolls dice.")
        let first = SearchIndexBehaviour.catalogue([a, b])
        let second = SearchCatalogue(
            Catalogue(skills: [a, edited], ratings: [:], config: SiteConfig()), plainText: Markdown.plainText,
            reusing: first)
        #expect(second.items.map(\.digest) == SearchIndexBehaviour.catalogue([a, edited]).items.map(\.digest))
        func digest(_ catalogue: SearchCatalogue, _ id: String) -> String? {
            catalogue.items.first { $0.entry.skill.id == id }?.digest
        }
        #expect(digest(second, "a") == digest(first, "a"))
        #expect(digest(second, "b") != digest(first, "b"))
    }

    @Test func anIndexInMemoryAnswersLikeAFile() async throws {
        let index = try SQLiteSearchIndex.inMemory()
        try await index.update(SearchIndexBehaviour.catalogue([SearchIndexBehaviour.skill("w", "Weather Now")]))
        #expect(try await SearchIndexBehaviour.ids(index, "weather") == ["w"])
    }

    @Test func theVoteStoreAndTheIndexShareOneSQLiteFile() async throws {
        try await Backend.sqlite.withEmptyDatabase { database in
            guard case .sqlite(let path, let display) = database else { return }
            try await database.withStore(create: true) { store in
                try await store.record(Vote(skill: "w", stars: 5, voter: "u", milliseconds: 0))
            }
            let index = try SQLiteSearchIndex(path: path, display: display)
            try await index.update(SearchIndexBehaviour.catalogue([SearchIndexBehaviour.skill("w", "Weather Now")]))
            #expect(try await database.readVotes().count == 1)
            #expect(try await SearchIndexBehaviour.ids(index, "weather") == ["w"])
        }
    }
}
