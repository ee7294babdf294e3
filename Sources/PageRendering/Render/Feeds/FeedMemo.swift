import CatalogueModel
import Foundation

/// The last feed made, handed from a kept build's renderer to the next: a build whose newest
/// skills, settings and strings are as they were takes it instead of making it again (a vote or
/// an edit elsewhere ran libcmark on the newest skills' descriptions and escaped them all, 6–12 ms
/// of each rebuild at 10,000 skills). Only a cache: what it holds is always the feed of the
/// inputs it holds with it, whichever build put it there.
final class FeedMemo: @unchecked Sendable {
    private struct Made {
        var newest: [Catalogue.Entry]
        var config: SiteConfig
        var strings: UIStrings
        var xml: String?
    }

    // Only touched under `lock`.
    private let lock = NSLock()
    private var last: Made?

    /// The feed of `newest` with these settings and strings: the one held when it was made of
    /// the same, else `make`'s, which is then held.
    func xml(
        newest: [Catalogue.Entry], config: SiteConfig, strings: UIStrings, make: () -> String?
    ) -> String? {
        lock.lock()
        let last = self.last
        lock.unlock()
        if let last, Self.sameFeed(last.newest, newest), last.config == config, last.strings == strings {
            return last.xml
        }
        let xml = make()
        lock.lock()
        self.last = Made(newest: newest, config: config, strings: strings, xml: xml)
        lock.unlock()
        return xml
    }

    /// Whether two lists of entries make the same feed: the same skills at the same pages (their
    /// ratings are not in it).
    static func sameFeed(_ a: [Catalogue.Entry], _ b: [Catalogue.Entry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 || ($0.path == $1.path && $0.skill == $1.skill) }
    }
}
