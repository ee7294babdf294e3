/// A skill as the catalogue shows it, whatever file format it came from.
public struct Skill: Sendable, Equatable {
    /// Path below `Content/skills/` without the extension (`news/headline-finder`); for a
    /// `getSkillList.json` file, the file's id + `/` + the skill tag.
    public var id: String
    /// SUSI's identity for the skill: the file name without extension, or the key in a skill list.
    public var tag: String
    public var name: String
    public var group: String
    public var language: String
    public var model: String
    public var author: String?
    /// Only ever an http(s) URL; anything else is dropped when read.
    public var authorURL: String?
    public var image: ImageReference?
    public var examples: [String]
    /// Markdown source of the description.
    public var description: String
    public var dynamicContent: Bool
    public var termsOfUse: String?
    public var privacyPolicy: String?
    /// `YYYY-MM-DD` (front matter `created`, SUSI `creationTime`), when given.
    public var created: String?
    /// The file the skill was read from, as the user would type it.
    public var sourcePath: String
    /// The line of the file the skill starts on (1 for a file of its own).
    public var sourceLine: Int
    /// A `skill_rating` object served with the skill by SUSI's CMS.
    public var embeddedRating: RatingTally?
    /// SUSI's `creationTime` and `lastModifiedTime` with their time of day
    /// (`2019-03-01T10:20:30Z`), when a SUSI skill list gave them.
    public var createdAt: String?
    public var modifiedAt: String?
    /// SUSI's `usage_count`, carried through to the API.
    public var usageCount = 0

    public init(
        id: String, tag: String, name: String, group: String, language: String = "en", model: String = "general",
        author: String? = nil, authorURL: String? = nil, image: ImageReference? = nil, examples: [String] = [],
        description: String = "", dynamicContent: Bool = false, termsOfUse: String? = nil,
        privacyPolicy: String? = nil, created: String? = nil, sourcePath: String = "", sourceLine: Int = 1,
        embeddedRating: RatingTally? = nil
    ) {
        self.id = id
        self.tag = tag
        self.name = name
        self.group = group
        self.language = language
        self.model = model
        self.author = author
        self.authorURL = authorURL
        self.image = image
        self.examples = examples
        self.description = description
        self.dynamicContent = dynamicContent
        self.termsOfUse = termsOfUse
        self.privacyPolicy = privacyPolicy
        self.created = created
        self.sourcePath = sourcePath
        self.sourceLine = sourceLine
        self.embeddedRating = embeddedRating
    }

    /// The key SUSI's rating store files use for this skill.
    public var susiKey: SusiSkillKey { SusiSkillKey(model: model, group: group, language: language, tag: tag) }
}

/// (model, group, language, tag): how SUSI's server addresses a skill.
public struct SusiSkillKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var model, group, language, tag: String
    public init(model: String, group: String, language: String, tag: String) {
        self.model = model
        self.group = group
        self.language = language
        self.tag = tag
    }
    public static func < (a: Self, b: Self) -> Bool {
        (a.model, a.group, a.language, a.tag) < (b.model, b.group, b.language, b.tag)
    }
    public var description: String { "\(model)/\(group)/\(language)/\(tag)" }
}

/// Where a skill's image lives: a file inside `Content/` (copied into the site) or an http(s) URL.
public enum ImageReference: Sendable, Equatable {
    /// Path relative to the content folder, normalised, never leaving it.
    case local(String)
    case remote(String)
}
