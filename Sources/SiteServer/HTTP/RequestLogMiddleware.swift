import Hummingbird

/// One line per request: method, path (never the query, which may hold what a visitor searched
/// for), status, time taken, and a keyed hash of the client address; never a voter id.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = CollectContext
    /// The proxy's client header (`--trusted-proxy`), lowercased, or nil.
    let trustedHeader: String?
    let say: @Sendable (String) -> Void

    func handle(
        _ request: Request, context: CollectContext,
        next: (Request, CollectContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let values =
            trustedHeader.map { name in request.headers.filter { $0.name.canonicalName == name }.map(\.value) } ?? []
        context.client = ClientAddress.of(
            socket: context.remoteAddress, trustedHeader: trustedHeader, headerValues: values)
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, client: context.client, since: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, status: status, client: context.client, since: started)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, client: String, since started: ContinuousClock.Instant) {
        let milliseconds = RateLimiter.seconds(started.duration(to: .now)) * 1000
        say(
            "\(request.method.rawValue) \(VoteCheck.shown(request.uri.path)) \(status) "
                + String(format: "%.1f", milliseconds) + " ms client \(ClientAddress.logName(client))")
    }
}
