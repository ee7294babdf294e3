import CatalogueModel
import Foundation

/// `sitegen new skill GROUP/NAME`: a Markdown skill file with the front matter a skill takes, its
/// group named after the folder, ready to edit.
public enum NewSkill {
    /// `Content/skills/GROUP/NAME.md` for `id`.
    /// - Throws: for an id that is not two slugs (`tools/unit-converter`), proposing one, and for a
    ///   file that exists: a skill is never overwritten.
    public static func create(_ id: String, content: URL, contentDisplay: String) throws(BuildFailure) -> String {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let proposal = parts.filter { !$0.isEmpty }.map(Slug.segment).filter { !$0.isEmpty }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && Slug.segment($0) == $0 }) else {
            let suggestion =
                proposal.count >= 2
                ? proposal.prefix(2).joined(separator: "/") : "tools/\(proposal.first ?? "my-skill")"
            throw BuildFailure([
                .error(
                    id,
                    "is not GROUP/NAME in lowercase letters, digits and hyphens, as the page's URL will be; "
                        + "try `sitegen new skill \(suggestion)`")
            ])
        }
        let path = "skills/\(parts[0])/\(parts[1]).md"
        let url = content.appendingPathComponent(path)
        let shown = contentDisplay + "/" + path
        if FileManager.default.fileExists(atPath: url.path) {
            throw BuildFailure([
                .error(shown, "exists already; sitegen never overwrites a skill: edit it, or pick another name")
            ])
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(markdown(group: parts[0], name: parts[1]).utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw BuildFailure([.error(shown, "cannot write the new skill: \(error.localizedDescription)")])
        }
        return shown
    }

    /// "unit-converter" → "Unit Converter".
    static func title(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func markdown(group: String, name: String) -> String {
        """
        ---
        name: \(title(name))
        group: \(title(group))
        language: en
        author: Your Name
        examples:
          - an example of what to say to this skill
        ---
        What \(title(name)) does, in a sentence or two. This is Markdown: the first paragraph is the
        summary on cards.

        """
    }
}
