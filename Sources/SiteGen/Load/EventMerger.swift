import Foundation

/// One vote per line (`.jsonl`). A user's later vote for a skill replaces their earlier one
/// (later by timestamp; by reading order when timestamps are equal or missing); votes without a
/// user all count.
struct EventMerger {
    private struct Line: Decodable {
        var skill: JSONValue?
        var stars: JSONValue?
        var user: JSONValue?
        var timestamp: JSONValue?
    }

    private struct UserVote {
        var stars: Int
        var time: String
    }

    private var anonymous: [String: StarCounts] = [:]
    private var byUser: [String: [String: UserVote]] = [:]
    private(set) var firstPath: [String: String] = [:]
    private let decoder = JSONDecoder()

    mutating func read(_ text: String, path: String, _ log: inout DiagnosticLog) {
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let event: Line
            let data = Data(line.utf8)
            do {
                if let offset = JSONNesting.firstTooDeep(in: data) { throw JSONProblem.TooDeep(offset: offset) }
                event = try decoder.decode(Line.self, from: data)
            } catch {
                if error is JSONProblem.TooDeep || JSONProblem.syntax(in: data) != nil {
                    var problem = JSONProblem.diagnostic(for: error, path: path, text: String(line))
                    problem.line = lineNumber
                    log.append(problem)
                } else {
                    log.error(path, line: lineNumber, column: 1,
                              "each line must be one JSON object, like {\"skill\": \"news/headline-finder\", \"stars\": 4}")
                }
                continue
            }
            guard let skill = event.skill?.string, !skill.isEmpty else {
                log.error(path, line: lineNumber, column: 1, "a vote needs `skill`: the skill's id, like \"news/headline-finder\"")
                continue
            }
            guard let starsValue = event.stars, let stars = starsValue.integer, (1...5).contains(stars) else {
                let shown = event.stars.map(RatingObject.short) ?? "nothing"
                let at = JSONLocator.position(of: ["stars"], in: String(line))
                log.error(path, line: lineNumber, column: at?.column ?? column(of: "\"stars\"", in: line),
                          "`stars` must be a whole number from 1 to 5, found \(shown)")
                continue
            }
            if firstPath[skill] == nil { firstPath[skill] = "\(path):\(lineNumber)" }
            let user: String? = switch event.user {
            case .string(let s)?: s
            case .number(let d)?: String(d)
            default: nil
            }
            guard let user else {
                anonymous[skill, default: StarCounts()].add(vote: stars)
                continue
            }
            let time = event.timestamp?.string ?? ""
            if let previous = byUser[skill]?[user], previous.time > time { continue }
            byUser[skill, default: [:]][user] = UserVote(stars: stars, time: time)
        }
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

    private func column(of needle: String, in line: Substring) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return line.distance(from: line.startIndex, to: range.lowerBound) + 1
    }
}
