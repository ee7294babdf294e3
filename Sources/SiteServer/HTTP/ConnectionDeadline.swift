import NIOCore
import NIOHTTP1

/// Closes a connection that holds the server without using it: a request (head and body) must
/// arrive within `requestTimeout` of its first byte, a new connection must send its first request
/// within the same time, and a connection waiting for its next request is closed after
/// `idleTimeout`. A response being worked out is not timed; one being sent is closed when the
/// client reads nothing of it for `sendTimeout` (the channel stays unwritable that long), so a
/// client that asks for a large file and never reads cannot hold its connection.
///
/// Hummingbird's own `idleTimeout` restarts on every request part it reads, so a client that
/// sends a body a byte at a time keeps its connection for ever, and it cannot tell a quiet
/// keep-alive connection from one dribbling a head. This handler sits right after the HTTP/1
/// decoder, where it sees both decoded parts and every read.
final class ConnectionDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let requestTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let sendTimeout: TimeAmount
    /// A request has begun (its first bytes, or the connection opened) and its end has not arrived.
    private var reading = false
    /// Requests read to their end whose responses have not been sent to their end.
    private var unanswered = 0
    /// Whether the current read delivered any request part; a read that did not was a partial head.
    private var decodedThisRead = false
    private var started = false
    private var timer: Scheduled<Void>?
    /// Runs while the channel is unwritable: the client has stopped taking what is sent.
    private var sendTimer: Scheduled<Void>?

    init(requestTimeout: TimeAmount, idleTimeout: TimeAmount, sendTimeout: TimeAmount) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.sendTimeout = sendTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimers()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimers()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        sendTimer?.cancel()
        sendTimer = nil
        if !context.channel.isWritable {
            sendTimer = context.eventLoop.assumeIsolated().scheduleTask(in: sendTimeout) {
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        decodedThisRead = true
        switch unwrapInboundIn(data) {
        case .head:
            if !reading { beginRequest(context) }
        case .body:
            break
        case .end:
            reading = false
            unanswered += 1
            arm(context, after: nil)
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes came in but no part was decoded: the first bytes of a head. Its clock starts now
        // and does not restart with every further byte.
        if !decodedThisRead, !reading { beginRequest(context) }
        decodedThisRead = false
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, !reading { arm(context, after: idleTimeout) }
        }
        context.write(data, promise: promise)
    }

    private func stopTimers() {
        timer?.cancel()
        timer = nil
        sendTimer?.cancel()
        sendTimer = nil
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        beginRequest(context)
    }

    private func beginRequest(_ context: ChannelHandlerContext) {
        reading = true
        arm(context, after: requestTimeout)
    }

    /// Replaces the running timer; nil leaves the connection untimed.
    private func arm(_ context: ChannelHandlerContext, after delay: TimeAmount?) {
        timer?.cancel()
        timer = delay.map { delay in
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                context.close(promise: nil)
            }
        }
    }
}
