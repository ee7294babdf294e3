import Testing

@testable import ContentLoading

/// The control-character check reads eight bytes at a time; it must find what a walk over the
/// text's scalars finds, wherever a control stands among the words it reads.
@Suite struct ControlCharactersTests {
    static let pieces = OddText.pieces + ["\u{7F}", "\u{80}", "\u{9F}", "\u{A9}", "\u{C2}", "\u{1B}", "abcdefg"]

    static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains(where: ControlCharacters.isControl) }

    @Test(arguments: 0..<8) func itFindsWhatTheScalarsHold(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random) ?? ""
            }.joined()
            let found = ControlCharacters.first(in: text)
            #expect((found != nil) == Self.hasControl(text), "\(text.debugDescription)")
            if let found {
                #expect(found.count == text.unicodeScalars.filter(ControlCharacters.isControl).count)
            }
        }
    }

    /// Each control, and a harmless look-alike, at every place of the first words: the start, the
    /// middle and the end of a word, and a C1 control's two bytes split between two words.
    @Test(arguments: ["\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{A9}", "\t", "\r\n"])
    func aControlAnywhereIsFound(piece: String) {
        for before in 0...20 {
            let text = String(repeating: "a", count: before) + piece + String(repeating: "b", count: 20)
            #expect((ControlCharacters.first(in: text) != nil) == Self.hasControl(piece), "\(text.debugDescription)")
            if let found = ControlCharacters.first(in: text) { #expect(found.column == before + 1) }
        }
    }
}
