import Foundation
import Testing

@testable import SiteServer

/// Clients that hold connections without using them (slowloris, idle keep-alive, floods) against
/// a real server on 127.0.0.1 with short, test-set timeouts. Every wait is a bounded poll many
/// times longer than the timeout it waits for; nothing asserts how long anything took.
@Suite struct SlowAndManyClientsTests {
    /// Sends `text` a byte every 100 ms until the server closes the connection; false if all of
    /// it went out (some 20 s at most) and the connection is still open.
    static func dribble(_ text: String, on connection: RawConnection) async -> Bool {
        for byte in text {
            guard connection.isOpen else { return true }
            try? await connection.send(String(byte))
            try? await Task.sleep(for: .milliseconds(100))
        }
        return !connection.isOpen
    }

    static let endless = String(repeating: "a", count: 200)

    @Test func aClientDribblingItsHeadIsClosed() async throws {
        try await TestServer.run(adjust: { $0.requestTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let slow = try await RawConnection.open(port: server.port)
            defer { Task { await slow.close() } }
            #expect(await Self.dribble("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + Self.endless, on: slow))
            #expect(slow.text.isEmpty)
            // Others are served all along.
            #expect(try await server.get("/").status == 200)
        }
    }

    @Test func aClientDribblingItsBodyIsClosedAndNoVoteIsKept() async throws {
        try await TestServer.run(adjust: { $0.requestTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let slow = try await RawConnection.open(port: server.port)
            defer { Task { await slow.close() } }
            try await slow.send(
                "POST /api/ratings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 250\r\n\r\n"
            )
            #expect(await Self.dribble("skill=news/headline-finder&stars=5&x=" + Self.endless, on: slow))
            #expect(server.votes.isEmpty)
        }
    }

    @Test func aNewConnectionThatSendsNothingIsClosed() async throws {
        try await TestServer.run(adjust: { $0.requestTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let silent = try await RawConnection.open(port: server.port)
            defer { Task { await silent.close() } }
            #expect(await silent.closedByServer())
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterItsAnswer() async throws {
        try await TestServer.run(adjust: { $0.idleTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let idle = try await RawConnection.open(port: server.port)
            defer { Task { await idle.close() } }
            try await idle.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await idle.answered())
            #expect(idle.text.hasPrefix("HTTP/1.1 200"))
            #expect(await idle.closedByServer())
        }
    }

    /// A client that asks for a large file and never reads held its connection for as long as it
    /// liked: nothing was timed while a response was sent. Now a response the client takes
    /// nothing of for `sendTimeout` is cut off: the client, reading at last, gets part of the file
    /// and then the close.
    @Test func aClientThatStopsReadingIsCutOff() async throws {
        try await TestServer.run(adjust: { $0.sendTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let size = 16 << 20
            let big = server.content.appendingPathComponent("static/big.bin")
            try FileManager.default.createDirectory(
                at: big.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: size).write(to: big)
            #expect(try await server.eventually { try await server.get("/big.bin", method: "HEAD").status == 200 })

            let stalled = try await RawConnection.open(port: server.port, reading: false)
            defer { Task { await stalled.close() } }
            try await stalled.send("GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await Task.sleep(for: .seconds(4))
            await stalled.startReading()
            #expect(await stalled.closedByServer())
            #expect(stalled.text.hasPrefix("HTTP/1.1 200"))
            #expect(stalled.byteCount < size)
            // Others are served all along.
            #expect(try await server.get("/").status == 200)
        }
    }

    /// Pipelined requests the client never reads the answers to pile up the same way.
    @Test func pipelinedRequestsWhoseAnswersAreNeverReadAreCutOff() async throws {
        try await TestServer.run(adjust: { $0.sendTimeout = .seconds(1) }) { (server: TestServer) async throws in
            let stalled = try await RawConnection.open(port: server.port, reading: false)
            defer { Task { await stalled.close() } }
            // Some 20 MB of answers: more than the kernel's buffers on both sides hold.
            let count = 2000
            // The server may close before all of it is sent, when the rest waits for its answers.
            try? await stalled.send(String(repeating: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: count))
            try await Task.sleep(for: .seconds(4))
            await stalled.startReading()
            #expect(await stalled.closedByServer())
            #expect(stalled.text.components(separatedBy: "HTTP/1.1 200").count - 1 < count)
        }
    }

    @Test func connectionsOverTheLimitWaitForAFreeOne() async throws {
        try await TestServer.run(adjust: { $0.maxConnections = 4 }) { (server: TestServer) async throws in
            // Four keep-alive connections, each answered once, so the server has accepted them all.
            var held: [RawConnection] = []
            for _ in 0..<4 {
                let connection = try await RawConnection.open(port: server.port)
                held.append(connection)
                try await connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await connection.answered())
            }
            let waiting = try await RawConnection.open(port: server.port)
            defer { Task { await waiting.close() } }
            try await waiting.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            // Without a limit this is answered at once; with it, not while the four are open.
            #expect(await !waiting.answered(attempts: 20))
            for connection in held { await connection.close() }
            #expect(await waiting.answered())
            #expect(waiting.text.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func aThousandIdleConnectionsLeaveRoomForARequest() async throws {
        let openFiles = try #require(OpenFileLimit.raise())
        // The test holds both ends of every connection.
        try #require(
            openFiles >= 2 * 1000 + 2 * OpenFileLimit.reserve,
            "the open-file limit (\(openFiles)) is too low for this test")
        try await TestServer.run(adjust: { $0.requestTimeout = .seconds(120) }) { (server: TestServer) async throws in
            var idle: [RawConnection] = []
            do {
                for index in 0..<1000 {
                    let connection = try await RawConnection.open(port: server.port)
                    idle.append(connection)
                    if index.isMultiple(of: 2) { try await connection.send("GET / HTTP/1.1\r\nHo") }
                }
                let response = try await server.get("/")
                #expect(response.status == 200)
                #expect(idle.allSatisfy { $0.isOpen })
            } catch {
                for connection in idle { await connection.close() }
                throw error
            }
            for connection in idle { await connection.close() }
        }
    }

    #if os(Linux)
        /// Soft and hard "Max open files" of a process, from /proc.
        static func openFileLimits(pid: String) throws -> (soft: String, hard: String) {
            let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
            let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
            let fields = line.split(separator: " ")
            try #require(fields.count >= 5)
            return (String(fields[3]), String(fields[4]))
        }

        @Test func serveRaisesALowOpenFileLimit() async throws {
            let hard = try Self.openFileLimits(pid: "self").hard
            try #require(
                hard == "unlimited" || (Int(hard) ?? 0) > 512,
                "the hard open-file limit (\(hard)) leaves nothing to raise")

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sitegen-limit-\(UUID().uuidString)")
            try TestServer.writeContent(to: folder.appendingPathComponent("Content"), siteYAML: "title: Limits\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let serve = try SitegenProcess(
                in: folder, limit: "-Sn 512", arguments: "serve --content Content --output Public --port 0")
            defer { serve.stop() }
            let serving = try await serve.waitFor { $0.contains("Serving ") ? true : nil }
            try #require(serving == true, "sitegen serve did not start: \(serve.printed)")
            let process = serve.process
            let limits = try Self.openFileLimits(pid: String(process.processIdentifier))
            #expect(limits.soft == hard)
        }
    #endif

    #if os(Linux)
        /// `collect` under an open-file limit of 320 with 300 clients holding connections: it
        /// took them all, and its rebuilds failed with "Too many open files". It now caps its
        /// connections as `serve` does, below the limit, and the rebuild an edit starts succeeds.
        @Test func collectKeepsDescriptorsForItsRebuildsUnderAFlood() async throws {
            let openFiles = try #require(OpenFileLimit.raise())
            try #require(openFiles >= 1000, "the open-file limit (\(openFiles)) is too low for this test")

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sitegen-flood-\(UUID().uuidString)")
            let content = folder.appendingPathComponent("Content")
            try TestServer.writeContent(to: content, siteYAML: CollectTestService.siteYAML)
            defer { try? FileManager.default.removeItem(at: folder) }
            let collect = try SitegenProcess(
                in: folder, limit: "-n 320",
                arguments: "collect --content Content --output Public --database votes.sqlite --port 0")
            defer { collect.stop() }
            func printed() -> String { collect.printed }
            let port = try await collect.waitFor {
                $0.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
            }
            let servicePort = try #require(port, "sitegen collect did not start: \(printed())")

            var flood: [RawConnection] = []
            defer { for connection in flood { Task { await connection.close() } } }
            for _ in 0..<300 {
                guard let connection = try? await RawConnection.open(port: servicePort) else { break }
                flood.append(connection)
                try? await connection.send("GET /healthz HTTP/1.1\r\nHo")
            }
            #expect(flood.count >= 200)
            let skill = content.appendingPathComponent("skills/news/headline-finder.md")
            try Data(
                "---\nname: Headline Finder\ngroup: News\nimage: images/headline.png\n---\nFresh news.\n".utf8
            ).write(to: skill)
            let page = folder.appendingPathComponent("Public/skills/news/headline-finder/index.html")
            var rebuilt = false
            for _ in 0..<200 where !rebuilt {
                try await Task.sleep(for: .milliseconds(100))
                rebuilt = (try? String(contentsOf: page, encoding: .utf8))?.contains("Fresh news.") == true
            }
            #expect(rebuilt, "\(printed())")
            #expect(!printed().contains("Too many open files"), "\(printed())")
            #expect(printed().contains("allows 64 connections at once"))
        }
    #endif

    @Test func theConnectionLimitLeavesDescriptorsForFiles() {
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 1024) == 1024 - OpenFileLimit.reserve)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 1_048_576) == 2048)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 100) == 1)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: nil) == 2048)
    }
}
