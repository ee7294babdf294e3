import CatalogueModel
import ContentLoading
import Foundation
import SiteAssembly
import VoteStore

@testable import SiteServer

/// A real `sitegen collect` on 127.0.0.1 and a free port, for `TestServer`'s small catalogue
/// deployed at https://example.org/, storing votes in SQLite (a file of the test's own) or in the
/// PostgreSQL database `SITEGEN_TEST_POSTGRES` names. That one is shared by tests running at the
/// same time, so a test looks only at its own votes: its voters are the random ids the service
/// gave it.
final class CollectTestService: StoppableServer {
    enum Backend: String, Sendable, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    static let siteYAML = "base_url: https://example.org/\nrating_form:\n  endpoint: /api/ratings\n"
    static let pagesOrigin = "https://example.org"

    let root: URL
    let database: VoteDatabase
    let port: Int
    let lines: Lines
    private let task: Task<Void, any Error>

    var output: URL { root.appendingPathComponent("Public") }

    private init(root: URL, database: VoteDatabase, port: Int, lines: Lines, task: Task<Void, any Error>) {
        self.root = root
        self.database = database
        self.port = port
        self.lines = lines
        self.task = task
    }

    static var postgres: VoteDatabase? {
        guard let text = ProcessInfo.processInfo.environment["SITEGEN_TEST_POSTGRES"],
            case .success(let database) = VoteDatabase.named(
                text, relativeTo: URL(fileURLWithPath: "/"), displayBase: nil)
        else { return nil }
        return database
    }

    /// Whether the PostgreSQL runs can happen; when not, it prints why beside the skipped tests.
    static func postgresAvailable() async -> Bool {
        guard let database = postgres else {
            print(
                "note: sitegen collect's PostgreSQL tests skipped: SITEGEN_TEST_POSTGRES is not set (.ci/run sets it)")
            return false
        }
        do {
            try await database.withStore(create: true) { _ in }
            return true
        } catch {
            print("note: sitegen collect's PostgreSQL tests skipped: \(error)")
            return false
        }
    }

    /// A new catalogue folder and, for SQLite, a new database in it.
    static func prepare(_ backend: Backend, siteYAML: String = siteYAML) throws -> (root: URL, database: VoteDatabase) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-collect-\(UUID().uuidString)")
        try TestServer.writeContent(to: root.appendingPathComponent("Content"), siteYAML: siteYAML)
        switch backend {
        case .sqlite:
            return (root, .sqlite(path: root.appendingPathComponent("votes.sqlite").path, display: "votes.sqlite"))
        case .postgres:
            guard let database = postgres else {
                throw TestServer.StartFailure(description: "SITEGEN_TEST_POSTGRES is not set")
            }
            return (root, database)
        }
    }

    static func start(root: URL, database: VoteDatabase, adjust: (inout CollectOptions) -> Void = { _ in }) async throws
        -> CollectTestService
    {
        let build = BuildOptions(
            content: ContentLocation(root: root.appendingPathComponent("Content"), display: "Content"), templates: nil,
            output: root.appendingPathComponent("Public"), outputDisplay: "Public")
        var adjusted = CollectOptions(build: build, rebuildsPages: false, database: database, port: 0)
        adjust(&adjusted)
        let options = adjusted
        let (port, lines, task) = try await ServerLaunch.start("service") { say, listening in
            try await CollectService.run(options, say: say, listening: listening)
        }
        return CollectTestService(root: root, database: database, port: port, lines: lines, task: task)
    }

    /// Starts a service on a new catalogue, runs `body`, and stops it whatever happened.
    static func run(
        _ backend: Backend, siteYAML: String = siteYAML, adjust: (inout CollectOptions) -> Void = { _ in },
        _ body: (CollectTestService) async throws -> Void
    ) async throws {
        let (root, database) = try prepare(backend, siteYAML: siteYAML)
        defer { try? FileManager.default.removeItem(at: root) }
        try await start(root: root, database: database, adjust: adjust).running(body)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Posts a vote from the site's own page, as a browser does.
    func vote(
        _ body: String, cookie: String? = nil, headers: [String] = ["Origin: \(CollectTestService.pagesOrigin)"],
        contentType: String? = "application/x-www-form-urlencoded", path: String = "/api/ratings"
    ) async throws -> RawHTTP.Response {
        var sent = headers
        if let cookie { sent.append("Cookie: \(VoterCookie.name)=\(cookie)") }
        return try await RawHTTP.post(path, body: body, port: port, contentType: contentType, headers: sent)
    }

    /// The stored votes of `voters`.
    func stored(by voters: Set<String>) async throws -> [Vote] {
        try await database.withStore(create: false) { store in try await store.votes() }.filter {
            voters.contains($0.voter)
        }
    }

    static func voter(in response: RawHTTP.Response) -> String? {
        VoteIntakeTests.voter(in: response)
    }
}
