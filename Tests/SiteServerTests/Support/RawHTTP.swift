import Foundation
import NIOCore
import NIOPosix

/// A deliberately dumb HTTP/1.1 client over a raw socket: it sends exactly the bytes it is given
/// (`..` in paths, broken bodies, lying headers), so the tests see what a hostile client would.
/// Loopback only; every exchange is bounded by a timeout.
enum RawHTTP {
    struct Response: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func get(_ path: String, port: Int, method: String = "GET") async throws -> Response {
        try await send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
    }

    /// - Parameters:
    ///   - contentType: nil sends none.
    ///   - headers: more header lines, each `Name: value`.
    static func post(
        _ path: String, body: String, port: Int, contentType: String? = "application/x-www-form-urlencoded",
        headers: [String] = []
    ) async throws -> Response {
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for header in headers { head += header + "\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        return try await send(head + body, port: port)
    }

    static func send(_ request: String, port: Int, timeout: Duration = .seconds(30)) async throws -> Response {
        let bytes = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            group.addTask { try await exchange(Array(request.utf8), port: port) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure(description: "no complete answer within \(timeout)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw Failure(description: "no answer") }
            return first
        }
        return try parse(bytes)
    }

    static func exchange(_ request: [UInt8], port: Int) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: request))
            var received: [UInt8] = []
            // `Connection: close`: the server ends the exchange by closing.
            for try await chunk in inbound { received += chunk.readableBytesView }
            return received
        }
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "no header end in: \(text.prefix(200))")
        }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line: \(lines.first ?? "")")
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = String(text[split.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }
        ) {
            body = dechunk(body)
        }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ text: String) -> String {
        var rest = Substring(text)
        var out = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let utf8 = rest.utf8
            guard let end = utf8.index(start, offsetBy: size, limitedBy: utf8.endIndex) else { break }
            out += String(rest[start..<end])
            rest = rest[end...].dropFirst(2)
        }
        return out
    }
}
