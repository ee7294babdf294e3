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

/// A rendering cut where its slots print: its text in one buffer, and where each slot goes in it.
public struct TemplateCut: Sendable {
    public struct Slot: Sendable {
        /// Where in `text` the slot's value goes.
        public let offset: Int
        public let number: Int
        /// How the tag there escapes (nil: it prints the value as it is).
        public let escaping: TemplateEscaping?
    }

    /// The rendering without its slots' values: one buffer, so that completing a cut appends
    /// runs of it instead of retaining and releasing a string per piece.
    public let text: [UInt8]
    /// In the order they print (offsets ascending).
    public let slots: [Slot]

    /// Appends the cut to `output` with slot `number`'s value as `value(number)` gives it.
    @inlinable
    public func write(into output: inout [UInt8], _ value: (_ number: Int) -> String) {
        var start = 0
        for slot in slots {
            output.append(contentsOf: text[start..<slot.offset])
            if let escaping = slot.escaping {
                escaping.append(value(slot.number), &output)
            } else {
                output.append(contentsOf: value(slot.number).utf8)
            }
            start = slot.offset
        }
        output.append(contentsOf: text[start...])
    }
}
