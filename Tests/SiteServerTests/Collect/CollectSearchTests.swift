import Foundation
import Testing

@testable import SiteServer

/// `sitegen collect` answers the header's search form from an index kept in its own database, and
/// the index follows the votes it takes.
@Suite struct CollectSearchTests {
    static let siteYAML = CollectTestService.siteYAML + "search:\n  endpoint: /search\n"

    func searchesAndFollowsVotes(_ backend: CollectTestService.Backend) async throws {
        try await CollectTestService.run(
            backend, siteYAML: Self.siteYAML,
            adjust: {
                $0.rebuildsPages = true
                $0.rateLimit = nil
            }
        ) { (service: CollectTestService) async throws in
            let found = try await RawHTTP.get("/search?q=digest", port: service.port)
            #expect(found.status == 200)
            #expect(found.body.contains("Tech Digest"), "\(found.body.prefix(400))")
            let hostile = try await RawHTTP.get("/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", port: service.port)
            #expect(hostile.status == 200)
            #expect(!hostile.body.contains("<script>alert"))
            #expect(
                try await RawHTTP.get("/search?q=" + String(repeating: "a", count: 300), port: service.port).status
                    == 414)
            // The search index is in the service's database: a SQLite file beside the votes.
            if case .sqlite(let path, _) = service.database {
                #expect(FileManager.default.fileExists(atPath: path))
            }
        }
    }

    @Test func searchesFromTheSQLiteDatabase() async throws {
        try await searchesAndFollowsVotes(.sqlite)
    }

    @Test(
        .enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES (see the note printed above)") {
            await CollectTestService.postgresAvailable()
        })
    func searchesFromPostgreSQL() async throws {
        try await searchesAndFollowsVotes(.postgres)
    }

    @Test func withoutOutputSearchIsNotAnsweredAndSaysWhy() async throws {
        try await CollectTestService.run(.sqlite, siteYAML: Self.siteYAML) {
            (service: CollectTestService) async throws in
            #expect(service.lines.all.contains { $0.contains("search answers only with --output") })
            // No build follows the content here, so the endpoint is not known to the service at all.
            #expect(try await RawHTTP.get("/search?q=digest", port: service.port).status == 404)
        }
    }
}
