import CatalogueModel
import Foundation

/// One vote per line (`.jsonl`). Votes without a user all count; a user's later vote for a skill
/// replaces their earlier one, where later means:
/// - of two votes with timestamps for different instants (`VoteTime`), the later instant;
/// - otherwise (either has no timestamp, or one that is not an ISO 8601 date, or both name the
///   same instant) the one read later: lines in file order, files in path order.
/// So a vote without a timestamp after one with a timestamp replaces it: it is newer for all
/// that anyone can tell.
///
/// A last line without its final newline that stops mid-JSON is an interrupted append
/// (`TornLine`): it is ignored with a warning, as a write-ahead log would.
package struct EventMerger {
    /// One line, decoded leniently: a field of an unexpected type is kept as a JSON value so the
    /// checks below can name it.
    package struct Line: Decodable {
        package var skill: String?
        package var skillValue: JSONValue?
        package var stars: JSONValue?
        package var user: String?
        package var timestamp: String?
        /// A review's text (plain text), and the name to show with it.
        package var comment: String?
        package var name: String?
        /// A `comment` that is there but not text: an error, not a vote without a review.
        package var commentIsNotText = false

        package enum Key: String, CodingKey { case skill, stars, user, timestamp, comment, name }

        package init() {}

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            if let s = try? c.decodeIfPresent(String.self, forKey: .skill) {
                skill = s
            } else {
                skillValue = try? c.decodeIfPresent(JSONValue.self, forKey: .skill)
            }
            if let n = try? c.decodeIfPresent(Int.self, forKey: .stars) {
                stars = .number(Double(n))
            } else {
                stars = try? c.decodeIfPresent(JSONValue.self, forKey: .stars)
            }
            if let u = try? c.decodeIfPresent(String.self, forKey: .user) {
                user = u
            } else if let n = try? c.decodeIfPresent(Int.self, forKey: .user) {
                user = String(n)
            }
            timestamp = try? c.decodeIfPresent(String.self, forKey: .timestamp)
            if let text = try? c.decodeIfPresent(String.self, forKey: .comment) {
                comment = text
            } else if (try? c.decodeNil(forKey: .comment)) == false {
                commentIsNotText = true
            }
            name = try? c.decodeIfPresent(String.self, forKey: .name)
        }
    }

    /// A user's vote for a skill, by the skill's and the user's numbers: two integers hash and
    /// compare far faster than an id and a name in a table of millions of votes.
    private struct UserKey: Hashable {
        var skill: Int
        var user: Int
    }

    /// The vote that stands, its timestamp read once: 16 bytes for each of a large log's votes.
    private struct UserVote {
        var seconds: Int
        var nanoseconds: Int32
        var stars: Int8
        /// Whether the timestamp named an instant (`VoteTime`); else only file order decides.
        var timed: Bool

        init(stars: Int, time: VoteTime?) {
            self.stars = Int8(stars)
            seconds = time?.seconds ?? 0
            nanoseconds = Int32(time?.nanoseconds ?? 0)
            timed = time != nil
        }

        /// Whether this vote, read earlier, stays ahead of `now`: only when both name instants
        /// and its instant is the later one.
        func isLater(than now: UserVote) -> Bool {
            timed && now.timed && (seconds, nanoseconds) > (now.seconds, now.nanoseconds)
        }
    }

    /// Skill ids by number, in the order first counted, and where each was first seen.
    private var skills: [String] = []
    private var numbers: [String: Int] = [:]
    private var firstSeen: [(path: Int, line: Int?)] = []
    private var paths: [String] = []
    /// Lines read of each file (by path), so lines appended later are numbered on from there.
    private var linesRead: [String: Int] = [:]
    /// Every standing vote counted, by skill number: kept up to date vote by vote (a replaced
    /// vote taken out), so a vote appended to a kept merger does not recount the whole log.
    private var counts: [StarCounts] = []
    /// The timed ones among them by day, kept up to date the same way.
    private var timelines: [VoteTimeline] = []
    /// Users by number.
    private var users: [String: Int] = [:]
    /// One flat table rather than a table per skill: a large log has a hundred thousand skills.
    private var byUser: [UserKey: UserVote] = [:]
    /// A user's review of a skill: a later one replaces it, by the rule votes follow.
    private var reviewsByUser: [UserKey: (draft: ReviewDraft, time: UserVote)] = [:]
    /// Reviews without a user all stand, each with its own line's stars.
    private var anonymousReviews: [(skill: Int, review: Review)] = []
    /// How often each anonymous review was seen, so equal ones get different ids.
    private var anonymousSeen: [[String]: Int] = [:]

    package init() {}
    private let decoder = JSONDecoder()
    /// While recording (`startRecording`): each skill whose tally a read changed, by number,
    /// with the votes it counted before.
    private var recording: [Int: Int]?

    package mutating func read(_ text: String, path: String, _ log: inout DiagnosticLog) {
        read(bytes: Array(text.utf8), path: path, &log)
    }

    private mutating func read(bytes: [UInt8], path: String, _ log: inout DiagnosticLog) {
        paths.append(path)
        linesRead[path, default: 0] += bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var end = bytes.count
        // Ignored before the fast path, which would otherwise give up on the rest of the file for it.
        if bytes.last != 0x0A, let last = Self.lastLine(bytes), TornLine.isTorn(bytes[last]) {
            let number = bytes[..<last.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            log.warning(
                path, line: number, column: 1,
                "torn last line (\(last.count.grouped) bytes, no final newline) ignored; it looks like an interrupted write"
            )
            end = last.lowerBound
        }
        // Lines as programs write them (flat objects of plain strings and whole numbers) are read
        // byte by byte and counted at once, without an event or a line list in between: a large
        // vote log is millions of lines. From the first other line on, the rest is decoded as one
        // JSON array in one call; only when that fails is each line decoded on its own, to say
        // which one is broken and why. Every way reads a line the same (FlatVoteLinesDifferentialTests).
        // Room for a vote per line up front: growing a table of millions rehashes it again and
        // again. A user's vote takes at least 32 bytes (`{"skill":"a","stars":1,"user":1}`), so a
        // file of empty lines cannot make the table larger than its votes could fill.
        let lines = bytes[..<end].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        byUser.reserveCapacity(byUser.count + min(lines, end / 32))
        var start = 0
        var number = 1
        var rest: [(number: Int, range: Range<Int>)] = []
        var lastSkill: (range: Range<Int>, number: Int)?
        while start < end {
            let index = bytes.offset(of: 0x0A, in: start..<end)
            let line = Self.content(bytes, start, index)
            defer {
                start = index + 1
                number += 1
            }
            guard let line else { continue }
            if rest.isEmpty, let vote = FlatVoteLines.vote(bytes, line) {
                count(vote, in: bytes, range: line, line: number, path: path, lastSkill: &lastSkill, &log)
            } else {
                rest.append((number, line))
            }
        }
        guard !rest.isEmpty else { return }
        let ranges = rest.map(\.range)
        if let events = decodedAtOnce(bytes, ranges) {
            for (line, event) in zip(rest, events) {
                add(event, line: line.number, text: ArraySlice(bytes[line.range]), path: path, &log)
            }
            return
        }
        var broken = 0
        for line in rest {
            guard broken < InputLimits.brokenVoteLines else {
                log.error(
                    path, line: line.number, column: 1,
                    "\(broken) broken lines before this one; the rest of the file was not read: is it a vote log?")
                return
            }
            let data = Data(bytes[line.range])
            let lineText = String(decoding: bytes[line.range], as: UTF8.self)
            do {
                if let offset = JSONNesting.firstTooDeep(in: data) { throw JSONProblem.TooDeep(offset: offset) }
                // A number no Double holds (`1e400`) would otherwise read as a missing value.
                if let number = JSONNumberRange.firstOutOfRange(in: [UInt8](data)) { throw number }
                add(
                    try decoder.decode(Line.self, from: data), line: line.number, text: ArraySlice(bytes[line.range]),
                    path: path, &log)
            } catch {
                broken += 1
                if error is JSONProblem.TooDeep || error is JSONNumberRange.OutOfRange
                    || JSONProblem.syntax(in: data) != nil
                {
                    var problem = JSONProblem.diagnostic(for: error, path: path, text: lineText)
                    problem.line = line.number
                    log.append(problem)
                } else {
                    log.error(
                        path, line: line.number, column: 1,
                        "each line must be one JSON object, like {\"skill\": \"news/headline-finder\", \"stars\": 4}")
                }
            }
        }
    }

    /// Whether every line of `data` fits `InputLimits.voteLineBytes`; else an error names the first
    /// that does not, and the file is not read.
    package static func linesFit(_ data: Data, path: String, _ log: inout DiagnosticLog) -> Bool {
        guard let long = data.firstLine(longerThan: InputLimits.voteLineBytes) else { return true }
        log.error(
            path, line: long.number, column: 1,
            "line \(long.number) is \(long.length.grouped) bytes; a vote takes one line of at most \(InputLimits.voteLineBytes.grouped) bytes (1 MiB); the file was not read"
        )
        return false
    }

    /// A line's text without its CR, or nil when it holds only spaces and tabs.
    private static func content(_ bytes: [UInt8], _ start: Int, _ lineEnd: Int) -> Range<Int>? {
        var end = lineEnd
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        guard bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        return start..<end
    }

    /// The last line that is not blank.
    private static func lastLine(_ bytes: [UInt8]) -> Range<Int>? {
        var lineEnd = bytes.count
        while lineEnd >= 0 {
            var start = lineEnd
            while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
            if let line = content(bytes, start, lineEnd) { return line }
            guard start > 0 else { return nil }
            lineEnd = start - 1
        }
        return nil
    }

    /// Every line's event, decoded as one JSON array; nil when any line is not valid.
    private func decodedAtOnce(_ bytes: [UInt8], _ lines: [Range<Int>]) -> [Line]? {
        var joined = [UInt8]()
        joined.reserveCapacity(bytes.count + lines.count + 2)
        joined.append(0x5B)
        for (offset, line) in lines.enumerated() {
            if offset > 0 { joined.append(0x2C) }
            joined.append(contentsOf: bytes[line])
        }
        joined.append(0x5D)
        let all = Data(joined)
        // A number no Double holds decodes as a missing value here; the lines explain it instead.
        guard JSONNesting.firstTooDeep(in: all) == nil, JSONNumberRange.firstOutOfRange(in: joined) == nil,
            let events = try? decoder.decode([Line].self, from: all),
            events.count == lines.count
        else { return nil }
        return events
    }

    /// A plain line's vote, counted without making an event of it; one that is not a vote goes
    /// to `add`, which says why.
    private mutating func count(
        _ vote: FlatVoteLines.Fields, in bytes: [UInt8], range: Range<Int>, line: Int, path: String,
        lastSkill: inout (range: Range<Int>, number: Int)?, _ log: inout DiagnosticLog
    ) {
        guard let skillRange = vote.skill, !skillRange.isEmpty, let stars = vote.stars, (1...5).contains(stars) else {
            add(vote.event(in: bytes), line: line, text: ArraySlice(bytes[range]), path: path, &log)
            return
        }
        // A log's votes for one skill often come together: its id is looked up once for them.
        let skill: Int
        if let last = lastSkill, bytes[last.range].elementsEqual(bytes[skillRange]) {
            skill = last.number
        } else {
            skill = number(
                of: String(decoding: bytes[skillRange], as: UTF8.self), path: path,
                line: line)
            lastSkill = (skillRange, skill)
        }
        let user: String?
        switch vote.user {
        case .text(let range)?: user = String(decoding: bytes[range], as: UTF8.self)
        case .number(let value)?: user = String(value)
        case nil: user = nil
        }
        let time = vote.timestamp.flatMap { VoteTime.parse(bytes, $0) }
        count(skill: skill, stars: stars, user: user, time: time)
        if let comment = vote.comment {
            func text(_ r: Range<Int>) -> String {
                String(decoding: bytes[r], as: UTF8.self)
            }
            review(
                skill: skill, user: user, comment: text(comment), name: vote.name.map(text), stars: stars, time: time,
                timeText: vote.timestamp.map(text), path: path, line: line, &log)
        }
    }

    /// A database's votes, as if they were lines of one more events file: `user` is the voter.
    mutating func add(_ recorded: RecordedVotes, _ log: inout DiagnosticLog) {
        paths.append(recorded.display)
        for vote in recorded.votes {
            var event = Line()
            event.skill = vote.skill
            event.stars = .number(Double(vote.stars))
            event.user = vote.voter
            event.timestamp = vote.timestamp
            event.comment = vote.comment
            add(event, line: nil, text: [], path: recorded.display, &log)
        }
    }

    /// - Parameters:
    ///   - line: nil for a database's vote, which has no line to name.
    ///   - text: the line, for error messages only (made only when there is one).
    private mutating func add(
        _ event: Line, line: Int?, text: @autoclosure () -> ArraySlice<UInt8>, path: String,
        _ log: inout DiagnosticLog
    ) {
        guard let skill = event.skill, !skill.isEmpty else {
            log.error(
                path, line: line, column: 1, "a vote needs `skill`: the skill's id, like \"news/headline-finder\"")
            return
        }
        if event.commentIsNotText {
            let lineText = String(decoding: text(), as: UTF8.self)
            let at = JSONLocator.position(of: ["comment"], in: lineText)
            log.error(
                path, line: line, column: line == nil ? nil : at?.column,
                "`comment` must be text (the review, in quotes); leave it out for a vote without one")
            return
        }
        if event.stars == nil, let comment = event.comment {
            // A review without stars, as SUSI's text feedback is: the voter's own vote, if any, shows with it.
            review(
                skill: number(of: skill, path: path, line: line), user: event.user, comment: comment, name: event.name,
                stars: nil, time: event.timestamp.flatMap(VoteTime.init), timeText: event.timestamp, path: path,
                line: line, &log)
            return
        }
        guard let stars = event.stars?.integer, (1...5).contains(stars) else {
            let shown = event.stars.map(RatingObject.short) ?? "nothing"
            let text = text()
            let lineText = String(decoding: text, as: UTF8.self)
            let at = JSONLocator.position(of: ["stars"], in: lineText)
            log.error(
                path, line: line, column: line == nil ? nil : at?.column ?? column(of: "\"stars\"", in: text),
                "`stars` must be a whole number from 1 to 5, found \(shown)")
            return
        }
        let number = number(of: skill, path: path, line: line)
        let time = event.timestamp.flatMap(VoteTime.init)
        count(skill: number, stars: stars, user: event.user, time: time)
        if let comment = event.comment {
            review(
                skill: number, user: event.user, comment: comment, name: event.name, stars: stars, time: time,
                timeText: event.timestamp, path: path, line: line, &log)
        }
    }

    /// Keeps a line's review: a user's latest for the skill (by the rule votes follow), or every
    /// one without a user.
    private mutating func review(
        skill: Int, user: String?, comment: String, name: String?, stars: Int?, time: VoteTime?, timeText: String?,
        path: String, line: Int?, _ log: inout DiagnosticLog
    ) {
        record(skill)
        var occurrence = 0
        if user == nil {
            let same = [skills[skill], timeText ?? "", comment, String(stars ?? 0)]
            occurrence = anonymousSeen[same, default: 0]
            anonymousSeen[same] = occurrence + 1
        }
        let draft = ReviewDraft(
            skill: skills[skill], voter: user, name: name, comment: comment, stars: stars, time: time,
            timeText: timeText, occurrence: occurrence, place: { (path, line, nil) }, &log)
        guard let user else {
            anonymousReviews.append((skill, draft.review))
            return
        }
        let key = UserKey(skill: skill, user: number(ofUser: user))
        let order = UserVote(stars: stars ?? 1, time: time)
        if let previous = reviewsByUser[key], previous.time.isLater(than: order) { return }
        reviewsByUser[key] = (draft, order)
    }

    /// The skill's number, given it on first sight (where is remembered for the unknown-skill warning).
    private mutating func number(of skill: String, path: String, line: Int?) -> Int {
        if let known = numbers[skill] { return known }
        let number = skills.count
        numbers[skill] = number
        skills.append(skill)
        firstSeen.append((paths.count - 1, line))
        counts.append(StarCounts())
        timelines.append(VoteTimeline())
        return number
    }

    /// From now on, notes which skills' tallies reads change (`stopRecording`).
    mutating func startRecording() { recording = [:] }

    /// The skills whose tallies the reads since `startRecording` changed, and how many more
    /// votes they count now (fewer when votes replaced others); and stops noting them.
    mutating func stopRecording() -> (skills: Set<String>, votesAdded: Int) {
        let recorded = recording ?? [:]
        recording = nil
        return (
            Set(recorded.keys.map { skills[$0] }),
            recorded.reduce(0) { sum, entry in sum + counts[entry.key].total - entry.value }
        )
    }

    private mutating func record(_ skill: Int) {
        if recording != nil, recording?[skill] == nil { recording?[skill] = counts[skill].total }
    }

    /// Whether a vote or review of `user` was counted from any log read so far.
    func knows(user: String) -> Bool { users[user] != nil }

    private mutating func number(ofUser user: String) -> Int {
        if let known = users[user] { return known }
        let number = users.count
        users[user] = number
        return number
    }

    private mutating func count(skill: Int, stars: Int, user: String?, time: VoteTime?) {
        record(skill)
        guard let user else {
            counts[skill].add(vote: stars)
            if let time { timelines[skill].add(vote: stars, day: VoteTimeline.day(seconds: time.seconds)) }
            return
        }
        let vote = UserVote(stars: stars, time: time)
        let key = UserKey(skill: skill, user: number(ofUser: user))
        if let previous = byUser.updateValue(vote, forKey: key) {
            if previous.isLater(than: vote) {
                byUser[key] = previous
                return
            }
            // A log holds far fewer votes than the cap, so no count was capped: taking one out is exact.
            counts[skill][Int(previous.stars)] -= 1
            if previous.timed {
                timelines[skill].remove(vote: Int(previous.stars), day: VoteTimeline.day(seconds: previous.seconds))
            }
        }
        counts[skill].add(vote: stars)
        if let time { timelines[skill].add(vote: stars, day: VoteTimeline.day(seconds: time.seconds)) }
    }

    /// How many lines of `path` were read: the number of the line before the next one appended.
    func lines(readOf path: String) -> Int { linesRead[path] ?? 0 }

    /// Makes line `line` of `path`, read last, the place `skill` was first seen: a vote appended
    /// to a log that sorts before the one that held its first vote comes first in file order.
    mutating func firstSeen(of skill: String, isNow path: String, line: Int) {
        guard let number = numbers[skill], paths.last == path else { return }
        firstSeen[number] = (paths.count - 1, line)
    }

    /// Where a skill's first vote was counted (`path:line`), for the unknown-skill warning.
    func firstPath(of skill: String) -> String? {
        guard let number = numbers[skill] else { return nil }
        let first = firstSeen[number]
        return first.line.map { "\(paths[first.path]):\($0)" } ?? paths[first.path]
    }

    /// One skill's entry of `tallies()`, with its reviews in the same order; nil when no line
    /// named the skill.
    func tally(of skill: String) -> RatingTally? {
        guard let number = numbers[skill] else { return nil }
        var tally = countedTally(number)
        for (at, review) in anonymousReviews where at == number { tally.reviews.append(review) }
        for (key, kept) in reviewsByUser where key.skill == number { tally.reviews.append(standing(key, kept.draft)) }
        return tally
    }

    package func tallies() -> [String: RatingTally] {
        var result: [String: RatingTally] = [:]
        result.reserveCapacity(skills.count)
        for (number, skill) in skills.enumerated() { result[skill] = countedTally(number) }
        for (skill, review) in anonymousReviews { result[skills[skill]]?.reviews.append(review) }
        for (key, kept) in reviewsByUser { result[skills[key.skill]]?.reviews.append(standing(key, kept.draft)) }
        return result
    }

    /// A skill's counts and timeline, without its reviews.
    private func countedTally(_ number: Int) -> RatingTally {
        var tally = RatingTally(stars: counts[number])
        tally.timeline = timelines[number].compacted()
        return tally
    }

    /// A user's review, with the stars of the user's standing vote rather than the ones sent with it.
    private func standing(_ key: UserKey, _ draft: ReviewDraft) -> Review {
        var review = draft.review
        review.stars = byUser[key].map { Int($0.stars) }
        return review
    }

    private func column(of needle: String, in line: ArraySlice<UInt8>) -> Int? {
        let pattern = Array(needle.utf8)
        guard line.count >= pattern.count else { return nil }
        var index = line.startIndex
        while index + pattern.count <= line.endIndex {
            if line[index..<(index + pattern.count)].elementsEqual(pattern) {
                return String(decoding: line[line.startIndex..<index], as: UTF8.self).count + 1
            }
            index += 1
        }
        return nil
    }
}
