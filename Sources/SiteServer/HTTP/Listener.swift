import Hummingbird
import Logging

/// What `serve` and `collect` both set for their HTTP listener.
protocol Listener: Sendable {
    var host: String { get }
    /// 0 picks a free port (tests).
    var port: Int { get }
    var requestTimeout: Duration { get }
    var idleTimeout: Duration { get }
    var sendTimeout: Duration { get }
    var maxConnections: Int { get }
    var handlesSignals: Bool { get }
}

extension Listener {
    /// Answers with `router` until cancelled (or, with `handlesSignals`, until a signal), with the
    /// deadlines and the connection cap set. `opened` gets the host as a URL writes it (an IPv6
    /// address in brackets) and the bound port, once the port is open.
    func serve<Context: RequestContext>(
        _ router: Router<Context>, logger: Logger, say: (String) -> Void,
        opened: @escaping @Sendable (_ urlHost: String, _ port: Int) async -> Void
    ) async throws where Context.Source == ApplicationRequestContextSource {
        let host = host
        let port = port
        let app = Application(
            router: router,
            server: .http1(requestTimeout: requestTimeout, idleTimeout: idleTimeout, sendTimeout: sendTimeout),
            configuration: .listening(host: host, port: port, connections: maxConnections, logger: logger, say: say),
            onServerRunning: { channel in
                await opened(host.contains(":") ? "[\(host)]" : host, channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        try await GracefulRun.run(app, handlesSignals: handlesSignals, logger: logger)
    }
}
