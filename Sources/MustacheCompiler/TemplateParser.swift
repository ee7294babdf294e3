/// Turns one template's text into nodes with swift-mustache 2.1.1's rules, step for step
/// (`Template+Parser.swift`): the same standalone lines, the same whitespace kept or dropped, the
/// same text split into the same pieces (a partial's indentation is applied per piece), and a
/// failure wherever swift-mustache fails. What it does not support (transforms, dynamic
/// partials) fails too, rather than rendering differently.
struct TemplateParser {
    private var cursor: TemplateCursor
    private let partials: [String: Int]
    private let contentTypes: [String: TemplateEscaping]
    private let vocabulary: [String: Int]

    init(
        _ source: [Character], partials: [String: Int], contentTypes: [String: TemplateEscaping],
        vocabulary: [String: Int] = [:]
    ) {
        self.cursor = TemplateCursor(source)
        self.partials = partials
        self.contentTypes = contentTypes
        self.vocabulary = vocabulary
    }

    /// Swift-mustache's `ParserState`: what changes as sections, parents and delimiters nest.
    private struct State {
        var sectionName: String?
        /// Where the tag that opened `sectionName` starts, for "never closed".
        var sectionStart = 0
        var newLine = true
        /// Inside `{{<parent}}`, where lines lose the indentation of the first line of a block.
        var isPartialDefinition = false
        /// Directly inside `{{<parent}}`, where `{{$name}}` defines a block instead of using one.
        var isPartialDefinitionTopLevel = false
        var partialDefinitionIndent: Int?
        var startDelimiter: [Character] = ["{", "{"]
        var endDelimiter: [Character] = ["}", "}"]

        func inSection(_ name: String, at start: Int, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.sectionStart = start
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inParent(_ name: String, at start: Int) -> State {
            var state = self
            state.sectionName = name
            state.sectionStart = start
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }

        func withDelimiters(start: [Character], end: [Character]) -> State {
            var state = self
            state.startDelimiter = start
            state.endDelimiter = end
            state.isPartialDefinitionTopLevel = false
            return state
        }

        var open: String { String(startDelimiter) }
        var close: String { String(endDelimiter) }
    }

    mutating func parseTemplate() throws -> [TemplateNode] {
        try parse(State())
    }

    private mutating func parse(_ initial: State) throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var state = initial
        var whiteSpaceBefore = ""
        func flushWhiteSpace() {
            if !whiteSpaceBefore.isEmpty {
                nodes.append(.text(Array(whiteSpaceBefore.utf8)))
                whiteSpaceBefore = ""
            }
        }
        while !cursor.reachedEnd {
            if state.newLine {
                let whiteSpace = cursor.read(while: { $0 == " " || $0 == "\t" })
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = String(whiteSpace.dropFirst(indent))
                    } else {
                        state.partialDefinitionIndent = whiteSpace.count
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = try readText(state)
            if cursor.current.isNewline {
                nodes.append(.text(Array((whiteSpaceBefore + text + String(cursor.current)).utf8)))
                state.newLine = true
                cursor.advance()
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(Array((whiteSpaceBefore + text).utf8)))
                whiteSpaceBefore = ""
                state.newLine = false
            }
            if cursor.reachedEnd { break }
            let tagStart = cursor.position - state.startDelimiter.count
            var standalone = false
            do {
                switch cursor.current {
                case "#", "^":
                    let inverted = cursor.current == "^"
                    cursor.advance()
                    let name = try readName(state, tagStart: tagStart)
                    if isStandalone(state) {
                        standalone = true
                    } else {
                        flushWhiteSpace()
                    }
                    let body = try parse(state.inSection(name, at: tagStart, newLine: standalone))
                    nodes.append(
                        inverted
                            ? .invertedSection(TemplateName(name, vocabulary: vocabulary), body)
                            : .section(TemplateName(name, vocabulary: vocabulary), body))

                case "/":
                    cursor.advance()
                    let name = try readName(state, tagStart: tagStart)
                    guard name == state.sectionName else {
                        let message =
                            state.sectionName.map {
                                "`\(state.open)/\(name)\(state.close)` does not close the open section `\($0)`: close that first with `\(state.open)/\($0)\(state.close)`"
                            } ?? "`\(state.open)/\(name)\(state.close)` closes a section that is not open"
                        throw TemplateParseFailure(offset: tagStart, message: message)
                    }
                    if !isStandalone(state) { flushWhiteSpace() }
                    return nodes

                case "!":
                    cursor.advance()
                    do { try cursor.skip(past: state.endDelimiter) } catch is TemplateCursor.Overflow {
                        throw TemplateParseFailure(
                            offset: tagStart, message: "a comment is never closed with `\(state.close)`")
                    }
                    standalone = isStandalone(state)

                case "{", "&":
                    let triple = cursor.current == "{"
                    flushWhiteSpace()
                    cursor.advance()
                    let name = try readName(state, tagStart: tagStart)
                    if triple, try !cursor.read("}") {
                        throw TemplateParseFailure(
                            offset: tagStart, message: "`\(state.open){\(name)` is not closed with `}\(state.close)`")
                    }
                    nodes.append(.variable(TemplateName(name, vocabulary: vocabulary), escaped: false))

                case ">", "<":
                    standalone = try parsePartial(state, tagStart: tagStart, into: &nodes, after: &whiteSpaceBefore)

                case "$":
                    standalone = try parseBlock(state, tagStart: tagStart, into: &nodes, after: &whiteSpaceBefore)

                case "=":
                    cursor.advance()
                    state = try readDelimiters(state, tagStart: tagStart)
                    standalone = isStandalone(state)

                case "%":
                    cursor.advance()
                    nodes.append(.contentType(try readPragma(state, tagStart: tagStart)))
                    standalone = isStandalone(state)

                default:
                    flushWhiteSpace()
                    let name = try readName(state, tagStart: tagStart)
                    nodes.append(.variable(TemplateName(name, vocabulary: vocabulary), escaped: true))
                }
            } catch is TemplateCursor.Overflow {
                throw TemplateParseFailure.endsInsideTag(at: tagStart)
            }
            state.newLine = standalone
        }
        if let open = state.sectionName {
            throw TemplateParseFailure(
                offset: state.sectionStart,
                message: "section `\(open)` is never closed: add `\(state.open)/\(open)\(state.close)`")
        }
        return nodes
    }

