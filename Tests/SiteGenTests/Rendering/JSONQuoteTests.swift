import Foundation
import Testing

@testable import PageRendering

/// A JSON string as the API and JSON-LD write it (runs that need no escape copied whole) is
/// what the escaping rule gives scalar by scalar, and reads back as the text.
@Suite struct JSONQuoteTests {
    /// Byte by byte, as the rule reads: quote, backslash and controls escaped, `<`, `>` and `&`
    /// as `\u` escapes (safe inside `<script>`), U+2028 and U+2029 too.
    static func reference(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\r": out += Array(#"\r"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            case "<": out += Array(#"\u003c"#.utf8)
            case ">": out += Array(#"\u003e"#.utf8)
            case "&": out += Array(#"\u0026"#.utf8)
            case "\u{2028}": out += Array(#"\u2028"#.utf8)
            case "\u{2029}": out += Array(#"\u2029"#.utf8)
            case _ where scalar.value < 0x20: out += Array(String(format: "\\u%04x", scalar.value).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out + [0x22]
    }

    @Test(arguments: 0..<8) func quotingAgreesWithTheByteByByteRule(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces =
            OddText.pieces + [
                "\u{2028}", "\u{2029}", "\u{2026}", "\u{20AC}", "\\", "\u{1F}", "sixteen bytes!!!", "plain text run ",
            ]
        for _ in 0..<300 {
            let text = (0..<random.below(40)).map { _ in pieces[random.below(pieces.count)] }.joined()
            var out: [UInt8] = Array("kept".utf8)
            JSONOutput.quote(text, into: &out)
            #expect(out == Array("kept".utf8) + Self.reference(text), "\(text.debugDescription)")
            let read = try JSONDecoder().decode(String.self, from: Data(out.dropFirst(4)))
            #expect(Array(read.utf8) == Array(text.utf8))
        }
    }
}
