import CatalogueModel

/// SUSI's server rating store: `skillRating.json` (aggregates) and `fiveStarSkillRating.json`
/// (one vote per user), both nested model → group → language → skill tag.
package enum SusiStoreReader {
    package enum Kind {
        static let outOfRange = "SUSI vote out of range"
        static let drifted = "SUSI count below zero"
    }

    package static func read(
        _ root: [String: JSONValue], text: String, path: String, into folder: inout SusiFolder,
        _ log: inout DiagnosticLog
    ) {
        var outOfRange = OutOfRange()
        defer { outOfRange.report(path: path, text: text, &log) }
        for model in root.keys.sorted() {
            guard let groups = level(root[model], [model], text, path, &log) else { continue }
            for group in groups.keys.sorted() {
                guard let languages = level(groups[group], [model, group], text, path, &log) else { continue }
                for language in languages.keys.sorted() {
                    guard let skills = level(languages[language], [model, group, language], text, path, &log) else {
                        continue
                    }
                    for tag in skills.keys.sorted() {
                        guard let leaf = skills[tag] else { continue }
                        let key = SusiSkillKey(model: model, group: group, language: language, tag: tag)
                        let keyPath = [model, group, language, tag]
                        if let votes = leaf.array {
                            readVotes(
                                votes, key: key, keyPath: keyPath, text: text, path: path, into: &folder,
                                outOfRange: &outOfRange, &log)
                        } else if let tally = RatingObject.tally(
                            clampingDrift(leaf, key: key, keyPath: keyPath, text: text, path: path, &log),
                            keyPath: keyPath, text: text, path: path, &log)
                        {
                            folder.aggregates[key, default: SusiFolder.Tallied(path: path)].tally.merge(tally)
                        }
                    }
                }
            }
        }
    }

    package static func level(
        _ value: JSONValue?, _ keyPath: [String], _ text: String, _ path: String,
        _ log: inout DiagnosticLog
    ) -> [String: JSONValue]? {
        guard let value else { return nil }
        guard let object = value.object else {
            log.append(
                JSONLocator.error(
                    path, text: text, keyPath: keyPath,
                    "expected an object (SUSI's model → group → language → skill nesting), found \(value.kind)"))
            return nil
        }
        return object
    }

    /// Votes SUSI stored but never counts: it keeps any whole number a client sends, and its totals
    /// move only for the exact strings "1" … "5" (fossasia/susi_server
    /// `FiveStarRateSkillService.java:229-242`). They are skipped, with one warning per file.
    struct OutOfRange {
        package var count = 0
        package var first: [String]?

        package func report(path: String, text: String, _ log: inout DiagnosticLog) {
            guard count > 0, let first else { return }
            let at = JSONLocator.position(of: first, in: text)
            log.append(
                Diagnostic.warning(
                    path, line: at?.line, column: at?.column,
                    "\(count.grouped) vote\(count == 1 ? "" : "s") with `stars` outside 1…5 skipped, as SUSI's own totals skip them"
                )
                .kind(Kind.outOfRange))
        }
    }

    /// SUSI's store can hold a count below zero: a changed vote is taken off the bucket of the
    /// earlier one with no floor, and the two store files can disagree
    /// (fossasia/susi_server `FiveStarRateSkillService.java:278-289`). Such a count is read as 0,
    /// with a warning naming the skill.
    static func clampingDrift(
        _ leaf: JSONValue, key: SusiSkillKey, keyPath: [String], text: String, path: String,
        _ log: inout DiagnosticLog
    ) -> JSONValue {
        func clamped(_ object: [String: JSONValue], at keyPath: [String]) -> [String: JSONValue] {
            var result = object
            for (name, _) in StarCounts.susiKeys {
                guard let n = object[name]?.integer, n < 0 else { continue }
                let at = JSONLocator.position(of: keyPath + [name], in: text)
                log.append(
                    Diagnostic.warning(
                        path, line: at?.line, column: at?.column,
                        "skill `\(key)`: `\(name)` is \(n), which SUSI's store reaches when its two files disagree; counted as 0"
                    )
                    .kind(Kind.drifted))
                result[name] = .number(0)
            }
            return result
        }
        guard var object = leaf.object else { return leaf }
        if RatingObject.isStarsObject(object) { return .object(clamped(object, at: keyPath)) }
        if let stars = object["stars"]?.object {
            object["stars"] = .object(clamped(stars, at: keyPath + ["stars"]))
        }
        return .object(object)
    }

    static func readVotes(
        _ votes: [JSONValue], key: SusiSkillKey, keyPath: [String], text: String, path: String,
        into folder: inout SusiFolder, outOfRange: inout OutOfRange, _ log: inout DiagnosticLog
    ) {
        var latest: [String: (stars: Int, time: String)] = [:]
        var anonymous = StarCounts()
        var feedback = Feedback()
        var timeline = VoteTimeline()
        for (index, vote) in votes.enumerated() {
            let at = keyPath + [String(index)]
            guard let object = vote.object else {
                log.append(
                    JSONLocator.error(
                        path, text: text, keyPath: at, "a vote must be an object {email|uuid, stars, timestamp}"))
                continue
            }
            if object["stars"] == nil, let written = object["feedback"] {
                feedback.read(written, object, index: index, key: key, keyPath: at, text: text, path: path, &log)
                continue
            }
            if let stars = object["stars"]?.integer, !(1...5).contains(stars) {
                outOfRange.count += 1
                if outOfRange.first == nil { outOfRange.first = at + ["stars"] }
                continue
            }
            guard let stars = object["stars"]?.integer else {
                let shown = object["stars"].map(RatingObject.short) ?? "nothing"
                log.append(
                    JSONLocator.error(
                        path, text: text, keyPath: object["stars"] == nil ? at : at + ["stars"],
                        "`stars` must be a whole number, found \(shown)"))
                continue
            }
            let user = object["email"]?.string ?? object["uuid"]?.string
            let time = object["timestamp"]?.string ?? ""
            guard let user else {
                anonymous.add(vote: stars)
                timeline.add(vote: stars, at: time)
                continue
            }
            // One vote per user: the latest timestamp wins (SUSI's format sorts as text).
            if let previous = latest[user], previous.time > time { continue }
            latest[user] = (stars, time)
        }
        if !feedback.isEmpty {
            folder.feedback[key, default: (path, [])].drafts += feedback.drafts
        }
        guard !latest.isEmpty || anonymous.total > 0 || feedback.isEmpty else { return }
        var counts = anonymous
        for (user, vote) in latest {
            counts.add(vote: vote.stars)
            timeline.add(vote: vote.stars, at: vote.time)
            folder.voterStars[key, default: [:]][user] = vote.stars
        }
        folder.votes[key, default: SusiFolder.Tallied(path: path)].tally.stars += counts
        folder.votes[key, default: SusiFolder.Tallied(path: path)].tally.timeline.merge(timeline.compacted())
    }

    /// SUSI's written feedback (`feedbackSkill.json`): `{email|uuid, feedback, timestamp}` per
    /// user, the same nesting as the votes; a user who writes again replaces the text
    /// (fossasia/susi_server `src/ai/susi/server/api/cms/FeedbackSkillService.java:95-124`).
    struct Feedback {
        var latest: [String: (draft: ReviewDraft, time: String)] = [:]
        var anonymous: [ReviewDraft] = []

        var isEmpty: Bool { latest.isEmpty && anonymous.isEmpty }
        /// In the order read, latest per user.
        var drafts: [ReviewDraft] { anonymous + latest.keys.sorted().compactMap { latest[$0]?.draft } }

        mutating func read(
            _ written: JSONValue, _ object: [String: JSONValue], index: Int, key: SusiSkillKey, keyPath: [String],
            text: String, path: String, _ log: inout DiagnosticLog
        ) {
            guard let comment = written.string else {
                log.append(
                    JSONLocator.error(
                        path, text: text, keyPath: keyPath + ["feedback"],
                        "`feedback` must be text, found \(RatingObject.short(written))"))
                return
            }
            let voter = object["email"]?.string ?? object["uuid"]?.string
            let time = object["timestamp"]?.string
            if let voter, let previous = latest[voter], previous.time > (time ?? "") { return }
            // The CMS's answer (`getSkillFeedback.json`) adds the account's `user_name`
            // (GetSkillFeedbackService.java:87); the store itself holds none.
            let draft = ReviewDraft(
                skill: "\(key)", voter: voter, name: object["user_name"]?.string, comment: comment, stars: nil,
                time: time.flatMap(VoteTime.init), timeText: time, occurrence: index,
                place: {
                    let at = JSONLocator.position(of: keyPath + ["feedback"], in: text)
                    return (path, at?.line, at?.column)
                }, &log)
            if let voter {
                latest[voter] = (draft, time ?? "")
            } else {
                anonymous.append(draft)
            }
        }
    }
}

