/// One skill's card as text with slots where its pages differ (root, heading level, rank, star
/// rows), found without marking the text: the card is rendered twice with a different one-digit
/// placeholder per slot, and the slots are exactly where the two renderings differ. Content
/// cannot be mistaken for a slot, since it is the same in both.
struct CardTemplate: Sendable, Equatable {
    enum Slot: Int, CaseIterable, Sendable {
        case root, level, rank, starRow, largeStarRow
    }

    enum Piece: Sendable, Equatable {
        case text(String)
        case slot(Slot)
    }

    let pieces: [Piece]

    /// Placeholders of the two renderings: one ASCII digit per slot, unchanged by HTML escaping
    /// and by swift-mustache's text transforms, so each stands for itself in the output.
    package static func placeholder(_ slot: Slot, rendering: Int) -> String {
        String(slot.rawValue + rendering * Slot.allCases.count)
    }

    /// Nil when the template is missing, or when the renderings do not line up (a template that
    /// hides a slot's value, or transforms it into other digits): the card is then rendered for
    /// each page instead.
    /// - Parameter ranked: whether the card has a rank slot (checked: a ranked card that shows no
    ///   rank is still cut, a plain one never claims one).
    package init?(ranked: Bool, render: ((Slot) -> String) -> String?) {
        guard let first = render({ Self.placeholder($0, rendering: 0) }),
              let second = render({ Self.placeholder($0, rendering: 1) }) else { return nil }
        let a = Array(first.utf8), b = Array(second.utf8)
        guard a.count == b.count else { return nil }
        let zero = UInt8(ascii: "0"), count = UInt8(Slot.allCases.count)
        var pieces: [Piece] = []
        var start = 0
        for i in a.indices where a[i] != b[i] {
            guard a[i] >= zero, let slot = Slot(rawValue: Int(a[i] - zero)), b[i] == a[i] + count,
                  ranked || slot != .rank else { return nil }
            if i > start { pieces.append(.text(String(decoding: a[start..<i], as: UTF8.self))) }
            pieces.append(.slot(slot))
            start = i + 1
        }
        if start < a.count { pieces.append(.text(String(decoding: a[start...], as: UTF8.self))) }
        self.pieces = pieces
    }
}
