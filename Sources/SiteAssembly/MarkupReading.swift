import MustacheCompiler

/// The link check's reading of markup written alike in many places (`TemplateMark`), made the
/// first time a page holds it and kept in its memo: a card or a frame is read once, not on
/// every page that shows it (a listing page is two dozen cards in a frame), and a kept build
/// keeps the readings of the cards it keeps.
///
/// Kept only for markup the tokenizer reads alone from start to end, leaving no tag, comment,
/// script or style body open: read in a page from the same place (between tags) it is the
/// same, and after it the tokenizer is between tags again (as `LinkFreeMarkup` argues). Other
/// markup is read in its page, as ever.
final class MarkupReading: Sendable {
    let length: Int
    /// Where the checked values stand from the markup's start; nil when it leaves something open.
    let references: [LinkCheck.RawReference]?

    /// The steps (`LinkCheck.Step`) over the markup `bytes` holds at `marks`.
    static func steps(at marks: [TemplateMark], of bytes: UnsafeBufferPointer<UInt8>, linkFree: LinkFreeMarkup?)
        -> [LinkCheck.Step]
    {
        var steps: [LinkCheck.Step] = []
        steps.reserveCapacity(marks.count)
        for mark in marks where mark.range.upperBound <= bytes.count {
            let markup = UnsafeBufferPointer(rebasing: bytes[mark.range])
            var reading: MarkupReading
            if let known = mark.key.memo.reading(mark.key.variant) as? MarkupReading, known.length == markup.count {
                reading = known
            } else {
                // Equal keys are equal bytes: another length is only ever a new key's first reading.
                reading = MarkupReading(markup, linkFree: linkFree)
                mark.key.memo.keep(reading, for: mark.key.variant)
            }
            if let references = reading.references {
                steps.append(
                    LinkCheck.Step(start: mark.range.lowerBound, end: mark.range.upperBound, references: references))
            }
        }
        return steps
    }

    init(_ markup: UnsafeBufferPointer<UInt8>, linkFree: LinkFreeMarkup?) {
        var references: [LinkCheck.RawReference] = []
        let ended = LinkCheck.scan(markup, linkFree: linkFree) { references.append($0) }
        length = markup.count
        self.references = ended ? references : nil
    }
}
