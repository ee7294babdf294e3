import CatalogueModel
import Foundation

/// The rating form's optional comment, as it is stored: plain text with `\n` line breaks.
///
/// Browsers send a textarea's line breaks as CRLF; other clients send anything. Line breaks become
/// LF, control characters other than LF and tab are dropped (they would only hide text or upset a
/// terminal showing the file), and whitespace around the text goes, so an untouched or blank field
/// is no comment at all. Format characters such as bidi controls stay: they are text, and the
/// pages escape and isolate what they show.
enum VoteComment {
    struct TooLong: Error, Equatable {
        let characters: Int
    }

    /// The stored text, or nil when nothing is left; refused over `RatingFormConfig.commentLimit`
    /// characters (grapheme clusters, as a person counts them; the textarea's `maxlength` keeps a
    /// browser under it).
    static func normalized(_ text: String) throws(TooLong) -> String? {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\r": scalars.append("\n")
            case "\n" where afterCR: continue
            case "\n", "\t": scalars.append(scalar)
            default:
                if scalar.properties.generalCategory != .control { scalars.append(scalar) }
            }
        }
        let trimmed = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let count = trimmed.count
        guard count <= RatingFormConfig.commentLimit else { throw TooLong(characters: count) }
        return trimmed
    }

    /// The body limit for a form with a comment field: the fields' own, plus the longest comment
    /// whose characters are each one code point (up to 4 bytes), every byte percent-encoded.
    static func bodyBytes(_ fieldBytes: Int) -> Int {
        fieldBytes + RatingFormConfig.commentLimit * 4 * 3
    }
}
