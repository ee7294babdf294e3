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
struct EventMerger {
    /// One line, decoded leniently: a field of an unexpected type is kept as a JSON value so the
    /// checks below can name it.
    package struct Line: Decodable {
        package var skill: String?
        package var skillValue: JSONValue?
        package var stars: JSONValue?
        package var user: String?
        package var timestamp: String?

        package enum Key: String, CodingKey { case skill, stars, user, timestamp }

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
        }
    }

    private struct UserVote {
        package var stars: Int
        package var timestamp: String?
    }

    private var anonymous: [String: StarCounts] = [:]
    private var byUser: [String: [String: UserVote]] = [:]
    private(set) var firstPath: [String: String] = [:]
    private let decoder = JSONDecoder()

    package mutating func read(_ text: String, path: String, _ log: inout DiagnosticLog) {
        let bytes = Array(text.utf8)
        var lines: [(number: Int, range: Range<Int>)] = []
        var start = 0, number = 1
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            var end = index
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) { lines.append((number, start..<end)) }
            start = index + 1
            number += 1
        }
        // Ignored before the fast paths, which would otherwise give up on the whole file for it.
        if bytes.last != 0x0A, let last = lines.last, TornLine.isTorn(bytes[last.range]) {
            log.warning(path, line: last.number, column: 1,
                        "torn last line (\(last.range.count.grouped) bytes, no final newline) ignored; it looks like an interrupted write")
            lines.removeLast()
        }
        // Fast paths (a large vote log is hundreds of thousands of lines): lines as programs write
        // them (flat objects of plain strings and whole numbers) read byte by byte; otherwise the
        // whole file as one JSON array, decoded in one call. Only when both fail is each line
        // decoded on its own, to say which one is broken and why.
        let ranges = lines.map(\.range)
        if let events = FlatVoteLines.read(bytes, ranges) ?? decodedAtOnce(bytes, ranges) {
            for (line, event) in zip(lines, events) { add(event, line: line.number, text: bytes[line.range], path: path, &log) }
            return
        }
        for line in lines {
            let data = Data(bytes[line.range])
            let lineText = String(decoding: bytes[line.range], as: UTF8.self)
            do {
                if let offset = JSONNesting.firstTooDeep(in: data) { throw JSONProblem.TooDeep(offset: offset) }
                // A number no Double holds (`1e400`) would otherwise read as a missing value.
                if let number = JSONNumberRange.firstOutOfRange(in: [UInt8](data)) { throw number }
                add(try decoder.decode(Line.self, from: data), line: line.number, text: bytes[line.range], path: path, &log)
            } catch {
                if error is JSONProblem.TooDeep || error is JSONNumberRange.OutOfRange || JSONProblem.syntax(in: data) != nil {
                    var problem = JSONProblem.diagnostic(for: error, path: path, text: lineText)
                    problem.line = line.number
                    log.append(problem)
                } else {
                    log.error(path, line: line.number, column: 1,
                              "each line must be one JSON object, like {\"skill\": \"news/headline-finder\", \"stars\": 4}")
                }
            }
        }
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
        guard JSONNesting.firstTooDeep(in: all) == nil, JSONNumberRange.firstOutOfRange(in: joined) == nil, let events = try? decoder.decode([Line].self, from: all),
              events.count == lines.count else { return nil }
        return events
    }

    /// A database's votes, as if they were lines of one more events file: `user` is the voter.
    mutating func add(_ recorded: RecordedVotes, _ log: inout DiagnosticLog) {
        for vote in recorded.votes {
            var event = Line()
            event.skill = vote.skill
            event.stars = .number(Double(vote.stars))
            event.user = vote.voter
            event.timestamp = vote.timestamp
            add(event, line: nil, text: [], path: recorded.display, &log)
        }
    }

    /// - Parameters:
    ///   - line: nil for a database's vote, which has no line to name.
    ///   - text: the line, for error messages only (made only when there is one).
    private mutating func add(_ event: Line, line: Int?, text: @autoclosure () -> ArraySlice<UInt8>, path: String,
                              _ log: inout DiagnosticLog) {
        guard let skill = event.skill, !skill.isEmpty else {
            log.error(path, line: line, column: 1, "a vote needs `skill`: the skill's id, like \"news/headline-finder\"")
            return
        }
        guard let stars = event.stars?.integer, (1...5).contains(stars) else {
            let shown = event.stars.map(RatingObject.short) ?? "nothing"
            let text = text()
            let lineText = String(decoding: text, as: UTF8.self)
            let at = JSONLocator.position(of: ["stars"], in: lineText)
            log.error(path, line: line, column: line == nil ? nil : at?.column ?? column(of: "\"stars\"", in: text),
                      "`stars` must be a whole number from 1 to 5, found \(shown)")
            return
        }
        if firstPath[skill] == nil { firstPath[skill] = line.map { "\(path):\($0)" } ?? path }
        guard let user = event.user else {
            anonymous[skill, default: StarCounts()].add(vote: stars)
            return
        }
        if let previous = byUser[skill]?[user], Self.isLater(previous.timestamp, than: event.timestamp) { return }
        byUser[skill, default: [:]][user] = UserVote(stars: stars, timestamp: event.timestamp)
    }

    /// Whether a vote read earlier with timestamp `earlier` stays ahead of one read now with
    /// `now`: only when both name instants and its instant is the later one.
    static func isLater(_ earlier: String?, than now: String?) -> Bool {
        guard let earlier, let now, let first = VoteTime(earlier), let second = VoteTime(now) else { return false }
        return first > second
    }

    func tallies() -> [String: RatingTally] {
        var result: [String: RatingTally] = [:]
        for (skill, counts) in anonymous { result[skill, default: RatingTally()].stars += counts }
        for (skill, users) in byUser {
            var counts = StarCounts()
            for vote in users.values { counts.add(vote: vote.stars) }
            result[skill, default: RatingTally()].stars += counts
        }
        return result
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
