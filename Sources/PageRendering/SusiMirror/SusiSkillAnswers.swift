import CatalogueModel

extension SusiMirror {
    /// The answers about one skill, named by `model`, `group`, `language` and `skill` as SUSI's
    /// skill page asks for them (susi.ai `SkillListing.js:118-126`).
    func perSkill(_ endpoint: SusiEndpoint, _ query: SusiQuery) -> SusiAnswer {
        let skill = query.given("skill")
        if endpoint == .getSkillMetadata,
            query.given("model") == nil || query.given("group") == nil || query.given("language") == nil
                || skill == nil
        {
            // GetSkillMetadataService.java:66-71: every part is required, and the refusal is a 200.
            return SusiAnswer(
                .object([("accepted", .bool(false)), ("message", .string("Error: Bad parameter call"))]))
        }
        guard let skill else {
            return .refusal(400, "`skill` is missing: ?model=general&group=…&language=en&skill=<skill tag>")
        }
        if skill.contains("/") || skill.contains("\\") || skill == ".." || skill == "." {
            return .refusal(400, "`skill` is a skill's tag, not a path")
        }
        // SkillQueryParser.java:9-16: the defaults of every servlet but the metadata's.
        guard
            let place = self.entry(
                model: query.given("model") ?? "general", group: query.given("group") ?? "Knowledge",
                language: query.given("language") ?? "en", skill: skill)
        else {
            // SkillQuery.java:91 (`APIException(404, "Skill does not exist.")`), as JSON.
            return .refusal(404, "Skill does not exist.")
        }
        let entry = catalogue.entries[place]
        // The servlets echo the parameter as they were sent it (GetRatingsOverTime.java:77-93).
        let name: JSONOutput = .string(skill)
        switch endpoint {
        case .getRatingsOverTime: return ratingsOverTime(entry, name: name)
        case .getSkillFeedback: return feedback(entry, name: name)
        case .getSkillUsage, .getCountryWiseSkillUsage, .getDeviceWiseSkillUsage:
            // SUSI logs each use by day, country and device (SusiCognition.java:221-328); a
            // catalogue has at most a total, `usage_count` in the skill's object.
            let message =
                entry.skill.usageCount == 0
                ? "Skill has not been used yet" : "This mirror has no usage by day, country or device"
            return SusiAnswer(
                .object([("skill_name", name), ("accepted", .bool(false)), ("message", .string(message))]))
        default:
            return SusiAnswer(
                .object([
                    ("skill_metadata", objects[place]), ("accepted", .bool(true)),
                    ("message", .string("Success: Fetched Skill's Metadata")),
                ]))
        }
    }

    /// `getRatingsOverTime.json` (GetRatingsOverTime.java:77-93): one item per calendar month
    /// with dated votes, `{rating: the month's average, count, timestamp: its first dated day}`,
    /// as SUSI's rating servlet keeps them (FiveStarRateSkillService.java:151-209); from the votes
    /// the skill page's "Ratings over time" chart counts.
    func ratingsOverTime(_ entry: Catalogue.Entry, name: JSONOutput) -> SusiAnswer {
        var months: [(month: Int, day: Int, counts: StarCounts)] = []
        for day in entry.rating.timeline.entries where day.counts.total > 0 {
            let (year, month, _) = BuildDate.civil(fromDays: day.day)
            let key = year * 12 + month
            if months.last?.month == key {
                months[months.count - 1].counts = months[months.count - 1].counts + day.counts
            } else {
                months.append((key, day.day, day.counts))
            }
        }
        guard !months.isEmpty else {
            let total = entry.rating.total
            let message =
                total == 0 ? "Skill has not been rated yet" : "None of this skill's \(total) ratings carries a date"
            return SusiAnswer(
                .object([("skill_name", name), ("accepted", .bool(false)), ("message", .string(message))]))
        }
        let items: [JSONOutput] = months.map { month in
            .object([
                ("rating", .decimal(hundredths: JSONAPI.averageHundredths(month.counts))),
                ("count", .int(month.counts.total)),
                ("timestamp", .string(BuildDate.isoDay(fromDays: month.day) + " 00:00:00.0")),
            ])
        }
        return SusiAnswer(
            .object([
                ("skill_name", name), ("ratings_over_time", .array(items)), ("accepted", .bool(true)),
                ("message", .string("Ratings over time fetched")),
            ]))
    }

