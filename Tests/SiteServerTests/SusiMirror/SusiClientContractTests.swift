import ContentLoading
import Foundation
import SiteAssembly
import Testing
import VoteStore

@testable import SiteServer

/// SUSI's own clients browse a sitegen mirror: every request of `SusiClientRequest` (built as the
/// web, Android and iOS clients build them, cited there) gets an answer whose fields have the
/// types the client's code reads, with CORS for the hosted web client, and no e-mail address
/// anywhere, from `sitegen serve`, from `sitegen collect`, and from Debian's nginx serving a build's
/// files with `deploy/nginx-susi-api.conf`.
@Suite struct SusiClientContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case serve, collect, nginx
        var testDescription: String { rawValue }
    }

    @Test(arguments: [Backend.serve, .collect])
    func everyClientRequestIsAnswered(_ backend: Backend) async throws {
        try await check(backend)
    }

    @Test(.enabled("needs nginx (see the note printed above)") { NginxServer.available() })
    func everyClientRequestIsAnsweredByNginx() async throws {
        try await check(.nginx)
    }

    private func check(_ backend: Backend) async throws {
        try await Self.withBackend(backend) { port in
            for request in SusiClientRequest.all {
                let response = try await RawHTTP.get(request.wirePath, port: port)
                let context = "\(backend): \(request) GET \(request.wirePath)"
                #expect(response.status == request.status, "\(context): \(response.body.prefix(300))")
                #expect(response.header("Access-Control-Allow-Origin") == "*", "\(context)")
                #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, "\(context)")
                for address in SusiFixture.addresses {
                    #expect(!response.body.contains(address), "\(context) shows \(address)")
                }
                let value: SusiJSON
                do {
                    value = try JSONDecoder().decode(SusiJSON.self, from: Data(response.body.utf8))
                } catch {
                    Issue.record("\(context): not JSON: \(response.body.prefix(300))")
                    continue
                }
                let read = request.client == .web ? value.camelised : value
                for field in request.fields {
                    for problem in read.problems(at: field.path, kind: field.kind) {
                        Issue.record("\(context): `\(field.path)` \(problem)")
                    }
                }
            }
            for image in SusiClientRequest.images {
                let path = SusiClientRequest(
                    client: .web, what: image.what, source: "", path: image.path, status: 200, fields: []
                ).wirePath
                let response = try await RawHTTP.get(path, port: port)
                #expect(response.status == 200, "\(backend): \(image.what) GET \(path)")
                #expect(response.header("Content-Type") == "image/png", "\(backend): \(image.what)")
                #expect(response.header("Content-Length") == String(SusiFixture.png.count), "\(backend): \(image.what)")
            }
        }
    }

    /// Runs `body` with the port of a server of `backend` over the fixture, then stops it.
    static func withBackend(
        _ backend: Backend, siteYAML: String = SusiFixture.siteYAML, _ body: (Int) async throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-susi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try SusiFixture.write(to: content, siteYAML: siteYAML)
        let build = BuildOptions(
            content: ContentLocation(root: content, display: "Content"), templates: nil,
            output: root.appendingPathComponent("Public"), outputDisplay: "Public")
        switch backend {
        case .serve:
            let options = ServeOptions(build: build, host: "127.0.0.1", port: 0, pollInterval: .milliseconds(100))
            let (port, _, task) = try await ServerLaunch.start("server") { say, listening in
                try await SiteServer.run(options, say: say, listening: listening)
            }
            try await Launched(task: task).running { _ in try await body(port) }
        case .collect:
            let database = VoteDatabase.sqlite(
                path: root.appendingPathComponent("votes.sqlite").path, display: "votes.sqlite")
            let options = CollectOptions(build: build, rebuildsPages: true, database: database, port: 0)
            let (port, _, task) = try await ServerLaunch.start("service") { say, listening in
                try await CollectService.run(options, say: say, listening: listening)
            }
            try await Launched(task: task).running { _ in try await body(port) }
        case .nginx:
            _ = try SiteBuilder.build(build)
            let server = try await NginxServer.start(site: build.output, root: root)
            try await server.running { server in try await body(server.port) }
        }
    }

    /// A server task of `ServerLaunch`, stopped by cancelling it.
    struct Launched: StoppableServer {
        let task: Task<Void, any Error>
        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }
}
