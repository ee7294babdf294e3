import Foundation

/// Markup the build makes in one place and repeats on page after page, holding no link the
/// check reads: the star rows, over 40 % of a large site's bytes. Where a page holds one of them
/// at a tag's start, the check steps over it instead of reading it again.
///
/// Stepping over a piece reads the page as the tokenizer would: a piece is kept only when the
/// tokenizer, reading it alone, finds no checked value in it and every tag, comment and script
/// or style body that starts in it ends in it. Each of those is read from its start to its end
/// alone, so read in a page from the same place it is the same, and after it the tokenizer is
/// between tags, as it is after stepping over the piece. Anywhere else (inside a tag, a comment,
/// a script) the tokenizer is not at a tag's start, so a piece there is read as ever.
struct LinkFreeMarkup: Sendable {
    /// The kept pieces by length, shortest first, each with its last eight bytes: most lengths
    /// are turned away by those, without comparing the hundreds of bytes rows share.
    private let byLength: [(length: Int, pieces: [(bytes: [UInt8], last: UInt64)])]
    /// The first eight bytes of every kept piece, when they all share them (they start with a
    /// tag): one comparison turns away every other tag.
    private let prefix: UInt64?

    /// - Parameter candidates: markup the site repeats; those that hold a link, or leave a tag,
    ///   comment or body open, are left out.
    init(_ candidates: some Sequence<String>) {
        var kept: [Int: Set<[UInt8]>] = [:]
        for candidate in candidates {
            let bytes = Array(candidate.utf8)
            guard bytes.count >= 8, bytes[0] == 0x3C, Self.isLinkFree(bytes) else { continue }
            kept[bytes.count, default: []].insert(bytes)
        }
        byLength = kept.keys.sorted().map { length in
            let pieces = kept[length, default: []].sorted { $0.lexicographicallyPrecedes($1) }
            return (length, pieces.map { ($0, Self.word(of: $0, at: length - 8)) })
        }
        let prefixes = Set(byLength.flatMap(\.pieces).map { Self.word(of: $0.bytes, at: 0) })
        prefix = prefixes.count == 1 ? prefixes.first : nil
    }

    /// Whether the tokenizer finds no checked value in `bytes` and leaves nothing open.
    static func isLinkFree(_ bytes: [UInt8]) -> Bool {
        MarkupScanner.reading(bytes) { page in
            var found = false
            let ended = LinkCheck.scan(page) { _ in found = true }
            return ended && !found
        }
    }

    private static func word(of bytes: [UInt8], at offset: Int) -> UInt64 { MarkupScanner.word(of: bytes, at: offset) }

    /// The length of the kept piece `bytes` holds at `index`, or nil.
    @inline(__always)
    func length(at index: Int, of page: MarkupScanner) -> Int? {
        guard let prefix, index + 8 <= page.n, page.word(at: index) == prefix else { return nil }
        let rest = page.n - index
        for (length, pieces) in byLength {
            guard length <= rest else { break }
            let last = page.word(at: index + length - 8)
            for piece in pieces where piece.last == last && page.same(index..<(index + length), as: piece.bytes, 0) {
                return length
            }
        }
        return nil
    }
}
