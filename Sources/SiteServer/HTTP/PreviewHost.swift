import CatalogueModel
import Foundation
import Hummingbird
import NIOCore

/// The names `sitegen serve` answers for. A page on another site can make its own name resolve
/// to 127.0.0.1 (DNS rebinding) and then read the preview and post votes as if it were one of the
/// preview's pages; the browser still sends that name in `Host`. So the preview answers only
/// loopback names, IP addresses (which no other site's page can be at), the `--host` it was
/// started with, and, listening on every address, this machine's own names.
struct PreviewHost: Sendable {
    private let names: Set<String>

    /// - Parameter host: the address or name the server listens on (`--host`).
    init(listeningOn host: String, machineName: String = ProcessInfo.processInfo.hostName) {
        var names: Set<String> = ["localhost"]
        let listening = Self.normalized(host)
        if listening == "0.0.0.0" || listening == "::" || listening.isEmpty {
            let machine = Self.normalized(machineName)
            if !machine.isEmpty {
                let short = String(machine.prefix { $0 != "." })
                names.formUnion([machine, short, short + ".local"])
            }
        } else {
            names.insert(listening)
        }
        self.names = names
    }

    /// Whether a request whose `Host` is `authority` (`host[:port]`) is for the preview; a request
    /// without one (HTTP/1.0) comes from no browser and is answered.
    func allows(_ authority: String?) -> Bool {
        guard let authority else { return true }
        let host = Self.host(of: authority)
        if Self.isAddress(host) { return true }
        return names.contains(host) || host.hasSuffix(".localhost")
    }

    /// The host part of `host[:port]` or `[v6]:port`, lowercased, without a final dot.
    static func host(of authority: String) -> String {
        var text = Substring(authority)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return normalized(String(text)) }
            return "[" + normalized(String(text[text.index(after: text.startIndex)..<close])) + "]"
        }
        if let colon = text.lastIndex(of: ":") { text = text[..<colon] }
        return normalized(String(text))
    }

    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// An IPv4 address in dotted form, or a bracketed IPv6 one, as the rate limit reads them.
    private static func isAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && RateLimitKey.ipv6(String(host.dropFirst().dropLast())) != nil
        }
        return RateLimitKey.ipv4(Substring(host)) != nil
    }
}

/// Refuses, with 421 Misdirected Request, every request whose `Host` the preview does not answer for.
struct PreviewHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let host: PreviewHost

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard host.allows(request.head.authority) else {
            let named = VisibleText.clean(PreviewHost.host(of: request.head.authority ?? ""))
            return Response(
                status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string:
                            "sitegen serve answers only for localhost, IP addresses and the name given to --host, not for \(named)\n"
                    )))
        }
        return try await next(request, context)
    }
}
