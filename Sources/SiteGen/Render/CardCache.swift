import Foundation
import Mustache
import MustacheCompiler
import MustacheOracle

/// Every skill card rendered from `card.mustache` once per kind (plain, ranked, dated), not once
/// per listing it appears in: a 10,000-skill catalogue shows about 70,000 cards across its
/// pages. What differs between appearances (the way back to the site root, the heading level,
/// the rank) is rendered as a marker and filled in when a page is assembled. Star rows are markers
/// too: a catalogue has a handful of distinct rows, and each is over half of a card's bytes, so
/// cards share them instead of each holding a copy.
struct CardCache: @unchecked Sendable {
    // Control characters never occur in escaped text, so these cannot collide with content.
    static let rootMark = "\u{1}R\u{1}"
    static let levelMark = "\u{1}L\u{1}"
    static let rankMark = "\u{1}N\u{1}"
    static let starRowMark = "\u{1}S\u{1}"
    static let largeStarRowMark = "\u{1}B\u{1}"

    enum Kind: Int, CaseIterable, Sendable { case plain, ranked, dated }

    /// A rendered card cut at its markers, so filling them in is appending, not searching.
    enum Piece: Sendable {
        case text(String)
        case root, level, rank, starRow, largeStarRow
    }

    /// pieces[kind][entry index]; nil where a kind is never shown (unrated skills are not ranked)
    /// and for dated cards, which only the newest list shows: those are rendered for their page.
    private let html: [[[Piece]?]]
    /// Each entry's star rows (small, large), shared with the renderer's table of rows.
    private let starRows: [(small: String, large: String)]
    /// Entry index by skill id.
    private let index: [String: Int]
    private let renderer: Shared<SiteRenderer>
    private let library: MustacheLibrary

    init(renderer: SiteRenderer, library: MustacheLibrary) {
        self.renderer = Shared(renderer)
        self.library = library
        let entries = renderer.catalogue.entries
        index = Dictionary(entries.enumerated().map { ($1.skill.id, $0) }) { first, _ in first }
        let contexts = entries.parallelMap { renderer.card($0) }
        starRows = contexts.map { ($0.rating?.starRow ?? "", $0.rating?.starRowLarge ?? "") }
        html = Kind.allCases.map { kind in
            entries.indices.parallelMap { i -> [Piece]? in
                let entry = entries[i]
                if kind == .ranked && !entry.rating.isRated { return nil }
                if kind == .dated { return nil }
                var context = contexts[i]
                context.root = .text(Self.rootMark)
                context.cardLevel = .text(Self.levelMark)
                context.rating?.starRow = Self.starRowMark
                context.rating?.starRowLarge = Self.largeStarRowMark
                if kind == .ranked { context.rank = .text(Self.rankMark) }
                return library.render(OracleData(context), withTemplate: "card").map(Self.pieces)
            }
        }
    }

    /// The card of `entry` as it stands on a page whose root prefix is `root`.
    func card(_ entry: Catalogue.Entry, kind: Kind = .plain, root: String, level: Int, rank: Int? = nil) -> String {
        if kind == .dated, let created = entry.skill.created {
            var context = renderer.value.card(entry)
            context.root = .text(root)
            context.cardLevel = .number(level)
            context.added = created
            return library.render(OracleData(context), withTemplate: "card") ?? ""
        }
        guard let i = index[entry.skill.id], let template = html[kind.rawValue][i] ?? html[Kind.plain.rawValue][i] else {
            return ""
        }
        let levelText = String(level), rankText = rank.map(String.init) ?? ""
        var out = ""
        for piece in template {
            switch piece {
            case .text(let text): out += text
            case .root: out += root
            case .level: out += levelText
            case .rank: out += rankText
            case .starRow: out += starRows[i].small
            case .largeStarRow: out += starRows[i].large
            }
        }
        return out
    }

    /// Splits rendered text at the markers (each is \u{1}, one letter, \u{1}).
    static func pieces(_ html: String) -> [Piece] {
        var pieces: [Piece] = []
        let bytes = Array(html.utf8)
        var start = 0, i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 1 && bytes[i + 2] == 1 {
                let piece: Piece? = switch bytes[i + 1] {
                case UInt8(ascii: "R"): .root
                case UInt8(ascii: "L"): .level
                case UInt8(ascii: "N"): .rank
                case UInt8(ascii: "S"): .starRow
                case UInt8(ascii: "B"): .largeStarRow
                default: nil
                }
                if let piece {
                    if i > start { pieces.append(.text(String(decoding: bytes[start..<i], as: UTF8.self))) }
                    pieces.append(piece)
                    i += 3
                    start = i
                    continue
                }
            }
            i += 1
        }
        if start < bytes.count { pieces.append(.text(String(decoding: bytes[start...], as: UTF8.self))) }
        return pieces
    }
}

extension Range where Bound == Int {
    func parallelMap<T: Sendable>(_ transform: @Sendable (Int) -> T) -> [T] { Array(self).parallelMap(transform) }
}
