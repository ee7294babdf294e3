import Foundation
import Testing

@testable import SiteServer

/// `Range` requests, as raw requests against a real server and as the parsing behind them.
@Suite struct ByteRangeTests {
    static let letters = "abcdefghijklmnopqrstuvwxyz"

    struct Case: Sendable, CustomStringConvertible {
        var range: String
        var status: Int
        var contentRange: String?
        var body: String
        var description: String { range }
    }

    static let cases: [Case] = [
        Case(range: "bytes=0-4", status: 206, contentRange: "bytes 0-4/26", body: "abcde"),
        Case(range: "bytes=-5", status: 206, contentRange: "bytes 21-25/26", body: "vwxyz"),
        Case(range: "bytes=5-", status: 206, contentRange: "bytes 5-25/26", body: String(letters.dropFirst(5))),
        Case(range: "bytes=20-100", status: 206, contentRange: "bytes 20-25/26", body: "uvwxyz"),
        Case(range: "bytes=-100", status: 206, contentRange: "bytes 0-25/26", body: letters),
        Case(range: "bytes=25-25", status: 206, contentRange: "bytes 25-25/26", body: "z"),
        Case(range: "Bytes = 1-2 ", status: 206, contentRange: "bytes 1-2/26", body: "bc"),
        Case(range: "bytes=999999-", status: 416, contentRange: "bytes */26", body: ""),
        Case(range: "bytes=26-30", status: 416, contentRange: "bytes */26", body: ""),
        Case(range: "bytes=99999999999999999999999-", status: 416, contentRange: "bytes */26", body: ""),
        Case(range: "bytes=-0", status: 416, contentRange: "bytes */26", body: ""),
        Case(range: "bytes=5-2", status: 200, contentRange: nil, body: letters),
        Case(range: "bytes=0-1,3-4", status: 200, contentRange: nil, body: letters),
        Case(range: "bytes=abc", status: 200, contentRange: nil, body: letters),
        Case(range: "bytes=-", status: 200, contentRange: nil, body: letters),
        Case(range: "bytes=+1-2", status: 200, contentRange: nil, body: letters),
        Case(range: "lines=0-4", status: 200, contentRange: nil, body: letters),
        Case(range: "0-4", status: 200, contentRange: nil, body: letters),
    ]

    @Test func rangeRequestsGetExactAnswers() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            try Data(Self.letters.utf8).write(to: server.output.appendingPathComponent("letters.txt"))
            for item in Self.cases {
                let response = try await RawHTTP.send(
                    "GET /letters.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: \(item.range)\r\nConnection: close\r\n\r\n",
                    port: server.port)
                #expect(response.status == item.status, "\(item.range)")
                #expect(response.header("Content-Range") == item.contentRange, "\(item.range)")
                #expect(response.header("Content-Length") == String(item.body.utf8.count), "\(item.range)")
                #expect(response.body == item.body, "\(item.range)")
            }
        }
    }

    @Test func headAndStaleIfRangeGetTheWholeFile() async throws {
        try await TestServer.run { (server: TestServer) async throws in
            try Data(Self.letters.utf8).write(to: server.output.appendingPathComponent("letters.txt"))
            let head = try await RawHTTP.send(
                "HEAD /letters.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=-5\r\nConnection: close\r\n\r\n",
                port: server.port)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "26")
            #expect(head.header("Content-Range") == nil)

            let stale = try await RawHTTP.send(
                "GET /letters.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-4\r\nIf-Range: Wed, 21 Oct 2015 07:28:00 GMT\r\nConnection: close\r\n\r\n",
                port: server.port)
            #expect(stale.status == 200)
            #expect(stale.body == Self.letters)

            let lastModified = try #require(head.header("Last-Modified"))
            let current = try await RawHTTP.send(
                "GET /letters.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-4\r\nIf-Range: \(lastModified)\r\nConnection: close\r\n\r\n",
                port: server.port)
            #expect(current.status == 206)
            #expect(current.body == "abcde")

            let missing = try await RawHTTP.send(
                "GET /nothing.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-4\r\nConnection: close\r\n\r\n",
                port: server.port)
            #expect(missing.status == 404)
        }
    }

    @Test func anEmptyFileHasNoSatisfiableRange() {
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-5", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-5", size: 3) == .satisfiable(0...2))
        #expect(ByteRange(header: "bytes=0-0, ", size: 3) == .satisfiable(0...0))
        #expect(ByteRange(header: "bytes=0-0,1-1", size: 3) == .ignored)
    }
}
