import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with `ConnectionDeadline` placed right after the request
/// decoder. Hummingbird's `additionalChannelHandlers` go after its conversion to HTTP types,
/// which this target does not link; the decoder's own part types are enough for timing.
struct DeadlineHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let requestTimeout: TimeAmount
    let idleTimeout: TimeAmount
    let sendTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let requestTimeout = requestTimeout
        let idleTimeout = idleTimeout
        let sendTimeout = sendTimeout
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(
                ConnectionDeadline(requestTimeout: requestTimeout, idleTimeout: idleTimeout, sendTimeout: sendTimeout),
                position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with request, idle and send deadlines.
    static func http1(requestTimeout: Duration, idleTimeout: Duration, sendTimeout: Duration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            DeadlineHTTP1Channel(
                http1: HTTP1Channel(responder: responder), requestTimeout: TimeAmount(requestTimeout),
                idleTimeout: TimeAmount(idleTimeout), sendTimeout: TimeAmount(sendTimeout))
        }
    }
}

extension ApplicationConfiguration {
    /// Listening at `host:port`, with at most `connections` open at once, fewer under a low
    /// open-file limit (`OpenFileLimit.connectionCap`, which `say`s so).
    static func listening(
        host: String, port: Int, connections: Int, logger: Logger, say: (String) -> Void
    ) -> ApplicationConfiguration {
        let cap = OpenFileLimit.connectionCap(wanted: connections, say: say)
        return ApplicationConfiguration(
            address: .hostname(host, port: port), serverName: nil,
            availableConnectionsDelegate: MaximumAvailableConnections(cap, logger: logger))
    }
}
