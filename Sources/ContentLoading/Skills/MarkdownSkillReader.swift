import CatalogueModel
import Foundation
import Yams

/// Reads a skill written as Markdown with YAML front matter (the contract in docs/content.md).
package enum MarkdownSkillReader {
    static let knownKeys = [
        "name", "group", "language", "model", "author", "author_url", "author_email", "image", "examples",
        "dynamic_content", "terms_of_use", "developer_privacy_policy", "created", "tags", "protected", "reviewed",
        "staff_pick",
    ]

    /// Keys from SUSI's JSON or from habit that mean something else in front matter.
    static let hints = [
        "description": "the description is the Markdown text after the closing `---`",
        "descriptions": "the description is the Markdown text after the closing `---`",
        "skill_name": "write `name`",
    ]

    package static func read(_ text: String, id: String, displayPath: String, _ log: inout DiagnosticLog) -> Skill? {
        let parts: FrontMatter
        do {
            parts = try FrontMatter.split(text)
        } catch .missingOpening {
            log.error(
                displayPath, line: 1, column: 1,
                "a skill file must start with `---` and YAML front matter (name, group, …)")
            return nil
        } catch {
            log.error(displayPath, line: 1, column: 1, "front matter is not closed: add a line `---` after the YAML")
            return nil
        }
        guard let mapping = YAMLDocument.mapping(parts.yaml, path: displayPath, lineOffset: parts.yamlLineOffset, &log)
        else {
            return nil
        }
        let yamlLines = parts.yaml.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let bodyLine = parts.yamlLineOffset + yamlLines + 2
        return SkillFields.read(
            from: mapping, id: id, description: parts.body, displayPath: displayPath,
            bodyLine: bodyLine, &log)
    }
}

/// Shared by every YAML reader: parse, and insist on a mapping at the top.
enum YAMLDocument {
    static func mapping(_ yaml: String, path: String, lineOffset: Int, _ log: inout DiagnosticLog) -> YAMLMapping? {
        switch YAMLGuard.check(yaml) {
        case .tooDeep(let line, let column)?:
            log.error(
                path, line: line + lineOffset, column: column,
                "YAML nested more than \(InputLimits.nestingDepth) levels deep, the limit")
            return nil
        case .tooLarge(let line, let column)?:
            log.error(
                path, line: line + lineOffset, column: column,
                "YAML expands to more than \(InputLimits.yamlValues.grouped) values through aliases (`*name`), the limit; write the values out"
            )
            return nil
        case nil:
            break
        }
        // Nearly every skill's front matter is `key: value` lines and simple lists: read without
        // Yams when it is (proven equal in PlainYAMLDifferentialTests), by Yams otherwise.
        if let pairs = PlainYAML.mapping(yaml) { return YAMLMapping(pairs, path: path, lineOffset: lineOffset) }
        let node: Node?
        do {
            // The basic resolver leaves every scalar as text: types are checked field by field
            // below, and the default resolver's regular expressions were a third of load time.
            // UTF-8 said outright: Yams' default encoding reads the whole environment on every call.
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            log.append(diagnostic(for: error, path: path, lineOffset: lineOffset))
            return nil
        } catch {
            log.error(path, "invalid YAML: \(error)")
            return nil
        }
        guard let node else { return YAMLMapping([], path: path, lineOffset: lineOffset) }
        let converted = YAMLNode(node)
        guard case .mapping(let pairs) = converted.kind else {
            log.error(
                path, line: converted.line.map { $0 + lineOffset }, column: converted.column,
                "expected `key: value` lines, found a \(YAMLMapping.kind(converted))")
            return nil
        }
        return YAMLMapping(pairs, path: path, lineOffset: lineOffset)
    }

