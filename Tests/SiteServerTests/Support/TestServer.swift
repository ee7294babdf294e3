import ContentLoading
import Foundation
import SiteAssembly
import SiteGenTesting

@testable import SiteServer

/// A small catalogue in a temporary folder, served by a real `SiteServer` on 127.0.0.1 with a
/// port the system picks. Each test gets its own, so tests run in parallel without sharing files.
final class TestServer: StoppableServer {
    let root: URL
    let port: Int
    let lines: Lines
    private let task: Task<Void, any Error>

    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("Public") }
    var votesFile: URL { content.appendingPathComponent(SiteServer.votesFile) }

    /// Headline Finder has 10 ratings to start with, Tech Digest none.
    static let skills: [String: String] = [
        "news/headline-finder.md":
            "---\nname: Headline Finder\ngroup: News\nimage: images/headline.png\n---\nThe news.\n",
        "news/tech-digest.md": "---\nname: Tech Digest\ngroup: News\n---\nTech news.\n",
        "games/dice-roller.md": "---\nname: Dice Roller\ngroup: Games\n---\nRolls dice.\n",
    ]
    static let counts =
        #"{"news/headline-finder": {"one_star": 1, "two_star": 1, "three_star": 2, "four_star": 3, "five_star": 3}}"#

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    private init(root: URL, port: Int, lines: Lines, task: Task<Void, any Error>) {
        self.root = root
        self.port = port
        self.lines = lines
        self.task = task
    }

    /// `adjust` changes the server's options (short timeouts, a small connection limit).
    static func start(
        siteYAML: String = "rating_form:\n  endpoint: /api/ratings\n  method: post\n",
        adjust: (inout ServeOptions) -> Void = { _ in }
    ) async throws -> TestServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-serve-\(UUID().uuidString)")
        let content = root.appendingPathComponent("Content")
        try writeContent(to: content, siteYAML: siteYAML)

        let build = BuildOptions(
            content: ContentLocation(root: content, display: "Content"), templates: nil,
            output: root.appendingPathComponent("Public"), outputDisplay: "Public")
        var adjusted = ServeOptions(build: build, host: "127.0.0.1", port: 0, pollInterval: .milliseconds(100))
        adjust(&adjusted)
        let options = adjusted
        let (port, lines, task) = try await ServerLaunch.start("server") { say, listening in
            try await SiteServer.run(options, say: say, listening: listening)
        }
        return TestServer(root: root, port: port, lines: lines, task: task)
    }

    /// The small catalogue, written to `content`.
    static func writeContent(to content: URL, siteYAML: String) throws {
        for (path, text) in skills {
            let file = content.appendingPathComponent("skills/" + path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("images"), withIntermediateDirectories: true)
        try SmallImage.png.write(
            to: content.appendingPathComponent("images/headline.png"))
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("ratings"), withIntermediateDirectories: true)
        try Data(counts.utf8).write(to: content.appendingPathComponent("ratings/counts.json"))
        try Data(siteYAML.utf8).write(to: content.appendingPathComponent("site.yml"))
    }

    /// Starts a server, runs `body` against it, and stops it whatever happened.
    static func run(
        siteYAML: String = "rating_form:\n  endpoint: /api/ratings\n  method: post\n",
        adjust: (inout ServeOptions) -> Void = { _ in }, _ body: (TestServer) async throws -> Void
    ) async throws {
        try await start(siteYAML: siteYAML, adjust: adjust).running(body)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
        try? FileManager.default.removeItem(at: root)
    }

    func get(_ path: String, method: String = "GET") async throws -> RawHTTP.Response {
        try await RawHTTP.get(path, port: port, method: method)
    }

    func post(
        _ path: String, _ body: String, contentType: String? = "application/x-www-form-urlencoded",
        headers: [String] = []
    ) async throws -> RawHTTP.Response {
        try await RawHTTP.post(path, body: body, port: port, contentType: contentType, headers: headers)
    }

    /// Posts to the sample configuration's endpoint, `/api/ratings`.
    func vote(_ body: String, contentType: String? = "application/x-www-form-urlencoded", headers: [String] = [])
        async throws -> RawHTTP.Response
    {
        try await post("/api/ratings", body, contentType: contentType, headers: headers)
    }

    var votes: [String] {
        guard let text = try? String(contentsOf: votesFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The "N ratings" under a skill's big average, or "Not rated yet".
    func ratingCount(_ pagePath: String) async throws -> String {
        let page = try await get(pagePath)
        if let match = page.body.firstMatch(of: /rating-big-count">([^<]*)</) { return String(match.1) }
        return page.body.contains("Not rated yet") ? "not rated" : "?"
    }

    /// The last line printed that `matches`, once there is one (nil after 20 s): a rebuild's
    /// line is printed once its files are written, a moment after its pages are served.
    func lastLine(where matches: (String) -> Bool) async -> String? {
        _ = await eventually { lines.all.contains(where: matches) }
        return lines.all.last(where: matches)
    }

    /// Polls `condition` every 100 ms, at most `attempts` times; true once it holds.
    func eventually(attempts: Int = 200, _ condition: () async throws -> Bool) async rethrows -> Bool {
        for _ in 0..<attempts {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

/// What the server printed, collected from its threads.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ line: String) {
        lock.lock()
        items.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
