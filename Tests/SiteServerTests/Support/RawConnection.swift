import Foundation
import NIOCore
import NIOPosix

/// A TCP connection to the server on 127.0.0.1 that stays open until told otherwise or until the
/// server closes it: for clients that hold connections (idle, slow, many). What the server
/// sends is collected as it arrives.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let received: Received

    private init(channel: any Channel, received: Received) {
        self.channel = channel
        self.received = received
    }

    /// - Parameter reading: false makes a client that reads nothing until `startReading`, with a
    ///   4 KB receive buffer: the server's answer piles up on its side.
    static func open(port: Int, reading: Bool = true) async throws -> RawConnection {
        let received = Received()
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if !reading {
            bootstrap = bootstrap.channelOption(.autoRead, value: false)
                .channelOption(.socketOption(.so_rcvbuf), value: 4096)
        }
        let channel =
            try await bootstrap
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(received: received))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        return RawConnection(channel: channel, received: received)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Everything the server has sent so far.
    var text: String { received.text }

    /// How many bytes the server has sent so far.
    var byteCount: Int { received.count }

    /// Takes in what the server sends from now on (for a client opened without `reading`).
    /// The server may have closed the connection already: then there is nothing more to read.
    func startReading() async {
        try? await channel.setOption(.autoRead, value: true).get()
        channel.read()
    }

    /// False once either side closed the connection.
    var isOpen: Bool { channel.isActive }

    func close() async {
        try? await channel.close().get()
    }

    /// Waits, polling every 100 ms at most `attempts` times, until the server has closed the
    /// connection; true if it did.
    func closedByServer(attempts: Int = 200) async -> Bool {
        for _ in 0..<attempts {
            if !isOpen { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return !isOpen
    }

    /// Waits the same way for a complete response head from the server.
    func answered(attempts: Int = 200) async -> Bool {
        for _ in 0..<attempts {
            if text.contains("\r\n\r\n") { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return text.contains("\r\n\r\n")
    }

    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []

        func append(_ buffer: ByteBuffer) {
            lock.lock()
            bytes += buffer.readableBytesView
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: bytes, as: UTF8.self)
        }

        var count: Int { lock.withLock { bytes.count } }
    }

    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let received: Received

        init(received: Received) {
            self.received = received
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received.append(unwrapInboundIn(data))
        }
    }
}