    package static func diagnostic(for error: YamlError, path: String, lineOffset: Int) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context, !context.text.isEmpty {
                message += " (\(context.text) at line \(context.mark.line + lineOffset))"
            }
            return .error(path, line: mark.line + lineOffset, column: mark.column, message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "`\($0)`" }.joined(separator: ", ")
            // Yams marks the first occurrence; the one to remove is the later one.
            if duplicates.count == 1, let key = duplicates.first,
                let later = laterKey(key, after: context.mark, in: context.text)
            {
                return .error(
                    path, line: later.line + lineOffset, column: later.column,
                    "duplicate key \(keys) (first on line \(context.mark.line + lineOffset)): each key may appear once")
            }
            return .error(
                path, line: context.mark.line + lineOffset, column: context.mark.column,
                "duplicate key \(keys): each key may appear once")
        case .reader(let problem, let offset, let value, let yaml):
            // The reader reports a byte offset, not a line: count it out.
            guard let offset else { return .error(path, "invalid YAML: \(problem)") }
            let at = JSONProblem.position(ofByte: offset, in: Data(yaml.utf8))
            let character =
                Unicode.Scalar(UInt32(bitPattern: value)).map {
                    " (U+\(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
                } ?? ""
            return .error(path, line: at.line + lineOffset, column: at.column, "invalid YAML: \(problem)\(character)")
        default:
            return .error(path, "invalid YAML: \(error)")
        }
    }

    /// The next line that holds `key:` at the same column as the first occurrence.
    static func laterKey(_ key: String, after first: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.column >= 1, first.line < lines.count else { return nil }
        for index in first.line..<lines.count {
            let scalars = Array(lines[index].unicodeScalars)
            guard scalars.count >= first.column - 1 else { continue }
            let rest = String(String.UnicodeScalarView(scalars.dropFirst(first.column - 1)))
            guard scalars.prefix(first.column - 1).allSatisfy({ $0 == " " || $0 == "-" }) else { continue }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling) {
                if rest.dropFirst(spelling.count).drop(while: { $0 == " " }).hasPrefix(":") {
                    return (index + 1, first.column)
                }
            }
        }
        return nil
    }
}

/// The fields every skill format shares, read from a YAML mapping.
enum SkillFields {
    package static func read(
        from m: YAMLMapping, id: String, description: String, displayPath: String,
        bodyLine: Int, _ log: inout DiagnosticLog
    ) -> Skill? {
        var ok = true
        let rawName = m.string("name", &log)
        let rawGroup = m.string("group", &log)
        let name = Placeholder.given(rawName)
        let group = Placeholder.given(rawGroup)
        if name == nil {
            if let rawName, Placeholder.isPlaceholder(rawName) {
                m.error(&log, at: m.value("name"), Placeholder.requiredMessage("name", rawName))
            } else {
                log.error(displayPath, line: 1, column: 1, "missing required field `name` (the skill's display name)")
            }
            ok = false
        }
        if group == nil {
            if let rawGroup, Placeholder.isPlaceholder(rawGroup) {
                m.error(&log, at: m.value("group"), Placeholder.requiredMessage("group", rawGroup))
            } else {
                log.error(displayPath, line: 1, column: 1, "missing required field `group` (the category, e.g. `News`)")
            }
            ok = false
        }
        let language = Placeholder.given(m.string("language", &log)) ?? "en"
        let model = Placeholder.given(m.string("model", &log)) ?? "general"
        let author = Placeholder.given(m.string("author", &log))
        let authorURLRaw = m.string("author_url", &log)
        let authorURL = SafeURL.external(authorURLRaw)
        _ = m.string("author_email", &log)  // read so it is known; never published
        let examples = (m.stringList("examples", &log) ?? []).compactMap { Placeholder.given($0) }
        let dynamic = m.bool("dynamic_content", &log) ?? false
        let status = SusiStatus(
            reviewed: m.bool("reviewed", &log) ?? true, staffPick: m.bool("staff_pick", &log) ?? false)
        let terms = SafeURL.external(m.string("terms_of_use", &log))
        let privacy = SafeURL.external(m.string("developer_privacy_policy", &log))
        _ = m.stringList("tags", &log)
        _ = m.string("protected", &log)
        var created: String?
        if let raw = m.string("created", &log) {
            created = DateText.day(raw)
            if created == nil {
                m.error(&log, at: m.value("created"), "`created` must be a date like 2024-03-01")
            }
        }
        var image: ImageReference?
        if let raw = m.string("image", &log) {
            switch ImagePath.resolve(raw, base: "") {
            case .success(let ref): image = ref
            case .failure(let why): m.warning(&log, at: m.value("image"), ImagePath.message(for: why, raw: raw))
            case nil: break
            }
        }
        m.warnUnknownKeys(
            known: MarkdownSkillReader.knownKeys, hints: MarkdownSkillReader.hints, &log, what: "front-matter")
        guard ok, let name, let group else { return nil }
        let tag = id.slashSeparated(omittingEmpty: true).last.map(String.init) ?? id
        var skill = Skill(
            id: id, tag: tag, name: name, group: group, language: language, model: model, author: author,
            authorURL: SafeURL.isHTTP(authorURL ?? "") ? authorURL : nil, image: image, examples: dedupe(examples),
            description: description, dynamicContent: dynamic, termsOfUse: terms, privacyPolicy: privacy,
            created: created, sourcePath: displayPath, sourceLine: 1
        )
        if status != SusiStatus() { skill.status = status }
        return skill
    }

    static func dedupe(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