    /// `getSkillFeedback.json` (GetSkillFeedbackService.java:79-102): the skill's published
    /// reviews, newest first, as `{feedback, timestamp, rating, user_name}`. SUSI's answer also
    /// holds each reviewer's e-mail address and avatar; this one never does. Every item has a
    /// `user_name` (SUSI's web client shows the e-mail address's start when it is empty,
    /// `SkillFeedbackCard.js:210-253`) and a `timestamp` (its date is required there).
    func feedback(_ entry: Catalogue.Entry, name: JSONOutput) -> SusiAnswer {
        let items: [JSONOutput] = entry.rating.reviews.map { review in
            .object([
                ("feedback", .string(review.text)),
                ("timestamp", .string(Self.timestamp(seconds: review.seconds, nanoseconds: review.nanoseconds))),
                ("rating", .int(review.stars ?? 0)),
                ("user_name", .string(review.name ?? "Anonymous")),
            ])
        }
        return SusiAnswer(
            .object([
                ("skill_name", name), ("feedback", .array(items)), ("accepted", .bool(!items.isEmpty)),
                ("message", .string(items.isEmpty ? "Skill hasn't been given any feedback" : "Skill feedback fetched")),
            ]))
    }

    /// As Java's `Timestamp.toString()` writes SUSI's times (`2018-07-17 10:11:12.345`), in UTC;
    /// the epoch for a review without a date, as SUSI marks an unknown time (SusiMind.java:646-647).
    static func timestamp(seconds: Int?, nanoseconds: Int) -> String {
        let seconds = seconds ?? 0
        let day = TimelineBuckets.floorDivide(seconds, 86_400)
        let second = seconds - day * 86_400
        let two = BuildDate.twoDigits
        var fraction = String(max(0, min(nanoseconds, 999_999_999))).leftPadded(to: 9)
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return BuildDate.isoDay(fromDays: day) + " " + two(second / 3600) + ":" + two(second / 60 % 60) + ":"
            + two(second % 60) + "." + fraction
    }

    /// `getSkillsByAuthor.json?author=…` (GetSkillsByAuthor.java:65-75): the skills whose author
    /// contains `author`, as numbered paths of SUSI's skill files. SUSI's web client drops the
    /// answer's last five keys before reading the paths (`reducers/skill.js:242-261`: `statusCode`,
    /// `requestPayload` and three of SUSI's), so this one answer keeps SUSI's `session` key.
    func skillsByAuthor(_ query: SusiQuery) -> SusiAnswer {
        guard let author = query.given("author") else {
            return .refusal(400, "Bad service call, missing arguments: getSkillsByAuthor.json?author=<name>")
        }
        return authorsSkills(
            catalogue.entries.indices.filter { catalogue.entries[$0].skill.author?.contains(author) == true })
    }

    /// The answer listing the skills at `places`.
    func authorsSkills(_ places: [Int]) -> SusiAnswer {
        var pairs: [(String, JSONOutput)] = []
        for place in places {
            let skill = catalogue.entries[place].skill
            let path = "/susi_skill_data/models/\(skill.model)/\(skill.group)/\(skill.language)/\(skill.tag).txt"
            pairs.append((String(pairs.count), .string(path)))
        }
        pairs += [
            ("accepted", .bool(true)), ("message", .string("Success")),
            (
                "session",
                .object([
                    (
                        "identity",
                        .object([("type", .string("host")), ("name", .string("mirror")), ("anonymous", .bool(true))])
                    )
                ])
            ),
        ]
        return SusiAnswer(.object(pairs))
    }
}
