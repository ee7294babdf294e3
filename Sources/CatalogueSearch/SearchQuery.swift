/// What a visitor typed, as the words a search looks for. Only letters and digits make words;
/// everything else separates them, so the full-text syntax of either backend (`"`, `*`, `-`,
/// `:`, `^`, `(`, `&`, `|`, `!`, `<->`) can never reach it as syntax, and `NEAR`, `AND` or `OR`
/// are plain words. Each word matches a word of a skill that starts with it (`weath` finds
/// "weather"); a skill must match every word.
public struct SearchQuery: Sendable, Equatable {
    /// Longer queries are refused (the server answers 414): nobody types more, and the limit
    /// bounds the work one request can ask for. The header's form says `maxlength="200"` too.
    public static let maxCharacters = 200
    /// Words past this many are dropped: a skill that matches sixteen words is found.
    public static let maxWords = 16

    public let text: String
    /// Lowercased, in the order typed, without repeats.
    public let words: [String]

    public init(_ text: String) {
        self.text = text
        var words: [String] = []
        for word in Self.words(in: text) where !words.contains(word) {
            words.append(word)
            if words.count == Self.maxWords { break }
        }
        self.words = words
    }

    /// The runs of letters and digits in `text`, lowercased, in order. PostgreSQL's index is made
    /// from these rather than from the text as written: its parser would otherwise read `<b>`,
    /// `a@b.org` or `/x/y` as markup, addresses and paths (and index `<script>…</script>` not at
    /// all), where FTS5 and the query see words.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether there is nothing to look for (an empty query, or one of punctuation only).
    public var isEmpty: Bool { words.isEmpty }

    /// FTS5's query language: each word a quoted string (FTS5 tokenizes it as it tokenized the
    /// text) with `*` for a prefix match, joined by spaces (AND). A word holds no `"`.
    var fts5: String {
        words.map { "\"\($0)\" *" }.joined(separator: " ")
    }

    /// PostgreSQL's `to_tsquery` text: each word quoted, as a prefix (`:*`), joined by `&`.
    /// A word holds no `'` or `\`.
    var tsquery: String {
        words.map { "'\($0)':*" }.joined(separator: " & ")
    }
}
