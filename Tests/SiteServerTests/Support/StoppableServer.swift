import Foundation

/// A server a test started and must stop, whether the test passed or threw.
protocol StoppableServer: Sendable {
    func stop() async
}

extension StoppableServer {
    /// Runs `body` against the server, then stops it whatever happened.
    func running(_ body: (Self) async throws -> Void) async throws {
        do {
            try await body(self)
        } catch {
            await stop()
            throw error
        }
        await stop()
    }
}

/// Starts a server's `run` in a task of its own, collecting every line it says, and returns once
/// it reports the URL it listens at.
enum ServerLaunch {
    typealias Run =
        @Sendable (_ say: @escaping @Sendable (String) -> Void, _ listening: @escaping @Sendable (URL) async -> Void)
        async throws -> Void

    static func start(_ name: String, _ run: @escaping Run) async throws -> (
        port: Int, lines: Lines, task: Task<Void, any Error>
    ) {
        let lines = Lines()
        let (urls, continuation) = AsyncStream<URL>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await run({ lines.append($0) }, { continuation.yield($0) })
        }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next(), let port = url.port else {
            task.cancel()
            let ended = await task.result
            throw TestServer.StartFailure(
                description: "the \(name) did not start (\(ended)): \(lines.all.joined(separator: "\n"))")
        }
        return (port, lines, task)
    }
}
