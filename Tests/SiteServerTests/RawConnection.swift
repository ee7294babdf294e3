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

    static func open(port: Int) async throws -> RawConnection {
        let received = Received()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
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
