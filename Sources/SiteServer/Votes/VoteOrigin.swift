import Foundation

/// Whether a vote comes from the site's own pages. Without this check any web page the voter
/// has open could post votes on their behalf. Browsers say where a request comes from in
/// `Sec-Fetch-Site` (newer), `Origin` and `Referer`; a request with none of them (curl, a script,
/// a test) comes from no page at all and is let through.
enum VoteOrigin {
    /// `sitegen serve`'s rule: the pages are the preview's own, at the request's scheme and `Host`.
    /// - Parameters:
    ///   - scheme: the request's own scheme (`http` for the preview).
    ///   - authority: the request's `Host` header, `host[:port]`.
    static func refusal(fetchSite: String?, origin: String?, scheme: String, authority: String?) -> String? {
        refusal(
            fetchSite: fetchSite, origin: origin, referer: nil,
            site: authority.flatMap { Endpoint("\(scheme)://\($0)") })
    }

    /// Why the request is refused, or nil when it comes from a page of `site` (nil: no origin is
    /// the site's, so any page is refused). `sitegen collect` passes the base URL's origin: behind a
    /// proxy the request's `Host` says nothing about where the pages are.
    ///
    /// In order: a browser that says `cross-site` is believed over a matching `Origin`; an `Origin`
    /// must be the site's; `same-origin` and `none` (typed address, bookmark) are the site; a
    /// `Referer` must be on the site (a GET form sends no `Origin`); a browser that says anything
    /// else (`same-site`) without either is refused.
    static func refusal(fetchSite: String?, origin: String?, referer: String?, site: Endpoint?) -> String? {
        let fetch = fetchSite.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let fetch, fetch == "cross-site" { return fromOtherSite(fetch) }
        if let origin {
            guard let site, let from = Endpoint(origin), from == site else {
                return "votes are taken only from this site's own pages, not from \(VoteCheck.shown(origin))"
            }
            return nil
        }
        if let fetch, fetch == "same-origin" || fetch == "none" { return nil }
        if let referer {
            guard let site, let from = Endpoint(pageURL: referer), from == site else {
                return "votes are taken only from this site's own pages, not from \(VoteCheck.shown(referer))"
            }
            return nil
        }
        if let fetch { return fromOtherSite(fetch) }
        return nil
    }

    private static func fromOtherSite(_ fetch: String) -> String {
        "votes are taken only from this site's own pages (the browser says this one comes from a \(VoteCheck.shown(fetch)) page)"
    }

    /// Scheme, host and port, with the scheme's default port filled in.
    struct Endpoint: Equatable, Sendable {
        var scheme: String
        var host: String
        var port: Int

        /// An origin: `scheme://host[:port]`, nothing after it but a `/`.
        init?(_ text: String) {
            guard let parts = URLComponents(string: text), parts.path.isEmpty || parts.path == "/", parts.query == nil
            else { return nil }
            self.init(parts)
        }

        /// The origin of a page's whole URL (a `Referer`, a base URL).
        init?(pageURL text: String) {
            guard let parts = URLComponents(string: text) else { return nil }
            self.init(parts)
        }

        private init?(_ parts: URLComponents) {
            guard let scheme = parts.scheme?.lowercased(), let host = parts.host?.lowercased(), !host.isEmpty,
                parts.user == nil
            else { return nil }
            guard let port = parts.port ?? (scheme == "http" ? 80 : scheme == "https" ? 443 : nil) else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
        }
    }
}
