/// A position in a template's characters, read the way swift-mustache's `Parser` reads them: by
/// `Character`, comparing with Swift's canonical equivalence, failing where it reads past the end.
struct TemplateCursor {
    /// Reading ran off the end of the template where swift-mustache's parser throws `overflow`.
    struct Overflow: Error {}

    let source: [Character]
    var position = 0

    init(_ source: [Character]) { self.source = source }

    var reachedEnd: Bool { position == source.count }

    /// The character here, or NUL at the end (as swift-mustache answers).
    var current: Character { position < source.count ? source[position] : "\0" }

    mutating func advance() { position += 1 }

    @discardableResult
    mutating func read(while accept: (Character) -> Bool) -> String {
        let start = position
        while position < source.count, accept(source[position]) { position += 1 }
        return String(source[start..<position])
    }

    mutating func skipWhitespace() { read(while: \.isWhitespace) }

    /// Reads up to the first character that `stop` accepts; throws if there is none.
    mutating func read(until stop: (Character) -> Bool) throws -> String {
        let start = position
        while position < source.count {
            if stop(source[position]) { return String(source[start..<position]) }
            position += 1
        }
        position = start
        throw Overflow()
    }

    /// Consumes `character` if it is next; throws at the end.
    mutating func read(_ character: Character) throws -> Bool {
        guard !reachedEnd else { throw Overflow() }
        guard source[position] == character else { return false }
        position += 1
        return true
    }

    /// Consumes `string` if it comes next; throws when fewer characters are left than it has.
    mutating func read(string: [Character]) throws -> Bool {
        guard !string.isEmpty else { return true }
        guard source.count - position >= string.count else { throw Overflow() }
        let end = position + string.count
        // Compared as strings, as swift-mustache does: canonically equivalent spellings match.
        guard String(source[position..<end]) == String(string) else { return false }
        position = end
        return true
    }

    /// Consumes a comment's text and its closing delimiter, with swift-mustache's matcher (which
    /// does not retry a partial match, so `%%>` does not close a `<% %>` comment).
    mutating func skip(past delimiter: [Character]) throws {
        guard !delimiter.isEmpty else { return }
        let start = position
        var matched = 0
        while position < source.count {
            if source[position] == delimiter[matched] {
                matched += 1
                if matched == delimiter.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        position = start
        throw Overflow()
    }

    /// After a tag: the rest of the line is blank, so the tag stands alone and the line (its
    /// newline included) is consumed. At the very end of the template a tag also stands alone,
    /// but not when only spaces follow it there (swift-mustache's rule, kept).
    mutating func lineFinished() -> Bool {
        if reachedEnd { return true }
        var ahead = position
        while ahead < source.count, source[ahead] == " " || source[ahead] == "\t" { ahead += 1 }
        guard ahead < source.count, source[ahead].isNewline else { return false }
        position = ahead + 1
        return true
    }
}
