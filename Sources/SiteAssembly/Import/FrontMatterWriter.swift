import CatalogueModel
import ContentLoading

/// Writes a skill as Markdown with YAML front matter, the format `MarkdownSkillReader` reads.
/// Every text value is double-quoted and escaped, so names holding `:`, `#`, quotes, `<>`,
/// leading dashes, `yes`/`no` or control characters come back exactly as they went in.
enum FrontMatterWriter {
    /// - Parameters:
    ///   - image: the front-matter value (a path relative to the content folder, or a URL).
    ///   - tags: kept although the catalogue does not show them, so an import loses nothing.
    static func markdown(for skill: Skill, image: String?, tags: [String] = []) -> String {
        var lines = ["---"]
        func text(_ key: String, _ value: String?) {
            if let value { lines.append("\(key): \(quoted(value))") }
        }
        func list(_ key: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            lines.append("\(key):")
            lines += values.map { "  - \(quoted($0))" }
        }
        text("name", skill.name)
        text("group", skill.group)
        text("language", skill.language)
        text("model", skill.model)
        text("author", skill.author)
        text("author_url", skill.authorURL)
        text("image", image)
        list("examples", skill.examples)
        if skill.dynamicContent { lines.append("dynamic_content: true") }
        text("terms_of_use", skill.termsOfUse)
        text("developer_privacy_policy", skill.privacyPolicy)
        text("created", skill.created)
        list("tags", tags)
        lines.append("---")
        var out = lines.joined(separator: "\n") + "\n"
        if !skill.description.isEmpty { out += skill.description + (skill.description.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    /// A YAML double-quoted scalar. Outside the escapes, only what YAML calls printable stands
    /// raw; line breaks of every kind are escaped so the value stays on one line.
    package static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                let v = scalar.value
                let printable =
                    (0x20...0x7E).contains(v) || (0xA0...0xD7FF).contains(v)
                    || ((0xE000...0xFFFD).contains(v) && v != 0xFEFF) || v >= 0x10000
                if printable {
                    out.unicodeScalars.append(scalar)
                } else if v <= 0xFF {
                    out += "\\x" + String(v, radix: 16, uppercase: true).leftPadded(to: 2)
                } else {
                    out += "\\u" + String(v, radix: 16, uppercase: true).leftPadded(to: 4)
                }
            }
        }
        return out + "\""
    }
}
