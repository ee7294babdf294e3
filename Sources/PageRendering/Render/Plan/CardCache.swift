import CatalogueModel
import Foundation
import MustacheCompiler
import Parallel

/// Every skill card rendered from `card.mustache` once per kind (plain, ranked), not once per
/// listing it appears in: a 10,000-skill catalogue shows about 70,000 cards across its pages.
/// What differs between appearances (the way back to the site root, the heading level, the rank)
/// is a slot, filled in when a page is assembled. Star rows are slots too: a catalogue has a
/// handful of distinct rows, and each is over half of a card's bytes, so cards share them
/// instead of each holding a copy.
///
/// The engine cuts the card where a slot's value prints (`TemplateSlot`), so content can never
/// be taken for a slot. An engine that cannot cut (swift-mustache in the tests), or a card it
/// cannot cut, is rendered for each page instead.
package struct CardCache: Sendable {
    package enum Kind: Int, CaseIterable, Sendable { case plain, ranked, dated }

    enum Slot: Int, CaseIterable, Sendable {
        case root, level, rank, starRow, largeStarRow

        var value: TemplateValue { .data(TemplateSlot(rawValue)) }
    }

    /// A card cut at its slots, so filling them in is appending, not searching.
    private let cards: [[TemplateCut?]]
    /// Each entry's star rows (small, large), shared with the renderer's table of rows.
    private let starRows: [(small: String, large: String)]
    /// Entry index by entry: listings share the catalogue's entries, and hashing an object's
    /// address costs less than hashing its skill id, on each of a large site's cards.
    private let index: [ObjectIdentifier: Int]
    private let renderer: Shared<SiteRenderer>
    private let engine: any TemplateEngine
    /// Each entry's memo for its cards' readings (`TemplateMark.Key`), kept with its cuts.
    private let memos: [TemplateMark.Memo]

    /// - Parameters:
    ///   - previous: the cards of the last build of a kept site, made with the same theme and
    ///     settings: an entry that did not change keeps its card.
    ///   - cutsDated: whether dated cards (Newest) are cut too. Each appears on one page only, so
    ///     a single build gains nothing from cutting them, and at 100,000 skills they would cost
    ///     a few dozen MB more; a kept build gains: a new skill shifts every later Newest page,
    ///     and those pages' cards are then filled in, not rendered again.
    package init(
        renderer: SiteRenderer, engine: any TemplateEngine, reusing previous: CardCache? = nil, cutsDated: Bool = false
    ) {
        self.renderer = Shared(renderer)
        self.engine = engine
        let entries = renderer.catalogue.entries
        index = Dictionary(entries.enumerated().map { (ObjectIdentifier($1), $0) }) { first, _ in first }
        let kinds: [Kind] = cutsDated ? [.plain, .ranked, .dated] : [.plain, .ranked]
        // Cards kept from a build that cut fewer kinds would lack a row: then every card is new.
        let earlier = previous
        let previous = previous.flatMap { $0.cards.count == kinds.count ? $0 : nil }
        let kept = Self.places(of: entries, in: previous?.renderer.value.catalogue)
        // An unchanged entry's cards are the same bytes however many kinds are cut (same theme
        // and settings), so it keeps their readings even when its cards are drawn again.
        let keptMemos =
            previous != nil || earlier == nil ? kept : Self.places(of: entries, in: earlier?.renderer.value.catalogue)
        let earlierMemos = earlier?.memos ?? []
        // Only new or changed entries are drawn; the others keep their rows and cuts, copied in
        // one pass (in a kept build, a vote draws one card of 10,000).
        let fresh = entries.indices.filter { kept[$0] == nil }
        let contexts = fresh.parallelMap { renderer.card(entries[$0]) }
        // Taken on all cores too: read one by one below, each row was a copy of its card's rating.
        let freshRows = contexts.parallelMap { context -> (small: String, large: String) in
            func text(_ value: TemplateValue?) -> String {
                if case .text(let text)? = value { text } else { "" }
            }
            return (text(context.rating?.starRow), text(context.rating?.starRowLarge))
        }
        // Dated cards are only on the Newest pages: each is rendered for its page.
        var cuts: [[TemplateCut?]] = []
        for kind in kinds {
            // A ranked card is its plain card with a rank in it: it keeps only that run of its
            // own text (at 100,000 skills, 70 MB less), made as soon as it is cut.
            let plain = kind == .ranked ? kinds.firstIndex(of: .plain).map { cuts[$0] } : nil
            cuts.append(
                fresh.indices.parallelMap { k -> TemplateCut? in
                    // Unrated skills are never ranked; skills without a date are never dated.
                    if kind == .ranked && !entries[fresh[k]].rating.isRated { return nil }
                    var context = contexts[k]
                    if kind == .dated {
                        guard let created = entries[fresh[k]].skill.created else { return nil }
                        context.added = created
                    }
                    context.root = Slot.root.value
                    context.cardLevel = Slot.level.value
                    if kind == .ranked { context.rank = Slot.rank.value }
                    context.rating?.starRow = Slot.starRow.value
                    context.rating?.starRowLarge = Slot.largeStarRow.value
                    let cut = engine.cut(templateNamed: "card", data: context)
                    guard let cut, let base = plain?[k] else { return cut }
                    return cut.sharing(with: base)
                })
        }
        let memos = entries.indices.map { keptMemos[$0].map { earlierMemos[$0] } ?? TemplateMark.Memo() }
        // Ten thousand cards' contexts, freed here, were the plan's last milliseconds on one core.
        LaterRelease.drop(consume contexts)
        self.memos = memos
        guard fresh.count < entries.count else {
            // Every card drawn (a first build): the rows and cuts are in place as they are. Merged
            // one by one, their copies and the originals' release held the plan on one core.
            starRows = freshRows
            cards = cuts
            return
        }
        var starRows: [(small: String, large: String)] = []
        var cards: [[TemplateCut?]] = kinds.map { _ in [] }
        starRows.reserveCapacity(entries.count)
        for row in cards.indices { cards[row].reserveCapacity(entries.count) }
        let previousRows = previous?.starRows ?? []
        let previousCards = previous?.cards ?? []
        var next = 0
        for i in entries.indices {
            if let j = kept[i] {
                starRows.append(previousRows[j])
                for row in cards.indices { cards[row].append(previousCards[row][j]) }
            } else {
                starRows.append(freshRows[next])
                for row in cards.indices { cards[row].append(cuts[row][next]) }
                next += 1
            }
        }
        self.starRows = starRows
        self.cards = cards
    }

    /// Each entry's place among the previous build's entries, when it is the same entry there.
    /// A kept catalogue keeps unchanged entries' objects and order: most are found at their own
    /// place, or one step on when a skill came or went (`PlaceWalk`).
    static func places(of entries: [Catalogue.Entry], in previous: Catalogue?) -> [Int?] {
        guard let previous else { return Array(repeating: nil, count: entries.count) }
        let before = previous.entries
        return zip(entries, PlaceWalk.places(of: entries, in: before) { $0.skill.id }).map { entry, place in
            place.flatMap { before[$0].isSame(as: entry) ? $0 : nil }
        }
    }

    /// The card of `entry` as it stands on a page whose root prefix is `root`.
    func card(_ entry: Catalogue.Entry, kind: Kind = .plain, root: String, level: Int, rank: Int? = nil) -> PlacedCard {
        guard let i = index[ObjectIdentifier(entry)] else { return PlacedCard(rendered: "") }
        if kind == .dated, let created = entry.skill.created {
            guard Kind.dated.rawValue < cards.count, let cut = cards[Kind.dated.rawValue][i] else {
                return PlacedCard(rendered: render(entry, root: root, level: level, rank: nil, added: created))
            }
            // No mark: a dated card stands on one page only (the Newest listing), and a reading
            // of repeated markup costs more than reading it in its page.
            return PlacedCard(.cut(cut, starRows: starRows[i], root: root, level: level, rank: nil))
        }
        let shown: Kind = kind == .ranked && entry.rating.isRated ? .ranked : .plain
        guard let cut = cards[shown.rawValue][i] else {
            return PlacedCard(
                rendered: render(entry, root: root, level: level, rank: shown == .ranked ? rank : nil, added: nil))
        }
        // A ranked card stands with its rank on one page, or two (the same rank on Top rated
        // and Most rated): no mark, as for dated cards.
        return PlacedCard(
            .cut(cut, starRows: starRows[i], root: root, level: level, rank: rank),
            key: rank == nil ? key(shown, i, root: root, level: level, rank: nil) : nil)
    }

    private func key(_ kind: Kind, _ i: Int, root: String, level: Int, rank: Int?) -> TemplateMark.Key {
        TemplateMark.Key(
            memo: memos[i], variant: TemplateMark.Variant(kind: kind.rawValue, root: root, level: level, rank: rank))
    }

    /// A card rendered for one place only: dated cards, and cards the engine did not cut.
    private func render(_ entry: Catalogue.Entry, root: String, level: Int, rank: Int?, added: String?) -> String {
        var context = renderer.value.card(entry)
        context.root = .text(root)
        context.cardLevel = .number(level)
        context.rank = rank.map(TemplateValue.number)
        context.added = added
        return engine.render(templateNamed: "card", data: context) ?? ""
    }
}