    /// `{{>partial}}`, or `{{<parent}}…{{/parent}}` with its overrides; true when the tag stands
    /// alone on its line. `whiteSpace` is the line's indentation before the tag.
    private mutating func parsePartial(
        _ state: State, tagStart: Int, into nodes: inout [TemplateNode], after whiteSpace: inout String
    ) throws -> Bool {
        let isParent = cursor.current == "<"
        cursor.advance()
        cursor.skipWhitespace()
        try rejectDynamicName(state, tagStart: tagStart)
        let name = try readPartialName(state, tagStart: tagStart)
        let indentation = Array(whiteSpace.utf8)
        if !indentation.isEmpty { nodes.append(.text(indentation)) }
        let standalone = isStandalone(state)
        if isParent {
            let overrides = try readOverrides(state.inParent(name, at: tagStart), tagStart: tagStart)
            nodes.append(.partial(template: partials[name], indentation: indentation, overrides: overrides))
        } else {
            nodes.append(
                .partial(template: partials[name], indentation: standalone ? indentation : nil, overrides: nil))
        }
        whiteSpace = ""
        return standalone
    }

    /// `{{$block}}…{{/block}}`: a block's definition at a partial's top level, else a block
    /// with its default body; true when the tag stands alone on its line.
    private mutating func parseBlock(
        _ state: State, tagStart: Int, into nodes: inout [TemplateNode], after whiteSpace: inout String
    ) throws -> Bool {
        cursor.advance()
        let name = try readName(state, tagStart: tagStart)
        let standalone: Bool
        if state.isPartialDefinitionTopLevel {
            standalone = isStandalone(state)
            let body = try parse(state.inSection(name, at: tagStart, newLine: standalone))
            nodes.append(.blockDefinition(name: name, body: body))
        } else {
            if !whiteSpace.isEmpty { nodes.append(.text(Array(whiteSpace.utf8))) }
            standalone = isStandalone(state)
            let body = try parse(state.inSection(name, at: tagStart, newLine: standalone))
            nodes.append(.block(name: name, defaultBody: body, indentation: Array(whiteSpace.utf8)))
            whiteSpace = ""
        }
        return standalone
    }

    /// The blocks inside `{{<parent}}…{{/parent}}`; text between them is dropped, anything
    /// else is an error.
    private mutating func readOverrides(_ state: State, tagStart: Int) throws -> [String: [TemplateNode]] {
        var overrides: [String: [TemplateNode]] = [:]
        for node in try parse(state) {
            switch node {
            case .blockDefinition(let block, let body): overrides[block] = body
            case .text: break
            default:
                let parent = state.sectionName ?? ""
                throw TemplateParseFailure(
                    offset: tagStart,
                    message:
                        "only blocks (`\(state.open)$name\(state.close)…\(state.open)/name\(state.close)`) and text may stand directly inside `\(state.open)<\(parent)\(state.close)`"
                )
            }
        }
        return overrides
    }

