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
            guard let n = v.integer, n >= 0 else {
                let message =
                    v.beyondIntegerSign == .plus
                    ? tooLarge(key, short(v))
                    : "`\(key)` must be a whole number ≥ 0, found \(short(v))"
                log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], message))
                ok = false
                continue
            }
            guard n <= InputLimits.ratingCount else {
                log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], tooLarge(key, n.grouped)))
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
            guard let n = value.integer else {
                let message =
                    switch value.beyondIntegerSign {
                    case .plus?: tooLarge(key, short(value))
                    case .minus?: negative(key, short(value))
                    case nil: "`\(key)` must be a whole number, found \(short(value))"
                    }
                log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], message))
                ok = false
                continue
            }
            guard n >= 0 else {
                log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], negative(key, String(n))))
                ok = false
                continue
            }
            guard n <= InputLimits.ratingCount else {
                log.append(JSONLocator.error(path, text: text, keyPath: keyPath + [key], tooLarge(key, n.grouped)))
                ok = false
                continue
            }
            counts[stars] = n
        }
        return ok ? counts : nil
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
