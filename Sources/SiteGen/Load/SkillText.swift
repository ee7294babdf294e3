/// The last word on a skill's short text fields, whatever format they came from: invisible
/// characters out, sizes within `InputLimits`. Skill authors are the public, and these fields
/// appear on many pages.
enum SkillText {
    /// Cleans `skill` in place; false when it cannot be published (the reasons are logged).
    static func check(_ skill: inout Skill, _ log: inout DiagnosticLog) -> Bool {
        var ok = true
        let subject = subject(of: skill)
        func fail(_ message: String) {
            log.error(skill.sourcePath, line: skill.sourceLine, subject + message)
            ok = false
        }
        func required(_ value: String, _ field: String) -> String {
            let text = VisibleText.clean(value)
            if text.isEmpty { fail("`\(field)` is empty once invisible characters are removed") }
            if text.count > InputLimits.fieldCharacters {
                fail("`\(field)` is \(text.count.grouped) characters long; the limit is \(InputLimits.fieldCharacters)")
            }
            return text
        }
        func optional(_ value: String?, _ field: String) -> String? {
            guard let value else { return nil }
            let text = VisibleText.clean(value)
            if text.count > InputLimits.fieldCharacters {
                fail("`\(field)` is \(text.count.grouped) characters long; the limit is \(InputLimits.fieldCharacters)")
            }
            return text.isEmpty ? nil : text
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

        var examples: [String] = []
        for example in skill.examples {
            let text = VisibleText.clean(example)
            if text.count > InputLimits.exampleCharacters {
                fail("an example is \(text.count.grouped) characters long; the limit is \(InputLimits.exampleCharacters)")
            } else if !text.isEmpty, !examples.contains(text) {
                examples.append(text)
            }
        }
        if examples.count > InputLimits.examplesPerSkill {
            log.warning(skill.sourcePath, line: skill.sourceLine,
                        subject + "\(examples.count.grouped) examples; only the first \(InputLimits.examplesPerSkill) are published")
            examples.removeLast(examples.count - InputLimits.examplesPerSkill)
        }
        skill.examples = examples
        return ok
    }

    /// "skill `tag`: " when the file holds several skills (a getSkillList.json), else nothing.
    private static func subject(of skill: Skill) -> String {
        let file = skill.sourcePath.split(separator: "/").last.map(String.init) ?? ""
        let stem = file.split(separator: ".").dropLast().joined(separator: ".")
        return stem == skill.tag ? "" : "skill `\(skill.tag)`: "
    }
}

/// Text as it should reach a page: without the characters that change how the text around
/// them is displayed or that cannot be seen at all.
public enum VisibleText {
    /// Removes bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
    /// which can reverse the text that follows them on the page; zero-width spaces, word joiners
    /// and stray byte-order marks; and control characters. Zero-width (non-)joiners stay: emoji
    /// sequences and several scripts need them. Whitespace at either end is trimmed.
    public static func clean(_ text: String) -> String {
        // Printable ASCII, tabs and line breaks (most text) hold nothing to remove: one pass over bytes.
        func isPlain(_ byte: UInt8) -> Bool { (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let plain = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? text.utf8.allSatisfy(isPlain)
        guard !plain, text.unicodeScalars.contains(where: isRemoved) else { return text.trimmingWhitespace() }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isRemoved(scalar) { scalars.append(scalar) }
        return String(scalars).trimmingWhitespace()
    }

    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
