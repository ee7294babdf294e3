/// At most `count` requests per `period` from one client: a token bucket per client address,
/// full at first, refilled evenly over the period, so a burst of `count` passes and then one
/// request every `period / count`.
struct RateLimit: Sendable, Equatable {
    var count: Int
    var period: Duration

    /// `20/min`, `5/s`, `300/h` (also `sec`, `second`, `minute`, `hour`).
    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0].trimmingCharacters(in: .whitespaces)), count > 0 else {
            return nil
        }
        switch parts[1].trimmingCharacters(in: .whitespaces) {
        case "s", "sec", "second": period = .seconds(1)
        case "min", "minute": period = .seconds(60)
        case "h", "hour": period = .seconds(3600)
        default: return nil
        }
        self.count = count
    }

    init(count: Int, period: Duration) {
        self.count = count
        self.period = period
    }

    static let usage = "a count per second, minute or hour, like 20/min, 5/s or 300/h; or off"
}

/// The buckets of every client seen lately. Clients whose bucket has filled up again are
/// forgotten when the table grows, so a flood of addresses cannot grow it without bound.
actor RateLimiter {
    typealias Instant = ContinuousClock.Instant

    let limit: RateLimit
    private var buckets: [String: Bucket] = [:]
    private let forgetAbove: Int

    private struct Bucket {
        var tokens: Double
        var updated: Instant
    }

    init(_ limit: RateLimit, forgetAbove: Int = 10_000) {
        self.limit = limit
        self.forgetAbove = forgetAbove
    }

    /// Takes one request from `client`'s bucket: nil when it may go ahead, else the whole seconds
    /// to wait before the next one will (for `Retry-After`).
    func admit(_ client: String, at now: Instant = .now) -> Int? {
        let perSecond = Double(limit.count) / Self.seconds(limit.period)
        var bucket = buckets[client] ?? Bucket(tokens: Double(limit.count), updated: now)
        bucket.tokens = min(
            Double(limit.count), bucket.tokens + Self.seconds(bucket.updated.duration(to: now)) * perSecond)
        bucket.updated = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            buckets[client] = bucket
            if buckets.count > forgetAbove { forgetRefilled(at: now) }
            return nil
        }
        buckets[client] = bucket
        return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
    }

    var clients: Int { buckets.count }

    private func forgetRefilled(at now: Instant) {
        buckets = buckets.filter { $0.value.updated.duration(to: now) < limit.period }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
