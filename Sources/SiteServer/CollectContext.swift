import Hummingbird
import NIOCore

/// A request of `sitegen collect`: the socket's address, and the client the request is counted
/// against (set by `RequestLogMiddleware`, which runs first).
struct CollectContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    var client = "unknown"

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
