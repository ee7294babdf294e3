/// Splits a listing into pages (where each page lives is `SiteURLs.listingPage`'s to say).
public struct Pagination: Sendable, Equatable {
    public let itemCount: Int
    public let pageSize: Int

    public init(itemCount: Int, pageSize: Int) {
        self.itemCount = max(0, itemCount)
        self.pageSize = max(1, pageSize)
    }

    /// Always at least 1: an empty listing is one page that says so.
    public var pageCount: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

    /// Indices of the items on page `number` (1-based); empty outside 1…pageCount.
    public func items(onPage number: Int) -> Range<Int> {
        guard (1...pageCount).contains(number) else { return 0..<0 }
        let start = (number - 1) * pageSize
        return start..<min(itemCount, start + pageSize)
    }

    /// What a pager shows around page `current`: the first and last page, the current one with two
    /// neighbours each side, and gaps for the rest, so a thousand pages still make a short pager.
    public enum Link: Sendable, Equatable {
        case page(Int)
        case gap
    }

    public func links(current: Int, neighbours: Int = 2) -> [Link] {
        let count = pageCount
        var shown: [Int] = []
        for n in 1...count where n == 1 || n == count || abs(n - current) <= neighbours {
            shown.append(n)
        }
        var links: [Link] = []
        var previous = 0
        for n in shown {
            // A gap of exactly one page is shown as that page: "…" would hide no more than a number.
            if n - previous == 2 {
                links.append(.page(n - 1))
            } else if n - previous > 2 {
                links.append(.gap)
            }
            links.append(.page(n))
            previous = n
        }
        return links
    }
}
