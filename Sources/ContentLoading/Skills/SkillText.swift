import CatalogueModel

/// The last word on a skill's short text fields, whatever format they came from: invisible
/// characters out, sizes within `InputLimits`. Skill authors are the public, and these fields
/// appear on many pages.
package enum SkillText {
    /// Warning kinds for community files, which are shortened rather than refused.
    package enum Kind {
        static let shortened = "SUSI text shortened"
        static let exampleDropped = "SUSI example dropped"
    }

    /// Cleans `skill` in place; false when it cannot be published (the reasons are logged).
    /// - Parameter community: the skill comes from a SUSI `.txt` file, written by the public and
    ///   not editable before every build: a field over a limit is shortened (an example dropped)
    ///   with a warning instead of failing the build.
    package static func check(_ skill: inout Skill, community: Bool = false, _ log: inout DiagnosticLog) -> Bool {
        var ok = true
        // Only a message needs it: made then, not for every skill read.
        let (path, tag) = (skill.sourcePath, skill.tag)
        var subject: String { Self.subject(path: path, tag: tag) }
        func fail(_ message: String) {
            log.error(skill.sourcePath, line: skill.sourceLine, subject + message)
            ok = false
        }
        // No text has more characters than UTF-8 bytes: most are measured without counting characters.
        func longer(_ text: String, than limit: Int) -> Bool { text.utf8.count > limit && text.count > limit }
        func limited(_ text: String, _ field: String) -> String {
            guard longer(text, than: InputLimits.fieldCharacters) else { return text }
            let message =
                "`\(field)` is \(text.count.grouped) characters long; the limit is \(InputLimits.fieldCharacters)"
            guard community else {
                fail(message)
                return text
            }
            log.append(
                Diagnostic.warning(skill.sourcePath, line: skill.sourceLine, subject + message + ", so it is shortened")
                    .kind(Kind.shortened))
            return String(text.prefix(InputLimits.fieldCharacters - 1)) + "…"
        }
        func required(_ value: String, _ field: String) -> String {
            let text = VisibleText.clean(value)
            if text.isEmpty { fail("`\(field)` is empty once invisible characters are removed") }
            return limited(text, field)
        }
        func optional(_ value: String?, _ field: String) -> String? {
            guard let value else { return nil }
            let text = VisibleText.clean(value)
            return text.isEmpty ? nil : limited(text, field)
        }
        // The files' own text was checked as it was read; this catches what a JSON escape
        // (`\u0000`) puts into a description.
        if let control = ControlCharacters.first(in: skill.description) {
            fail("`description` holds the control character \(control.name), which cannot appear on a page; remove it")
        }
        skill.name = required(skill.name, "name")
        skill.group = required(skill.group, "group")
        skill.language = required(skill.language, "language")
        skill.model = required(skill.model, "model")
        skill.author = optional(skill.author, "author")
        if let author = skill.author, ReviewDraft.looksLikeEmail(author) {
            // Real SUSI files name authors by address (`::author someone@example.org`); authors'
            // addresses are never published, whichever key holds them.
            log.warning(
                skill.sourcePath, line: skill.sourceLine,
                subject + "`author` looks like an e-mail address, which is never published; the skill shows no author")
            skill.author = nil
        }

        var examples: [String] = []
        // A set, not `examples.contains`: SUSI's largest file has tens of thousands of examples.
        var seen = Set<String>()
        for example in skill.examples {
            let text = VisibleText.clean(example)
            if longer(text, than: InputLimits.exampleCharacters) {
                let message =
                    "an example is \(text.count.grouped) characters long; the limit is \(InputLimits.exampleCharacters)"
                if community {
                    log.append(
                        Diagnostic.warning(
                            skill.sourcePath, line: skill.sourceLine, subject + message + ", so it is left out"
                        )
                        .kind(Kind.exampleDropped))
                } else {
                    fail(message)
                }
            } else if !text.isEmpty, seen.insert(text).inserted {
                examples.append(text)
            }
        }
        if examples.count > InputLimits.examplesPerSkill {
            log.warning(
                skill.sourcePath, line: skill.sourceLine,
                subject
                    + "\(examples.count.grouped) examples; only the first \(InputLimits.examplesPerSkill) are published"
            )
            examples.removeLast(examples.count - InputLimits.examplesPerSkill)
        }
        skill.examples = examples
        return ok
    }

    /// "skill `tag`: " when the file holds several skills (a getSkillList.json), else nothing.
    private static func subject(path: String, tag: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? ""
        let stem = file.split(separator: ".").dropLast().joined(separator: ".")
        return stem == tag ? "" : "skill `\(tag)`: "
    }
}
