import CatalogueModel

/// SUSI's stars object (`{"one_star":0,…}`) and rating object (`{"positive":"12","stars":{…}}`).
/// Counts may be numbers or numeric strings; `total_star` and `avg_star` are ignored and
/// recomputed, because SUSI's stored values are rounded or stale.
enum RatingObject {
    static let ignoredKeys: Set<String> = ["total_star", "avg_star"]

    static func isStarsObject(_ object: [String: JSONValue]) -> Bool {
        StarCounts.susiKeys.contains { object[$0.key] != nil }
    }

    static func isRatingObject(_ object: [String: JSONValue]) -> Bool {
        isStarsObject(object) || object["stars"] != nil || object["positive"] != nil || object["negative"] != nil
            || object["feedback_count"] != nil
    }

    package static func tally(
        _ value: JSONValue, keyPath: [String], text: String, path: String,
        _ log: inout DiagnosticLog
    ) -> RatingTally? {
        guard let object = value.object else {
            log.append(
                JSONLocator.error(path, text: text, keyPath: keyPath, "a rating must be an object, not \(value.kind)"))
            return nil
        }
        var tally = RatingTally()
        var ok = true
        if isStarsObject(object) {
            guard let stars = counts(object, keyPath: keyPath, text: text, path: path, &log) else { return nil }
            tally.stars = stars
        } else if let starsValue = object["stars"], !starsValue.isNull {
            guard let starsObject = starsValue.object else {
                log.append(
                    JSONLocator.error(
                        path, text: text, keyPath: keyPath + ["stars"],
                        "`stars` must be an object like {\"one_star\": 0, …}"))
                return nil
            }
            guard let stars = counts(starsObject, keyPath: keyPath + ["stars"], text: text, path: path, &log) else {
                return nil
            }
            tally.stars = stars
        }
        for key in ["positive", "negative", "feedback_count", "bookmark_count"] {
            guard let v = object[key], !v.isNull else { continue }
            guard let n = count(v, key: key, saysNegative: false, at: keyPath, text, path, &log) else {
                ok = false
                continue
            }
            switch key {
            case "positive": tally.positive = n
            case "negative": tally.negative = n
            case "feedback_count": tally.feedbackCount = n
            default: tally.bookmarkCount = n
            }
        }
        return ok ? tally : nil
    }

    package static func counts(
        _ object: [String: JSONValue], keyPath: [String], text: String, path: String,
        _ log: inout DiagnosticLog
    ) -> StarCounts? {
        var counts = StarCounts()
        var ok = true
        for (key, stars) in StarCounts.susiKeys {
            guard let value = object[key], !value.isNull else { continue }
            guard let n = count(value, key: key, saysNegative: true, at: keyPath, text, path, &log) else {
                ok = false
                continue
            }
            counts[stars] = n
        }
        return ok ? counts : nil
    }

    /// A count from 0 to the input limit, or nil after logging what is wrong at `keyPath + [key]`. Star
    /// counts say a negative is one (`saysNegative`); the other counts ask for a number ≥ 0.
    private static func count(
        _ value: JSONValue, key: String, saysNegative: Bool, at keyPath: [String], _ text: String, _ path: String,
        _ log: inout DiagnosticLog
    ) -> Int? {
        func problem(_ message: String) {
            log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], message))
        }
        guard let n = value.integer, n >= 0 else {
            let wanted = "`\(key)` must be a whole number\(saysNegative ? "" : " ≥ 0"), found \(short(value))"
            let message =
                switch (value.integer, value.beyondIntegerSign) {
                case (nil, .plus?): tooLarge(key, short(value))
                case (nil, .minus?) where saysNegative: negative(key, short(value))
                case (let n?, _) where saysNegative: negative(key, String(n))
                default: wanted
                }
            problem(message)
            return nil
        }
        guard n <= InputLimits.ratingCount else {
            problem(tooLarge(key, n.grouped))
            return nil
        }
        return n
    }

    package static func tooLarge(_ key: String, _ shown: String) -> String {
        "`\(key)` is \(shown); the limit is \(InputLimits.ratingCount.grouped)"
    }

    package static func negative(_ key: String, _ shown: String) -> String {
        "`\(key)` is \(shown); a count cannot be negative"
    }

    static func short(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "\"\(s.prefix(20))\""
        case .number(let d): d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        default: value.kind
        }
    }
}
