import Foundation

/// A line of a vote log (`.jsonl`) as sitegen writes it, with its newline: `serve`'s local votes
/// and `sitegen export votes` both write through here, and `EventMerger` reads it back. Sorted
/// keys give `{"skill":…,"stars":…,"timestamp":…,"user":…}`, the order of the samples; `comment`
/// and `user` are left out when nil, so a vote without them is the line it always was.
package struct VoteLogLine: Encodable {
    var skill: String
    var stars: Int
    var timestamp: String
    var user: String?
    var comment: String?

    package init(skill: String, stars: Int, timestamp: String, user: String?, comment: String?) {
        self.skill = skill
        self.stars = stars
        self.timestamp = timestamp
        self.user = user
        self.comment = comment
    }

    package var data: Data { Self.data([self]) }

    /// `lines` one after the other, through one encoder. Strings, an integer and nothing else:
    /// encoding cannot fail, and a line left out stands for the impossible.
    package static func data(_ lines: some Sequence<VoteLogLine>) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for line in lines {
            guard let encoded = try? encoder.encode(line) else { continue }
            data.append(encoded)
            data.append(0x0A)
        }
        return data
    }
}
