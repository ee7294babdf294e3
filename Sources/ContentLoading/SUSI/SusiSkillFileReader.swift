import CatalogueModel

/// Reads a SUSI skill file (`.txt`) with the SUSI server's rules (see docs/susi-repositories.md).
/// Pure: text and where the file sits in, skill and diagnostics out.
package enum SusiSkillFileReader {
    /// Keys the catalogue uses.
    package static let keys = [
        "name", "author", "author_url", "author_email", "description", "dynamic_content",
        "developer_privacy_policy", "image", "terms_of_use", "protected", "tags",
    ]
    /// Keys that are valid SUSI but say nothing the catalogue shows: `category` and `language`
    /// (the server takes both from the path) and the dialogue engine's own settings.
    static let ignoredKeys = ["category", "language", "prior", "minor", "on", "kickoff"]

    /// Warning kinds, for the summary of a large repository.
    package enum Kind {
        static let unknownKey = "unknown SUSI key"
        package static let skipped = "SUSI file skipped"
        package static let image = "SUSI image ignored"
        package static let url = "SUSI link ignored"
        static let yesNo = "SUSI yes/no value"
    }

    package struct Result {
        package var skill: Skill?
        /// `::tags`, which the catalogue does not show but an import keeps.
        package var tags: [String] = []
        package var diagnostics: [Diagnostic] = []
    }

    package static func read(_ text: String, location: SusiSkillLocation, id: String, displayPath: String) -> Result {
        let parsed = SusiSkillText.parse(text)
        var result = Result()
        func warn(_ line: Int?, _ kind: String, _ message: String) {
            result.diagnostics.append(
                Diagnostic.warning(displayPath, line: line, column: line.map { _ in 1 }, message).kind(kind))
        }
        for problem in parsed.keyProblems {
            if problem.key.isEmpty {
                warn(
                    problem.line, Kind.unknownKey,
                    "a metadata line needs a key (`::name My Skill`); this one is ignored")
                continue
            }
            var message = "unknown SUSI key `::\(problem.key)`"
            if let guess = Suggestion.closest(to: problem.key, in: keys + ignoredKeys) {
                message += "; did you mean `::\(guess)`? The line is ignored"
            } else {
                message += " is ignored"
            }
            warn(problem.line, Kind.unknownKey, message)
        }
        if parsed.isBlank {
            warn(
                nil, Kind.skipped,
                text.isEmpty
                    ? "empty SUSI skill file; skipped"
                    : "SUSI skill file holds nothing but blank lines and comments; skipped")
            return result
        }
        let meta = parsed.metadata
        guard let name = Placeholder.given(meta["name"]?.text) else {
            if let raw = meta["name"] {
                warn(
                    raw.line, Kind.skipped,
                    "`::name \(raw.text.prefix(80))` is an unfilled template value; the file is skipped until it names the skill"
                )
            } else {
                warn(
                    nil, Kind.skipped,
                    "no `::name` line (the skill's display name, e.g. `::name \(location.tag.prefix(60))`); the file is skipped"
                )
            }
            return result
        }

        func link(_ key: String, httpOnly: Bool) -> String? {
            guard let raw = meta[key], Placeholder.given(raw.text) != nil else { return nil }
            if let url = SafeURL.external(raw.text), !httpOnly || SafeURL.isHTTP(url) { return url }
            warn(
                raw.line, Kind.url,
                "`::\(key)` `\(raw.text.prefix(80))` is not \(httpOnly ? "an http(s)" : "an http(s) or mailto") URL; it is not linked"
            )
            return nil
        }
        func yes(_ key: String) -> Bool {
            guard let raw = meta[key], let value = Placeholder.given(raw.text) else { return false }
            switch value.lowercased() {
            case "yes": return true
            case "no": return false
            default:
                warn(raw.line, Kind.yesNo, "`::\(key) \(value.prefix(40))` counts as no: SUSI reads only `yes` as yes")
                return false
            }
        }

        var image: ImageReference?
        if let raw = meta["image"] {
            switch ImagePath.resolve(raw.text, base: location.languageFolder) {
            case .success(let reference): image = reference
            case .failure(let why): warn(raw.line, Kind.image, ImagePath.message(for: why, raw: raw.text))
            case nil: break
            }
        }
        // `::author_email` is read by the server for its own use; it is never published here.
        result.tags = (meta["tags"]?.text ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter {
            !$0.isEmpty
        }
        result.skill = Skill(
            id: id, tag: location.tag, name: name, group: location.group, language: location.language,
            model: location.model, author: Placeholder.given(meta["author"]?.text),
            authorURL: link("author_url", httpOnly: true), image: image, examples: parsed.examples,
            description: Placeholder.given(meta["description"]?.text) ?? "", dynamicContent: yes("dynamic_content"),
            termsOfUse: link("terms_of_use", httpOnly: false),
            privacyPolicy: link("developer_privacy_policy", httpOnly: false), sourcePath: displayPath, sourceLine: 1
        )
        return result
    }
}

/// The parts of a SUSI skill file the catalogue needs, found with the server's line rules.
struct SusiSkillText: Equatable {
    package struct Value: Equatable {
        package var text: String
        package var line: Int
    }

    struct KeyProblem: Equatable {
        package var key: String
        package var line: Int
    }

    /// Known keys with a value; a repeated key keeps its last value.
    var metadata: [String: Value] = [:]
    /// `!example:` texts in file order, without repeats.
    package var examples: [String] = []
    var keyProblems: [KeyProblem] = []
    /// No metadata and no intents: only blank lines and comments.
    var isBlank = true

    package static func parse(_ text: String) -> SusiSkillText {
        var result = SusiSkillText()
        var seenExamples = Set<String>()
        // The current intent block, lines joined where the server joins them (a `\` at the end
        // of one line or the start of the next).
        var block: [String] = []

        func closeBlock() {
            // The first line of a block holds the phrases the intent answers to; an `!example:`
            // there is a phrase, not an example.
            for line in block.dropFirst() {
                guard let example = example(in: line), seenExamples.insert(example).inserted else { continue }
                result.examples.append(example)
            }
            block = []
        }

        for (index, raw) in lines(text).enumerated() {
            let line = normalized(raw)
            if line.isEmpty {
                closeBlock()
                continue
            }
            if line.hasPrefix("::") {
                result.isBlank = false
                closeBlock()
                result.readMetadata(line, number: index + 1)
                continue
            }
            if line.hasPrefix("#") {
                continue
            }
            result.isBlank = false
            if let last = block.last {
                if line.hasPrefix("\\") {
                    block[block.count - 1] = last + " " + String(line.dropFirst())
                    continue
                }
                if last.hasSuffix("\\") {
                    block[block.count - 1] = String(last.dropLast()) + " " + line
                    continue
                }
            } else if line.hasPrefix("\\") {
                block.append(String(line.dropFirst()))
                continue
            }
            block.append(line)
        }
        closeBlock()
        return result
    }

    /// `::key value`: the key runs to the first space, the value is the rest, trimmed. A key
    /// without a value sets nothing.
    mutating func readMetadata(_ line: String, number: Int) {
        let body = line.dropFirst(2)
        let key: Substring
        let value: String
        if let space = body.firstIndex(of: " ") {
            key = body[..<space]
            value = Self.trimmed(body[space...])
        } else {
            key = body
            value = ""
        }
        let name = String(key)
        guard SusiSkillFileReader.keys.contains(name) || SusiSkillFileReader.ignoredKeys.contains(name) else {
            keyProblems.append(KeyProblem(key: name, line: number))
            return
        }
        if !value.isEmpty { metadata[name] = Value(text: value, line: number) }
    }

    /// The text of an `!example:` line (case and spaces around the word do not matter).
    package static func example(in line: String) -> String? {
        let text = trimmed(Substring(line))
        guard text.hasPrefix("!"), let colon = text.firstIndex(of: ":") else { return nil }
        let head = trimmed(text[text.index(after: text.startIndex)..<colon]).lowercased()
        guard head == "example" else { return nil }
        return Placeholder.given(trimmed(text[text.index(after: colon)...]))
    }

    /// Lines end at `\n`, `\r\n` or a lone `\r`.
    package static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if afterCR {
                afterCR = false
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\n":
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case "\r":
                lines.append(String(current))
                current = String.UnicodeScalarView()
                afterCR = true
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    /// Right-trimmed (of spaces and control characters, as the server's Java does), then each
    /// tab becomes four spaces.
    static func normalized(_ line: String) -> String {
        var scalars = Substring(line).unicodeScalars[...]
        while let last = scalars.last, last.value <= 0x20 { scalars = scalars.dropLast() }
        let text = String(String.UnicodeScalarView(scalars))
        return text.contains("\t") ? text.replacingTabs() : text
    }

    /// Java's `String.trim()`: spaces and control characters off both ends.
    static func trimmed(_ text: Substring) -> String {
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, first.value <= 0x20 { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        var out = ""
        for ch in self { if ch == "\t" { out += "    " } else { out.append(ch) } }
        return out
    }
}
