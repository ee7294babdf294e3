import Foundation
import Mustache

/// Every skill card rendered from `card.mustache` once per kind (plain, ranked, dated), not once
/// per listing it appears in: a 10,000-skill catalogue shows about 70,000 cards across its
/// pages. What differs between appearances (the way back to the site root, the heading level,
/// the rank) is rendered as a marker and filled in when a page is assembled.
struct CardCache: @unchecked Sendable {
    // Control characters never occur in escaped text, so these cannot collide with content.
    static let rootMark = "\u{1}R\u{1}"
    static let levelMark = "\u{1}L\u{1}"
    static let rankMark = "\u{1}N\u{1}"

    enum Kind: Int, CaseIterable, Sendable { case plain, ranked, dated }

    /// html[kind][entry index]; nil where a kind is never shown (unrated skills are not ranked).
    private let html: [[String?]]
    /// Entry index by skill id.
    private let index: [String: Int]

    init(renderer: SiteRenderer, library: MustacheLibrary) {
        let entries = renderer.catalogue.entries
        index = Dictionary(entries.enumerated().map { ($1.skill.id, $0) }) { first, _ in first }
        let contexts = ContextBox(entries.map { renderer.card($0) })
        html = Kind.allCases.map { kind in
            entries.indices.parallelMap { i -> String? in
                let entry = entries[i]
                if kind == .ranked && !entry.rating.isRated { return nil }
                if kind == .dated && entry.skill.created == nil { return nil }
                var context = contexts.values[i]
                context["root"] = Self.rootMark
                context["cardLevel"] = Self.levelMark
                if kind == .ranked { context["rank"] = Self.rankMark }
                if kind == .dated, let created = entry.skill.created { context["added"] = created }
                return library.render(context, withTemplate: "card")
            }
        }
    }

    /// The card of `entry` as it stands on a page whose root prefix is `root`.
    func card(_ entry: Catalogue.Entry, kind: Kind = .plain, root: String, level: Int, rank: Int? = nil) -> String {
        guard let i = index[entry.skill.id], let template = html[kind.rawValue][i] ?? html[Kind.plain.rawValue][i] else {
            return ""
        }
        var out = template.replacingOccurrences(of: Self.rootMark, with: root)
            .replacingOccurrences(of: Self.levelMark, with: String(level))
        if let rank { out = out.replacingOccurrences(of: Self.rankMark, with: String(rank)) }
        return out
    }
}

/// Mustache contexts hold only immutable values (text, numbers, flags, arrays of those), so they
/// may be read from several threads.
struct ContextBox<Value>: @unchecked Sendable {
    let values: Value
    init(_ values: Value) { self.values = values }
}

extension Range where Bound == Int {
    func parallelMap<T: Sendable>(_ transform: @Sendable (Int) -> T) -> [T] { Array(self).parallelMap(transform) }
}