    /// Text up to the next tag (its opening delimiter consumed) or line end (not consumed).
    private mutating func readText(_ state: State) throws -> String {
        let first = state.startDelimiter[0]
        var text = ""
        while !cursor.reachedEnd {
            text += cursor.read(while: { $0 != "\n" && $0 != "\r\n" && $0 != first })
            if cursor.current.isNewline { break }
            if cursor.current == first {
                let at = cursor.position
                do {
                    if try cursor.read(string: state.startDelimiter) { break }
                } catch is TemplateCursor.Overflow {
                    throw TemplateParseFailure.endsInsideTag(at: at)
                }
                text.append(first)
                cursor.advance()
            }
        }
        return text
    }

    private mutating func isStandalone(_ state: State) -> Bool {
        state.newLine && cursor.lineFinished()
    }

    private static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let transformCharacters = Set<Character>("()")
    private static let partialNameCharacters = nameCharacters.union("()/")

    /// A tag's name and its closing delimiter.
    private mutating func readName(_ state: State, tagStart: Int) throws -> String {
        cursor.skipWhitespace()
        let name = cursor.read(while: { Self.nameCharacters.contains($0) || Self.transformCharacters.contains($0) })
        cursor.skipWhitespace()
        guard try cursor.read(string: state.endDelimiter) else {
            throw TemplateParseFailure(
                offset: tagStart,
                message:
                    "the tag is not closed with `\(state.close)` after its name (a name holds letters, digits and `.-_?*` only)"
            )
        }
        if name.contains(where: Self.transformCharacters.contains) {
            throw TemplateParseFailure(
                offset: tagStart,
                message:
                    "`\(name)`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead"
            )
        }
        return name
    }

    private mutating func readPartialName(_ state: State, tagStart: Int) throws -> String {
        cursor.skipWhitespace()
        let name = cursor.read(while: Self.partialNameCharacters.contains)
        cursor.skipWhitespace()
        guard try cursor.read(string: state.endDelimiter) else {
            throw TemplateParseFailure(
                offset: tagStart, message: "the tag is not closed with `\(state.close)` after the template's name")
        }
        return name
    }

    private func rejectDynamicName(_ state: State, tagStart: Int) throws {
        if cursor.current == "*" {
            throw TemplateParseFailure(
                offset: tagStart,
                message: "dynamic partials (`\(state.open)>*name\(state.close)`) are not supported; name the template")
        }
    }

    /// `{{=<% %>=}}`: the new delimiters hold no spaces and are separated by one.
    private mutating func readDelimiters(_ state: State, tagStart: Int) throws -> State {
        let invalid = TemplateParseFailure(
            offset: tagStart,
            message:
                "invalid set-delimiter tag: write it as `\(state.open)=<% %>=\(state.close)`, two delimiters without spaces in them"
        )
        let start: String
        let end: String
        do {
            cursor.skipWhitespace()
            start = try cursor.read(until: \.isWhitespace)
            cursor.skipWhitespace()
            end = try cursor.read(until: { $0 == "=" || $0.isWhitespace })
            cursor.skipWhitespace()
        } catch {
            throw invalid
        }
        guard try cursor.read("="), try cursor.read(string: state.endDelimiter), !start.isEmpty, !end.isEmpty else {
            throw invalid
        }
        return state.withDelimiters(start: Array(start), end: Array(end))
    }

    /// `{{% CONTENT_TYPE: name }}`, the only pragma swift-mustache knows.
    private mutating func readPragma(_ state: State, tagStart: Int) throws -> TemplateEscaping {
        let invalid = TemplateParseFailure(
            offset: tagStart, message: "invalid pragma: write it as `\(state.open)% CONTENT_TYPE: HTML \(state.close)`")
        let variable: String
        let value: String
        do {
            cursor.skipWhitespace()
            variable = cursor.read(while: Self.nameCharacters.contains)
            cursor.skipWhitespace()
            guard try cursor.read(":") else { throw invalid }
            cursor.skipWhitespace()
            value = cursor.read(while: Self.nameCharacters.contains)
            cursor.skipWhitespace()
            guard try cursor.read(string: state.endDelimiter) else { throw invalid }
        } catch {
            throw invalid
        }
        guard !variable.isEmpty, !value.isEmpty else { throw invalid }
        guard variable == "CONTENT_TYPE" else {
            throw TemplateParseFailure(
                offset: tagStart, message: "unknown pragma `\(variable)`: only CONTENT_TYPE is supported")
        }
        guard let escaping = contentTypes[value] else {
            let known = contentTypes.keys.sorted().joined(separator: ", ")
            throw TemplateParseFailure(offset: tagStart, message: "unknown content type `\(value)` (known: \(known))")
        }
        return escaping
    }
}
