import CatalogueModel
import Foundation

/// Votes as an events file (`.jsonl`, as `Content/ratings/` holds them): one
/// `{"skill":…,"stars":…,"timestamp":…,"user":…}` object a line, in the order given, so reading
/// the file back counts exactly what the store holds. A vote's comment is the line's `comment`
/// key, there only when the vote has one, so a line without it is the line it always was.
public enum VoteEventLines {
    private struct Line: Encodable {
        var skill: String
        var stars: Int
        var user: String
        var timestamp: String
        var comment: String?
    }

    public static func text(_ votes: [Vote]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = ""
        for vote in votes {
            let line = Line(
                skill: vote.skill, stars: vote.stars, user: vote.voter, timestamp: vote.timestamp,
                comment: vote.comment)
            // Strings, an integer and nothing else: encoding cannot fail.
            guard let data = try? encoder.encode(line) else { continue }
            text += String(decoding: data, as: UTF8.self) + "\n"
        }
        return text
    }
}
