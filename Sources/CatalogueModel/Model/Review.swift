/// A written review of a skill, as pages show it: plain text (never Markdown, never a link), the
/// reviewer's stars where the same voter also rated, a date and a display name. Who wrote it
/// (an e-mail address in SUSI's dumps) is not kept: only `id`, a digest of it.
public struct Review: Sendable, Equatable, Hashable {
    /// Stable across builds and edits of the text: what a `moderation` file names to hide it, and
    /// the page anchor (`#review-<id>`) an owner copies it from.
    public var id: String
    /// The name given with the review; nil shows as anonymous. Never an e-mail address.
    public var name: String?
    /// Cleaned (`VisibleText`), line breaks as `\n`, cut at `Review.maximumLength`.
    public var text: String
    /// The reviewer's standing vote for the skill, when the same voter rated it.
    public var stars: Int?
    /// When it was written, as seconds since 1970 (for the newest-first order) and the day it
    /// shows; nil when the dump gave no date.
    public var seconds: Int?
    public var nanoseconds: Int

    /// Characters (grapheme clusters) a review shows; longer text is cut with a warning. The
    /// rating form's comment field takes as many.
    public static let maximumLength = 2000

    public init(id: String, name: String?, text: String, stars: Int?, seconds: Int?, nanoseconds: Int = 0) {
        self.id = id
        self.name = name
        self.text = text
        self.stars = stars
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// `2024-03-01`: the UTC day of the instant (a date written without a zone was read as UTC,
    /// so it shows as written).
    public var day: String? {
        seconds.map(BuildDate.isoDay(ofSecond:))
    }

    /// Newest first; reviews without a date after those with one; then by id, so the order never
    /// depends on the order files were read in.
    public static func newestFirst(_ a: Review, _ b: Review) -> Bool {
        switch (a.seconds, b.seconds) {
        case (let x?, let y?) where (x, a.nanoseconds) != (y, b.nanoseconds): (x, a.nanoseconds) > (y, b.nanoseconds)
        case (_?, nil): true
        case (nil, _?): false
        default: a.id < b.id
        }
    }
}
