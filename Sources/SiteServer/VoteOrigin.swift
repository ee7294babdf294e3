import Foundation

/// Whether a vote comes from the site's own pages. Without this check any web page the voter
/// has open could post votes to the preview on their behalf. Browsers say where a request comes
/// from in `Sec-Fetch-Site` (newer) or `Origin`; a request with neither (curl, a script, a test)
/// comes from no page at all and is let through.
enum VoteOrigin {
    /// Why the request is refused, or nil when it is from the site itself.
    /// - Parameters:
    ///   - scheme: the request's own scheme (`http` for the preview).
    ///   - authority: the request's `Host` header, `host[:port]`.
    static func refusal(fetchSite: String?, origin: String?, scheme: String, authority: String?) -> String? {
        if let fetchSite {
            let site = fetchSite.trimmingCharacters(in: .whitespaces).lowercased()
            // `none`: the person typed the address or used a bookmark.
            guard site == "same-origin" || site == "none" else {
                return "votes are taken only from this site's own pages (the browser says this one comes from a \(VoteCheck.shown(site)) page)"
            }
            return nil
        }
        guard let origin else { return nil }
        guard let authority, let own = Endpoint("\(scheme)://\(authority)"), let from = Endpoint(origin), own == from else {
            return "votes are taken only from this site's own pages, not from \(VoteCheck.shown(origin))"
        }
        return nil
    }

    /// Scheme, host and port, with the scheme's default port filled in.
    struct Endpoint: Equatable {
        var scheme: String
        var host: String
        var port: Int

        init?(_ text: String) {
            guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(), let host = parts.host?.lowercased(),
                  !host.isEmpty, parts.path.isEmpty || parts.path == "/", parts.query == nil, parts.user == nil else { return nil }
            guard let port = parts.port ?? (scheme == "http" ? 80 : scheme == "https" ? 443 : nil) else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
        }
    }
}
