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
/// A cut may share the text of another it differs from in one run only (`sharing(with:)`): a
/// ranked card is its plain card with a rank in it, and a large catalogue keeps both.
public struct TemplateCut: Sendable {
    public struct Slot: Sendable {
        /// Where in the cut's text the slot's value goes.
        public let offset: Int
        public let number: Int
        /// How the tag there escapes (nil: it prints the value as it is).
        public let escaping: TemplateEscaping?
    }

    /// The rendering without its slots' values: one buffer, so that completing a cut appends
    /// runs of it instead of retaining and releasing a string per piece. For a shared cut, only
    /// the run that differs from the other's.
    @usableFromInline let text: [UInt8]
    /// In the order they print (offsets ascending), in the whole text's places.
    @usableFromInline let slots: [Slot]
    /// For a shared cut: the other cut's text, of which the part before `prefix` comes before
    /// `text` and the part from `resume` after it.
    @usableFromInline let shared: Shared?

    @usableFromInline struct Shared: Sendable {
        @usableFromInline let text: [UInt8]
        @usableFromInline let prefix: Int
        @usableFromInline let resume: Int
    }

    init(text: some Collection<UInt8>, slots: [Slot]) {
        (self.text, self.slots, self.shared) = (Self.exactly(text), slots, nil)
    }

    private init(text: some Collection<UInt8>, slots: [Slot], shared: Shared) {
        (self.text, self.slots, self.shared) = (Self.exactly(text), slots, shared)
    }

    /// The bytes in an array of their own size: a cut is kept for the whole build (every card of
    /// a large catalogue), and the rendering it was cut from grew into up to as much room again.
    private static func exactly(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        text.append(contentsOf: bytes)
        return text
    }

    /// The same cut holding only the run of its text where it differs from `other`'s: the rest
    /// is read from `other`'s text. Self when that would save little, or either cut shares already.
    public func sharing(with other: TemplateCut) -> TemplateCut {
        guard shared == nil, other.shared == nil else { return self }
        let (mine, theirs) = (text, other.text)
        let most = min(mine.count, theirs.count)
        var prefix = 0
        while prefix < most && mine[prefix] == theirs[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < most - prefix && mine[mine.count - 1 - suffix] == theirs[theirs.count - 1 - suffix] {
            suffix += 1
        }
        guard prefix + suffix >= 64 else { return self }
        return TemplateCut(
            text: mine[prefix..<(mine.count - suffix)], slots: slots,
            shared: Shared(text: theirs, prefix: prefix, resume: theirs.count - suffix))
    }

    /// Whether the cut reads part of its text from another's.
    package var isShared: Bool { shared != nil }

    /// How many bytes the whole text has.
    @inlinable var count: Int {
        guard let shared else { return text.count }
        return shared.prefix + text.count + shared.text.count - shared.resume
    }

    /// Appends the cut to `output` with slot `number`'s value as `value(number)` gives it.
    @inlinable
    public func write(into output: inout [UInt8], _ value: (_ number: Int) -> String) {
        var start = 0
        for slot in slots {
            append(start..<slot.offset, to: &output)
            if let escaping = slot.escaping {
                escaping.append(value(slot.number), &output)
            } else {
                output.append(contentsOf: value(slot.number).utf8)
            }
            start = slot.offset
        }
        append(start..<count, to: &output)
    }

    /// Appends the whole text's bytes in `range`, from the pieces that hold them.
    @inlinable
    func append(_ range: Range<Int>, to output: inout [UInt8]) {
        guard let shared else {
            output.append(contentsOf: text[range])
            return
        }
        let runEnd = shared.prefix + text.count
        if range.lowerBound < shared.prefix {
            output.append(contentsOf: shared.text[range.lowerBound..<min(range.upperBound, shared.prefix)])
        }
        if range.upperBound > shared.prefix && range.lowerBound < runEnd {
            let from = max(range.lowerBound, shared.prefix) - shared.prefix
            output.append(contentsOf: text[from..<(min(range.upperBound, runEnd) - shared.prefix)])
        }
        if range.upperBound > runEnd {
            let from = max(range.lowerBound, runEnd) - runEnd + shared.resume
            output.append(contentsOf: shared.text[from..<(range.upperBound - runEnd + shared.resume)])
        }
    }
}
