/// A skill as the catalogue shows it, whatever file format it came from.
@dynamicMemberLookup
public struct Skill: Sendable, Equatable {
    // Skills are copied often (listings, rankings, related skills, the catalogue's entries): one
    // shared box makes a copy one retain instead of one per field. Copy on write keeps the value
    // semantics: a box is changed in place only while one skill holds it.
    @usableFromInline var storage: Storage

    @usableFromInline final class Storage: @unchecked Sendable {
        // Written only through `unique()`, while this box is referenced once.
        @usableFromInline var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// What a skill holds; read and written as the skill's own properties (`skill.name`).
    public struct Fields: Sendable, Equatable {
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
        public var usageCount: Int = 0
        /// SUSI's review flags (`reviewed`, `staffPick`, `systemSkill`), as the source gives them.
        public var status = SusiStatus()
    }

    /// Every field of `Fields` as a property of the skill. Inlined where the pages read it, tens of
    /// thousands of times a build, so a read is a load from the box, not a call into this module.
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set { unique().fields[keyPath: field] = newValue }
    }

    @usableFromInline mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (a: Skill, b: Skill) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    /// Whether the two share their storage (so are equal), told without reading a field: a kept
    /// load's skills are the last load's, and walks over 10,000 of them compare ids otherwise.
    public func isIdentical(to other: Skill) -> Bool { storage === other.storage }

    public init(
        id: String, tag: String, name: String, group: String, language: String = "en", model: String = "general",
        author: String? = nil, authorURL: String? = nil, image: ImageReference? = nil, examples: [String] = [],
        description: String = "", dynamicContent: Bool = false, termsOfUse: String? = nil,
        privacyPolicy: String? = nil, created: String? = nil, sourcePath: String = "", sourceLine: Int = 1,
        embeddedRating: RatingTally? = nil
    ) {
        storage = Storage(
            Fields(
                id: id,
                tag: tag,
                name: name,
                group: group,
                language: language,
                model: model,
                author: author,
                authorURL: authorURL,
                image: image,
                examples: examples,
                description: description,
                dynamicContent: dynamicContent,
                termsOfUse: termsOfUse,
                privacyPolicy: privacyPolicy,
                created: created,
                sourcePath: sourcePath,
                sourceLine: sourceLine,
                embeddedRating: embeddedRating))
    }

    /// The key SUSI's rating store files use for this skill.
    public var susiKey: SusiSkillKey {
        SusiSkillKey(model: self.model, group: self.group, language: self.language, tag: self.tag)
    }
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

/// What SUSI's server keeps about a skill besides its file (fossasia/susi_server DAO.java:1081-1167,
/// from `skillStatus.json`). A catalogue's published skills count as reviewed unless their source
/// says `reviewed: false`: SUSI's clients ask for reviewed skills only (susi.ai
/// `src/redux/reducers/skills.js:39`), and a catalogue publishes what its editors accepted.
public struct SusiStatus: Sendable, Equatable, Hashable {
    public var reviewed = true
    public var staffPick = false
    public var systemSkill = false

    public init(reviewed: Bool = true, staffPick: Bool = false, systemSkill: Bool = false) {
        self.reviewed = reviewed
        self.staffPick = staffPick
        self.systemSkill = systemSkill
    }
}
