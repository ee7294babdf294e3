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

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let requestTimeout = requestTimeout
        let idleTimeout = idleTimeout
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(
                ConnectionDeadline(requestTimeout: requestTimeout, idleTimeout: idleTimeout), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with request and idle deadlines.
    static func http1(requestTimeout: Duration, idleTimeout: Duration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            DeadlineHTTP1Channel(
                http1: HTTP1Channel(responder: responder), requestTimeout: TimeAmount(requestTimeout),
                idleTimeout: TimeAmount(idleTimeout))
        }
    }
}