/// The SUSI store files found in one folder: aggregates and individual votes for the same skills.
package struct SusiFolder {
    package struct Tallied {
        package var path: String
        package var tally = RatingTally()
    }

    var aggregates: [SusiSkillKey: Tallied] = [:]
    package var votes: [SusiSkillKey: Tallied] = [:]
    /// Written feedback, with the file it came from.
    var feedback: [SusiSkillKey: (path: String, drafts: [ReviewDraft])] = [:]
    /// Each user's standing stars, to show beside their feedback as SUSI's CMS does
    /// (fossasia/susi_server `GetSkillFeedbackService.java:84`, `:106-136`).
    var voterStars: [SusiSkillKey: [String: Int]] = [:]

    package init() {}

    /// Per skill, individual votes win over the aggregate's stars; thumbs come from the aggregate.
    package func merged(_ log: inout DiagnosticLog) -> [SusiSkillKey: Tallied] {
        var result = aggregates
        for key in votes.keys.sorted() {
            guard let voteEntry = votes[key] else { continue }
            if var aggregate = aggregates[key] {
                if aggregate.tally.stars != voteEntry.tally.stars, aggregate.tally.stars.total > 0 {
                    log.warning(
                        aggregate.path,
                        "skill `\(key)`: the aggregate says \(aggregate.tally.stars.total.grouped) votes "
                            + "but \(voteEntry.path) holds \(voteEntry.tally.stars.total.grouped); the individual votes are used"
                    )
                }
                aggregate.tally.stars = voteEntry.tally.stars
                aggregate.tally.timeline = voteEntry.tally.timeline
                result[key] = aggregate
            } else {
                result[key] = voteEntry
            }
        }
        for key in feedback.keys.sorted() {
            guard let written = feedback[key] else { continue }
            var entry = result[key] ?? Tallied(path: written.path)
            let stars = voterStars[key] ?? [:]
            for draft in written.drafts {
                var review = draft.review
                review.stars = draft.voter.flatMap { stars[$0] }
                entry.tally.reviews.append(review)
            }
            result[key] = entry
        }
        return result
    }
}
