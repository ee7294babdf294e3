/// `report_url` in site.yml: where a visitor reports a problem with a skill (an issue tracker, a
/// form, a `mailto:`), as a link on each skill page. `{skill}` stands for the skill's id and
/// `{url}` for its page's address, each encoded as a query value.
public enum ReportURL {
    public static let placeholders = ["{skill}", "{url}"]

    /// An http(s) or `mailto:` URL holding at least one placeholder, with nothing in it that could
    /// end an attribute or start markup: the link is on every skill page.
    public static func isValid(_ template: String) -> Bool {
        let lower = template.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") else {
            return false
        }
        guard placeholders.contains(where: template.contains) else { return false }
        return !template.unicodeScalars.contains {
            $0.value <= 0x20 || $0.value == 0x7F || "<>\"'`\\".unicodeScalars.contains($0)
        }
    }

    /// The link for one skill: `pageURL` is the page's absolute address when the site has one,
    /// else its path.
    public static func link(_ template: String, skill: String, pageURL: String) -> String {
        template.replacing("{skill}", with: QueryValue.encoded(skill))
            .replacing("{url}", with: QueryValue.encoded(pageURL))
    }
}
