import NIOCore

/// Who sent a request, for the rate limit and the log. Behind a reverse proxy every request comes
/// from the proxy, so the client is named by a header the proxy sets; that header is read only
/// when configured, since any client can send it to a service facing the internet directly.
enum ClientAddress {
    /// - Parameters:
    ///   - trustedHeader: the proxy's header (`X-Forwarded-For`, `X-Real-IP`), or nil to use the socket.
    ///   - headerValues: every value of that header in the request, in order.
    /// Of a list (`client, proxy1`), the last entry is the one the trusted proxy added: the
    /// earlier ones came from the client and prove nothing.
    static func of(socket: SocketAddress?, trustedHeader: String?, headerValues: [String]) -> String {
        if trustedHeader != nil {
            let entries = headerValues.flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if let last = entries.last(where: { !$0.isEmpty }) { return last }
            // The proxy should always set it; without it all such requests share one bucket.
            return "unknown (no \(trustedHeader ?? "") header)"
        }
        return socket?.ipAddress ?? "unknown"
    }

    /// A short keyed hash of `address` for the log: the same client reads the same within one run
    /// of the service, but the address cannot be read back. The key is the process's random hash
    /// seed, so lines of two runs cannot be joined either.
    static func logName(_ address: String) -> String {
        var hasher = Hasher()
        hasher.combine(address)
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        let hex = String(value >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
