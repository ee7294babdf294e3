import Foundation

/// One voter's stars for one skill, as a vote store keeps it: the same vote a line of a `.jsonl`
/// events file holds (`skill`, `stars`, `user`, `timestamp`), so both count alike.
public struct Vote: Sendable, Hashable {
    /// The skill's id (`news/headline-finder`).
    public var skill: String
    /// 1…5.
    public var stars: Int
    /// Who voted: a signed-in user, or the random id of a voter's cookie. One vote per voter per skill.
    public var voter: String
    /// Milliseconds since 1970-01-01T00:00:00Z: what the stores keep, so a vote reads back equal.
    public var milliseconds: Int64
    /// The voter's written review, shown beside their stars; a later vote without one keeps it.
    public var comment: String?

    public init(skill: String, stars: Int, voter: String, milliseconds: Int64, comment: String? = nil) {
        self.skill = skill
        self.stars = stars
        self.voter = voter
        self.milliseconds = milliseconds
        self.comment = comment
    }

    /// `time` rounded to the millisecond.
    public init(skill: String, stars: Int, voter: String, time: Date, comment: String? = nil) {
        self.init(
            skill: skill, stars: stars, voter: voter,
            milliseconds: Int64((time.timeIntervalSince1970 * 1000).rounded()), comment: comment)
    }

    public var time: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// RFC 3339 in UTC, as events files write it: `2024-03-01T10:00:00Z`, with `.250` when the
    /// milliseconds are not zero.
    public var timestamp: String {
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, fraction) = millisecond < 0 ? (seconds - 1, millisecond + 1000) : (seconds, millisecond)
        let (days, secondOfDay) = Int(wholeSeconds).quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let two = BuildDate.twoDigits
        var text =
            BuildDate.isoDay(fromDays: day) + "T" + two(second / 3600) + ":" + two(second / 60 % 60) + ":"
            + two(second % 60)
        if fraction != 0 { text += "." + String(fraction).leftPadded(to: 3) }
        return text + "Z"
    }
}
