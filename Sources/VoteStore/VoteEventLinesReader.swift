import CatalogueModel
import ContentLoading
import Foundation

extension VoteEventLines {
    /// Every key optional, so that each missing one is named at its line.
    private struct ReadLine: Decodable {
        var skill: String?
        var stars: Int?
        var user: String?
        var timestamp: String?
        var comment: String?
    }

    /// The votes of an events file, for `sitegen import votes`. Every line must be a whole vote
    /// with a `user` (the database keeps one vote per voter) and a `timestamp` (which says which
    /// of a voter's votes is the later); blank lines are skipped. Each mistake is reported at its
    /// line, and any mistake means no votes, so an import never stops half-way.
    public static func votes(in text: String, file: String) throws(BuildFailure) -> [Vote] {
        var votes: [Vote] = []
        var problems: [Diagnostic] = []
        let decoder = JSONDecoder()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            func problem(_ message: String) { problems.append(.error(file, line: index + 1, message)) }
            guard let read = try? decoder.decode(ReadLine.self, from: Data(line.utf8)) else {
                problem(
                    #"not a vote: each line is one JSON object, {"skill":…,"stars":1…5,"timestamp":…,"user":…} and an optional "comment" text"#
                )
                continue
            }
            guard let skill = read.skill, !skill.isEmpty else {
                problem("the line has no `skill`: the id of the skill voted for")
                continue
            }
            guard let stars = read.stars, (1...5).contains(stars) else {
                problem("`stars` must be a whole number from 1 to 5")
                continue
            }
            guard let user = read.user, !user.isEmpty else {
                problem("the line has no `user`: the database keeps one vote per voter, so each vote needs one")
                continue
            }
            guard let timestamp = read.timestamp, let time = VoteTime(timestamp) else {
                problem(
                    "`timestamp` must be an ISO 8601 date and time (2024-03-01T10:00:00Z): it says which of a voter's votes is the later"
                )
                continue
            }
            let milliseconds = Int64(time.seconds) * 1000 + Int64(time.nanoseconds / 1_000_000)
            votes.append(
                Vote(skill: skill, stars: stars, voter: user, milliseconds: milliseconds, comment: read.comment))
        }
        guard problems.isEmpty else { throw BuildFailure(problems) }
        return votes
    }
}
