import Foundation

/// Where a rendering printed, as it is (`{{{name}}}`, `{{&name}}`), a fragment written alike in
/// many places (a card, a page's header): its bytes lie at `range` of the output, nothing else
/// among them. A page's link check reads such markup once, not on every page that holds it.
public struct TemplateMark: Sendable {
    public let range: Range<Int>
    public let key: Key

    public init(range: Range<Int>, key: Key) {
        self.range = range
        self.key = key
    }

    /// Names a fragment's bytes: equal memo and variant, equal bytes.
    public struct Key: Sendable {
        /// Belongs to what makes the fragment (a card cache entry, a frame's piece) and lives as
        /// long as it: a kept build keeps an unchanged skill's cards, and with them what was read.
        public let memo: Memo
        public let variant: Variant

        public init(memo: Memo, variant: Variant) {
            self.memo = memo
            self.variant = variant
        }
    }

    /// Where the fragment stands, for fragments that differ by place (a card's kind, the way
    /// back to the root, its heading level and rank).
    public struct Variant: Equatable, Sendable {
        @usableFromInline let kind: Int
        @usableFromInline let root: String
        @usableFromInline let level: Int
        @usableFromInline let rank: Int?

        public init(kind: Int = 0, root: String = "", level: Int = 0, rank: Int? = nil) {
            self.kind = kind
            self.root = root
            self.level = level
            self.rank = rank
        }
    }

    /// What readers of the markup (the link check) keep about it, per variant: a handful each.
    public final class Memo: @unchecked Sendable {
        @usableFromInline let lock = NSLock()
        @usableFromInline var readings: [(variant: Variant, reading: AnyObject & Sendable)] = []

        public init() {}

        /// `body` of what was kept for `variant` (nil when nothing was), borrowed, not retained:
        /// cards are shared by the cores that check pages, and a count both change is slow.
        @inlinable
        public func withReading<T>(_ variant: Variant, _ body: (AnyObject?) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            for k in readings.indices where readings[k].variant == variant { return body(readings[k].reading) }
            return body(nil)
        }

        /// Keeps `reading` for `variant`, unless another thread kept one first (the same
        /// markup, read the same); returns the one kept.
        public func keep(_ reading: AnyObject & Sendable, for variant: Variant) -> AnyObject & Sendable {
            lock.lock()
            defer { lock.unlock() }
            if let kept = readings.first(where: { $0.variant == variant }) { return kept.reading }
            readings.append((variant, reading))
            return reading
        }
    }
}
