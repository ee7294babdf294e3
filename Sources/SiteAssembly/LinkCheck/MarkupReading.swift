import Foundation
import MustacheCompiler

#if os(Linux)
    import Synchronization
#endif

/// The link check's reading of markup written alike in many places (`TemplateMark`), made the
/// first time a page holds it and kept in its memo: a card or a frame is read once, not on
/// every page that shows it (a listing page is two dozen cards in a frame), and a kept build
/// keeps the readings of the cards it keeps.
///
/// Kept only for markup the tokenizer reads alone from start to end, leaving no tag, comment,
/// script or style body open: read in a page from the same place (between tags) it is the
/// same, and after it the tokenizer is between tags again (as `LinkFreeMarkup` argues). Other
/// markup is read in its page, as ever.
final class MarkupReading: @unchecked Sendable {
    let length: Int
    /// Where the checked values stand from the markup's start; nil when it leaves something
    /// open.
    let references: [LinkCheck.RawReference]?

    /// The steps (`LinkCheck.Step`) over the markup the page holds at `marks`.
    static func steps(at marks: [TemplateMark], of page: MarkupScanner, linkFree: LinkFreeMarkup?) -> [LinkCheck.Step] {
        var steps: [LinkCheck.Step] = []
        steps.reserveCapacity(marks.count)
        for k in marks.indices where marks[k].range.upperBound <= page.n {
            let range = marks[k].range
            let markup = page.part(range)
            var used = marks[k].key.memo.withReading(marks[k].key.variant) { kept -> MarkupReading? in
                guard let reading = kept as? MarkupReading, reading.length == markup.n else { return nil }
                return reading
            }
            if used == nil {
                let reading = MarkupReading(markup, linkFree: linkFree)
                let kept = marks[k].key.memo.keep(reading, for: marks[k].key.variant) as? MarkupReading
                // Equal keys are equal bytes: a kept reading of another length would be a bug.
                used = kept.flatMap { $0.length == markup.n ? $0 : nil } ?? reading
            }
            if let used, let references = used.references {
                steps.append(
                    LinkCheck.Step(
                        start: range.lowerBound, end: range.upperBound, references: references, reading: used))
            }
        }
        return steps
    }

    /// The build (`LinkCheck.Round`) and page depth for which every reference here was found to
    /// resolve, each written from the root or leaving the site, packed (`verdictKey`); 0 before.
    /// Pages of that build and depth step over the markup without a verdict: its links are the
    /// same bytes, which resolve the same way from any folder of that depth.
    #if os(Linux)
        private let resolved = Atomic<Int>(0)
        private var resolvedKey: Int {
            get { resolved.load(ordering: .relaxed) }
            set { resolved.store(newValue, ordering: .relaxed) }
        }
    #else
        // `Atomic` needs macOS 15, and the package supports macOS 14.
        private let lock = NSLock()
        private var lockedKey = 0
        private var resolvedKey: Int {
            get { lock.withLock { lockedKey } }
            set { lock.withLock { lockedKey = newValue } }
        }
    #endif

    /// Whether every reference here resolves in pages of `round` at `depth` (`markResolved`).
    func isResolved(in round: LinkCheck.Round, depth: Int) -> Bool {
        Self.verdictKey(round, depth).map { resolvedKey == $0 } ?? false
    }

    /// Notes that every reference here resolves in pages of `round` at `depth`.
    func markResolved(in round: LinkCheck.Round, depth: Int) {
        if let key = Self.verdictKey(round, depth) { resolvedKey = key }
    }

    /// The round's number and the depth in one integer; nil for a depth no site reaches.
    private static func verdictKey(_ round: LinkCheck.Round, _ depth: Int) -> Int? {
        depth < 1 << 16 ? round.number << 16 | depth : nil
    }

    init(_ markup: MarkupScanner, linkFree: LinkFreeMarkup?) {
        var references: [LinkCheck.RawReference] = []
        let ended = LinkCheck.scan(markup, linkFree: linkFree) { references.append($0) }
        length = markup.n
        self.references = ended ? references : nil
    }
}
