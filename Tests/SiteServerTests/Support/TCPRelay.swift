import Databases
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A TCP relay on 127.0.0.1 to a real server, which a test can cut (every connection closed and
/// the port refusing, as a stopped server's) and mend (the same port listening again): a database
/// outage for one test while the other tests keep the shared server.
final class TCPRelay: Sendable {
    let port: Int
    private let target: (host: String, port: Int)
    private let state = Mutex<(listener: (any Channel)?, open: [any Channel])>((nil, []))

    private init(port: Int, target: (host: String, port: Int)) {
        self.port = port
        self.target = target
    }

    static func start(to host: String, port: Int) async throws -> TCPRelay {
        let probe = try await TCPRelay.listen(port: 0, relay: nil, target: (host, port))
        let chosen = probe.localAddress?.port ?? 0
        try await probe.close()
        let relay = TCPRelay(port: chosen, target: (host, port))
        try await relay.mend()
        return relay
    }

    /// A relay to the PostgreSQL server at `address`, and the address that reaches it through the relay.
    static func start(toPostgres address: PostgresAddress) async throws -> (TCPRelay, PostgresAddress) {
        let relay = try await start(to: address.host, port: address.port)
        var relayed = address
        relayed.host = "127.0.0.1"
        relayed.port = relay.port
        return (relay, relayed)
    }

    /// Closes the port and every relayed connection.
    func cut() async {
        let (listener, open) = state.withLock { state in
            defer { state = (nil, []) }
            return state
        }
        try? await listener?.close()
        for channel in open { try? await channel.close() }
    }

    /// Listens on the same port again.
    func mend() async throws {
        let listener = try await Self.listen(port: port, relay: self, target: target)
        state.withLock { $0.listener = listener }
    }

    private func keep(_ channel: any Channel) {
        state.withLock { $0.open.append(channel) }
    }

    private static func listen(port: Int, relay: TCPRelay?, target: (host: String, port: Int)) async throws
        -> any Channel
    {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                relay?.keep(inbound)
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: target.host, port: target.port)
                    .flatMap { outbound in
                        relay?.keep(outbound)
                        return inbound.eventLoop.makeCompletedFuture {
                            try inbound.pipeline.syncOperations.addHandler(Forward(to: outbound))
                            try outbound.pipeline.syncOperations.addHandler(Forward(to: inbound))
                        }
                    }
            }
            .bind(host: "127.0.0.1", port: port)
            .get()
    }

    /// Hands every byte read to the other side; closing either closes both.
    private final class Forward: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let other: any Channel
        init(to other: any Channel) { self.other = other }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let channel = context.channel
            other.writeAndFlush(unwrapInboundIn(data)).whenFailure { _ in channel.close(promise: nil) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            other.close(promise: nil)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
