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
            let sitegen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("sitegen")
            try #require(
                FileManager.default.isExecutableFile(atPath: sitegen.path), "no built sitegen beside the tests")
            let hard = try Self.openFileLimits(pid: "self").hard
            try #require(
                hard == "unlimited" || (Int(hard) ?? 0) > 512,
                "the hard open-file limit (\(hard)) leaves nothing to raise")

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sitegen-limit-\(UUID().uuidString)")
            try TestServer.writeContent(to: folder.appendingPathComponent("Content"), siteYAML: "title: Limits\n")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = folder.appendingPathComponent("serve.log")
            try Data().write(to: output)
            let log = try FileHandle(forWritingTo: output)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -Sn 512 && exec \"$0\" serve --content Content --output Public --port 0", sitegen.path,
            ]
            process.currentDirectoryURL = folder
            process.standardOutput = log
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
                try? log.close()
            }
            var serving = false
            for _ in 0..<300 where !serving {
                try await Task.sleep(for: .milliseconds(100))
                serving = (try? String(contentsOf: output, encoding: .utf8))?.contains("Serving ") == true
            }
            try #require(
                serving, "sitegen serve did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
            let limits = try Self.openFileLimits(pid: String(process.processIdentifier))
            #expect(limits.soft == hard)
        }
    #endif

    @Test func theConnectionLimitLeavesDescriptorsForFiles() {
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 1024) == 1024 - OpenFileLimit.reserve)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 1_048_576) == 2048)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: 100) == 1)
        #expect(OpenFileLimit.connections(wanted: 2048, openFiles: nil) == 2048)
    }
}
