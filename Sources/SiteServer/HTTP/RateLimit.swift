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

/// The buckets of every client seen lately. A bucket untouched for a whole period is full again,
/// the same as none, so it is forgotten then: the table holds only the clients of the last period,
/// and forgetting costs each request a constant share (a queue of when each bucket was touched,
/// looked at from its oldest end), however many clients there are.
actor RateLimiter {
    typealias Instant = ContinuousClock.Instant

    let limit: RateLimit
    private var buckets: [String: Bucket] = [:]
    /// Every admission's bucket and time, oldest first, from `expiryStart`.
    private var touched: [(key: String, at: Instant)] = []
    private var expiryStart = 0

    private struct Bucket {
        var tokens: Double
        var updated: Instant
    }

    init(_ limit: RateLimit) {
        self.limit = limit
    }

    /// Takes one request from `client`'s bucket: nil when it may go ahead, else the whole seconds
    /// to wait before the next one will (for `Retry-After`). `client` is the address as the socket
    /// or the proxy wrote it; `RateLimitKey` says which bucket it counts against.
    func admit(_ client: String, at now: Instant = .now) -> Int? {
        forgetFull(at: now)
        let key = RateLimitKey.of(client)
        let perSecond = Double(limit.count) / Self.seconds(limit.period)
        var bucket = buckets[key] ?? Bucket(tokens: Double(limit.count), updated: now)
        bucket.tokens = min(
            Double(limit.count), bucket.tokens + Self.seconds(bucket.updated.duration(to: now)) * perSecond)
        bucket.updated = now
        buckets[key] = bucket
        touched.append((key, now))
        if bucket.tokens >= 1 {
            buckets[key]?.tokens -= 1
            return nil
        }
        return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
    }

    var clients: Int { buckets.count }

    private func forgetFull(at now: Instant) {
        while expiryStart < touched.count, touched[expiryStart].at.duration(to: now) >= limit.period {
            let (key, at) = touched[expiryStart]
            // Touched since: a later entry of the queue is its own.
            if buckets[key]?.updated == at { buckets[key] = nil }
            expiryStart += 1
        }
        if expiryStart > 1024 && expiryStart * 2 > touched.count {
            touched.removeFirst(expiryStart)
            expiryStart = 0
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
