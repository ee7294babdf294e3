import CatalogueModel
import Foundation

/// Where a SUSI skill file sits. SUSI takes model, group and language from the path, never from
/// the file, and the file name is the skill's identity.
public struct SusiSkillLocation: Sendable, Equatable {
    public var model: String
    public var group: String
    public var language: String
    /// The file name without `.txt`.
    public var tag: String
    /// The file's folder relative to the content root (`skills/…/models/general/Weather/en`);
    /// `::image images/x.png` is relative to it.
    public var languageFolder: String

    public init(model: String, group: String, language: String, tag: String, languageFolder: String) {
        self.model = model
        self.group = group
        self.language = language
        self.tag = tag
        self.languageFolder = languageFolder
    }
}

/// The folder layout of a SUSI skill repository: `models/<model>/<group>/<language>/<tag>.txt`,
/// with the `models` folder anywhere below the content root (a checkout is usually one level down).
package enum SusiLayout {
    /// The location of a skill file, from its path relative to the content root; nil when the
    /// path is not in the layout.
    package static func location(contentPath: String) -> SusiSkillLocation? {
        let parts = contentPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count >= 5, parts[parts.count - 5] == "models", let file = parts.last,
            file.lowercased().hasSuffix(".txt"), file.count > 4
        else { return nil }
        return SusiSkillLocation(
            model: parts[parts.count - 4], group: parts[parts.count - 3], language: parts[parts.count - 2],
            tag: String(file.dropLast(4)), languageFolder: parts.dropLast().joined(separator: "/"))
    }

    /// True for a path that goes through a `models` folder: inside a SUSI repository.
    static func isUnderModels(contentPath: String) -> Bool {
        contentPath.split(separator: "/").dropLast().contains("models")
    }

    /// A SUSI checkout holds READMEs beside and inside `models/` (README.md, models/README_models.md,
    /// models/general/README_experts.md). They are documentation, not skills: a Markdown file
    /// there without front matter is passed over instead of failing the build.
    static func isCheckoutDocument(_ text: String, contentPath: String, root: URL, source: ContentSource) -> Bool {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if firstLine.trimmingWhitespace() == "---" { return false }
        if isUnderModels(contentPath: contentPath) { return true }
        let folder = contentPath.split(separator: "/").dropLast().joined(separator: "/")
        return source.isFolder(root.appendingPathComponent(folder).appendingPathComponent("models"))
    }
}
