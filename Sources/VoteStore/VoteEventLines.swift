import CatalogueModel
import ContentLoading
import Foundation

/// Votes as an events file (`.jsonl`, as `Content/ratings/` holds them): one
/// `{"skill":…,"stars":…,"timestamp":…,"user":…}` object a line, in the order given, so reading
/// the file back counts exactly what the store holds. A vote's comment is the line's `comment`
/// key, there only when the vote has one, so a line without it is the line it always was.
public enum VoteEventLines {
    public static func text(_ votes: [Vote]) -> String {
        let lines = votes.lazy.map { vote in
            VoteLogLine(
                skill: vote.skill, stars: vote.stars, timestamp: vote.timestamp, user: vote.voter,
                comment: vote.comment)
        }
        return String(decoding: VoteLogLine.data(lines), as: UTF8.self)
    }
}
