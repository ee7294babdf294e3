/// A value whose text is given later. `TemplateLibrary.cut` renders a template once with slots
/// among its data and keeps the text between them, so a fragment shown in many places with a
/// few different values (a skill's card on every listing) is rendered once and completed by
/// appending.
public struct TemplateSlot: TemplateData {
    public let number: Int
    public init(_ number: Int) { self.number = number }

    /// A slot holds no names: a section over it opens and looks outwards, as it does over text.
    public func value(named name: String) -> TemplateValue? { nil }
}

/// A rendering cut where its slots print.
public struct TemplateCut: Sendable {
    public enum Piece: Sendable {
        case text(String)
        /// Where slot `number`'s text goes, escaped as the tag there escapes (nil: as it is).
        case slot(Int, escaping: TemplateEscaping?)
    }

    public let pieces: [Piece]
    /// The UTF-8 bytes of the text pieces: what a completed cut holds besides its slots.
    public let textLength: Int

    init(pieces: [Piece]) {
        self.pieces = pieces
        textLength = pieces.reduce(0) { total, piece in
            if case .text(let text) = piece { total + text.utf8.count } else { total }
        }
    }
}
