import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// The vote merger against the rule it implements, written out the plain way: every line decoded
/// by JSONDecoder, a table of users per skill, timestamps compared as text read by `VoteTime`.
/// The merger counts plain lines without decoding them, numbers skills and keeps one table for
/// all users; over generated logs (users voting again with and without timestamps, skills spelt
/// in two canonically equal ways, lines only JSONDecoder reads, broken lines) it must count
/// exactly what the rule counts and remember the same first line per skill. The standing votes
/// that carry a timestamp are on each skill's timeline, on their day.
@Suite struct EventMergerReferenceTests {
    struct Reference {
        var tallies: [String: RatingTally] = [:]
        var firstPath: [String: String] = [:]
    }

    static func reference(_ files: [(path: String, text: String)]) -> Reference {
        var anonymous: [String: StarCounts] = [:]
        var byUser: [String: [String: (stars: Int, timestamp: String?)]] = [:]
        var result = Reference()
        func isLater(_ earlier: String?, than now: String?) -> Bool {
            guard let earlier, let now, let first = VoteTime(earlier), let second = VoteTime(now) else { return false }
            return first > second
        }
        for file in files {
            // Split as bytes: as Characters, "\r\n" is one and would not split.
            for (offset, raw) in Array(file.text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
                .enumerated()
            {
                let line = raw.last == 0x0D ? raw.dropLast() : raw
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }),
                    let event = try? JSONDecoder().decode(EventMerger.Line.self, from: Data(line)),
                    let skill = event.skill, !skill.isEmpty, let stars = event.stars?.integer, (1...5).contains(stars)
                else { continue }
                if result.firstPath[skill] == nil { result.firstPath[skill] = "\(file.path):\(offset + 1)" }
                guard let user = event.user else {
                    anonymous[skill, default: StarCounts()].add(vote: stars)
                    if let time = event.timestamp.flatMap(VoteTime.init) {
                        result.tallies[skill, default: RatingTally()].timeline.add(
                            vote: stars, day: floorDay(time.seconds))
                    }
                    continue
                }
                if let previous = byUser[skill]?[user], isLater(previous.timestamp, than: event.timestamp) { continue }
                byUser[skill, default: [:]][user] = (stars, event.timestamp)
            }
        }
        for (skill, counts) in anonymous { result.tallies[skill, default: RatingTally()].stars += counts }
        for (skill, users) in byUser {
            for vote in users.values {
                result.tallies[skill, default: RatingTally()].stars.add(vote: vote.stars)
                if let time = vote.timestamp.flatMap(VoteTime.init) {
                    result.tallies[skill, default: RatingTally()].timeline.add(
                        vote: vote.stars, day: floorDay(time.seconds))
                }
            }
        }
        return result
    }

    /// The day of an instant, floored through a Double rather than by `VoteTimeline.day`'s integers.
    static func floorDay(_ seconds: Int) -> Int {
        Int((Double(seconds) / 86_400).rounded(.down))
    }

    static func line(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        var members: [String] = []
        if Int.random(in: 0..<20, using: &random) > 0 {
            members.append(
                #""skill":"#
                    + pick([
                        #""a""#, #""news/headline-finder""#, "\"\u{E9}t\u{E9}\"", "\"e\u{301}te\u{301}\"", #""""#,
                        #""b\u0062""#,
                    ]))
        }
        if Int.random(in: 0..<20, using: &random) > 0 {
            members.append(#""stars":"# + pick(["1", "2", "3", "4", "5", "5", "0", "6", "2.0", "\"3\""]))
        }
        if Int.random(in: 0..<5, using: &random) > 0 {
            members.append(#""user":"# + pick([#""u1""#, #""u2""#, #""u3""#, "7", #""u\u0031""#]))
        }
        if Int.random(in: 0..<4, using: &random) > 0 {
            members.append(
                #""timestamp":"#
                    + pick([
                        #""2024-01-01T10:00:00Z""#, #""2024-01-01T11:00:00+01:00""#, #""2024-01-01T10:00:00.5Z""#,
                        #""2024-01-02""#, #""2023-12-31T23:59:59Z""#, #""soon""#,
                        #""2024-01-02T00:30:00+01:00""#, #""1969-12-31T23:00:00Z""#, #""2024-03-05 12:34:56.58""#,
                        #""""#,
                    ]))
        }
        if Int.random(in: 0..<10, using: &random) == 0 { members.append(#""source":"form""#) }
        members.shuffle(using: &random)
        switch Int.random(in: 0..<60, using: &random) {
        case 0: return "{" + members.joined(separator: ",")  // broken: only JSONDecoder explains it
        case 1: return "   "
        case 2: return "[1]"
        default:
            return pick(["", " "]) + "{" + members.joined(separator: pick([",", ", "])) + "}" + pick(["", "", "\r"])
        }
    }

    @Test func generatedLogsAreCountedAsTheRuleCountsThem() {
        var random = SplitMix64(seed: 14)
        var fastOnly = 0
        for _ in 0..<300 {
            let files = (0..<Int.random(in: 1...3, using: &random)).map { index -> (path: String, text: String) in
                let lines = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.line(&random) }
                return ("ratings/\(index).jsonl", lines.joined(separator: "\n") + "\n")
            }
            let expected = Self.reference(files)
            var merger = EventMerger()
            var log = DiagnosticLog()
            for file in files { merger.read(file.text, path: file.path, &log) }
            let bytes = files.map { Array($0.text.utf8) }
            if bytes.allSatisfy({ b in
                b.split(separator: 0x0A).allSatisfy { FlatVoteLines.read(b, [$0.startIndex..<$0.endIndex]) != nil }
            }) {
                fastOnly += 1
            }
            #expect(merger.tallies() == expected.tallies, "\(files.map(\.text))")
            for (skill, first) in expected.firstPath {
                #expect(merger.firstPath(of: skill) == first, "\(skill) in \(files.map(\.text))")
            }
        }
        // Logs read by the fast path alone, and logs where JSONDecoder takes over, both occur.
        #expect(fastOnly > 10 && fastOnly < 290, "\(fastOnly) of 300 logs were read by the fast path alone")
    }
}
