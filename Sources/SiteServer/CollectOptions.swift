import SiteAssembly
import VoteStore

/// What `sitegen collect` is asked to do.
package struct CollectOptions: Listener {
    /// The catalogue the votes are for; `output` only matters when `rebuildsPages`.
    package var build: BuildOptions
    /// `--output` was given: the service keeps the pages there counting the votes.
    package var rebuildsPages: Bool
    /// Loopback by default: a deployed service sits behind a reverse proxy on the same machine.
    package var host: String
    /// 0 picks a free port (tests).
    package var port: Int
    package var database: VoteDatabase
    /// The header a reverse proxy names the client in (`X-Forwarded-For`); nil: the socket's address.
    package var trustedProxyHeader: String?
    /// Per client address; nil: no limit.
    package var rateLimit: RateLimitSetting?
    package var maxBodyBytes: Int
    /// With `rebuildsPages`, the longest a voter's 303 waits for the rebuild that counts the vote.
    package var pageWait: Duration
    /// Stop on SIGINT and SIGTERM (the command line); tests stop the service by cancelling it.
    package var handlesSignals: Bool
    package var requestTimeout: Duration
    package var idleTimeout: Duration
    /// Time a response may wait for the client to read any of it.
    package var sendTimeout: Duration = .seconds(10)
    /// Connections open at once, lowered to leave the rebuilds their descriptors (`OpenFileLimit`).
    package var maxConnections = 2048

    package init(
        build: BuildOptions, rebuildsPages: Bool, database: VoteDatabase, host: String = "127.0.0.1", port: Int = 8080,
        trustedProxyHeader: String? = nil, rateLimit: RateLimitSetting? = RateLimitSetting("20/min"),
        maxBodyBytes: Int = 4096,
        pageWait: Duration = .seconds(3), handlesSignals: Bool = false,
        requestTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30)
    ) {
        self.build = build
        self.rebuildsPages = rebuildsPages
        self.database = database
        self.host = host
        self.port = port
        self.trustedProxyHeader = trustedProxyHeader
        self.rateLimit = rateLimit
        self.maxBodyBytes = maxBodyBytes
        self.pageWait = pageWait
        self.handlesSignals = handlesSignals
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
    }
}

/// `--rate-limit` as given: `20/min`.
package struct RateLimitSetting: Sendable, Equatable {
    let limit: RateLimit

    /// nil when `text` is not a rate (see `usage`).
    package init?(_ text: String) {
        guard let limit = RateLimit(text) else { return nil }
        self.limit = limit
    }

    package static var usage: String { RateLimit.usage }
}
