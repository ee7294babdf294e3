import CatalogueModel
import Foundation

/// The part of a Markdown source that decides its summary (`Markdown.summary`), so a build need
/// not parse all of every description for it. The summary is the text of the first paragraph, and
/// in CommonMark:
/// - a paragraph never holds a blank line, so once a blank line has been read the paragraphs
///   before it are complete, and blocks are appended in reading order, so nothing read later
///   comes before them;
/// - the one thing read later that changes an earlier paragraph is a link reference definition
///   (`[label]: url` turns `[label]` into a link), and every definition holds `]:`.
/// So when the part up to the first blank line holds a paragraph and no `]:` follows it, that
/// paragraph is the whole source's first. When the part holds none (it ends inside a code block,
/// say), the caller parses everything.
enum SummaryPrefix {
    /// The source up to and including its first blank line after some text (a line of only spaces
    /// and tabs, ended by `\n` or `\r\n`); nil when there is none or a `]:` follows it.
    static func cut(_ source: String) -> Substring? {
        let bytes = source.utf8
        var lineIsBlank = true
        var sawText = false
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            switch byte {
            case 0x0A:  // "\n"
                if lineIsBlank && sawText { return hasDefinition(bytes[next...]) ? nil : source[..<next] }
                sawText = sawText || !lineIsBlank
                lineIsBlank = true
            case 0x20, 0x09:
                break
            case 0x0D where next != bytes.endIndex && bytes[next] == 0x0A:
                break  // the "\r" of "\r\n"
            default:
                // A lone "\r" also ends a line in CommonMark: such a line never counts as blank here.
                lineIsBlank = false
            }
            index = next
        }
        return nil
    }

    /// Whether `]:` occurs: every link reference definition holds it.
    static func hasDefinition(_ bytes: Substring.UTF8View) -> Bool {
        bytes.contains(0x5D, followedBy: 0x3A)
    }
}
