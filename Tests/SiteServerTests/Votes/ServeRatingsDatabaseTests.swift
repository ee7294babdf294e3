import CatalogueModel
import Foundation
import Testing
import VoteStore

@testable import SiteServer

/// `sitegen serve` counts the votes of the database site.yml names, as `sitegen build` does, and
/// reads them again on every rebuild.
@Suite struct ServeRatingsDatabaseTests {
    @Test func servedPagesCountTheRatingsDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sitegen-serve-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("votes.sqlite").path
        let database = VoteDatabase.sqlite(path: path, display: "votes.sqlite")
        try await database.withStore(create: true) { store in
            try await store.record(
                Vote(skill: "news/tech-digest", stars: 5, voter: "ada", milliseconds: 1_700_000_000_000))
        }
        let yaml = "rating_form:\n  endpoint: /api/ratings\nratings:\n  database: \(path)\n"
        try await TestServer.run(siteYAML: yaml) { (server: TestServer) async throws in
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "1 rating")
            try await database.withStore(create: false) { store in
                try await store.record(
                    Vote(skill: "news/tech-digest", stars: 4, voter: "grace", milliseconds: 1_700_000_000_000))
            }
            // A vote through the preview rebuilds, and the rebuild reads the database again.
            #expect(try await server.vote("skill=news%2Ftech-digest&stars=3").status == 303)
            #expect(try await server.ratingCount("/skills/news/tech-digest/") == "3 ratings")
        }
    }
}
