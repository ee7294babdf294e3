import Foundation

/// A static copy of SUSI's CMS API, so SUSI's apps (and anything else) can read the catalogue from
/// any static host: the same shapes and field names as `getGroups.json` and `getSkillList.json`
/// (see `formats/SUSI.md`). Author emails are never published: `author_email` is always null.
enum JSONAPI {
    static let groupsPath = "api/groups.json"

    /// `api/groups/<group slug>.json`, named like the group's page.
    static func groupPath(_ group: Catalogue.Group) -> String {
        "api/" + String(group.path.dropLast()) + ".json"
    }

    /// `api/skills/<skill path>.json`, named like the skill's page.
    static func skillPath(_ id: String) -> String {
        "api/skills/" + Slug.path(id) + ".json"
    }

    /// The API's files, each made when the build gets to it.
    static func files(_ catalogue: Catalogue, descriptions: [String: Markdown.Rendered]) -> [SiteRenderer.FileJob] {
        let config = catalogue.config
        let groups: JSONOutput = .object([
            ("accepted", .bool(true)),
            ("groups", .array(catalogue.groups.map { .string($0.name) })),
            ("message", .string("Success: Fetched group list")),
        ])
        var jobs = [SiteRenderer.FileJob(path: groupsPath) { file(groupsPath, groups) }]
        for group in catalogue.groups {
            let path = groupPath(group)
            jobs.append(.init(path: path) { file(path, skillList(group, config: config, descriptions: descriptions)) })
        }
        // By index into one shared catalogue: closures that captured each entry would copy it.
        let shared = Shared(catalogue)
        for (index, entry) in catalogue.entries.enumerated() {
            let path = skillPath(entry.skill.id)
            jobs.append(.init(path: path) {
                let entry = shared.value.entries[index]
                return file(path, skill(entry, config: shared.value.config, description: descriptions[entry.skill.id]?.text ?? ""))
            })
        }
        return jobs
    }

    static func file(_ path: String, _ value: JSONOutput) -> OutputFile {
        var out: [UInt8] = []
        value.write(to: &out)
        out.append(0x0A)
        return OutputFile(path: path, data: Data(out))
    }

    /// Like `getSkillList.json?group=<name>`. Skills are keyed by their SUSI tag; tags that occur
    /// twice in the group (one skill in two languages) are keyed by the skill id instead.
    static func skillList(_ group: Catalogue.Group, config: SiteConfig, descriptions: [String: Markdown.Rendered]) -> JSONOutput {
        var tagCount: [String: Int] = [:]
        for entry in group.entries { tagCount[entry.skill.tag, default: 0] += 1 }
        let skills: [(String, JSONOutput)] = group.entries.map { entry in
            ((tagCount[entry.skill.tag] ?? 0) > 1 ? entry.skill.id : entry.skill.tag,
             .written(skill(entry, config: config, description: descriptions[entry.skill.id]?.text ?? "").bytes))
        }
        return .object([
            ("accepted", .bool(true)),
            ("model", .string(common(group.entries.map(\.skill.model)))),
            ("group", .string(group.name)),
            ("language", .string(common(group.entries.map(\.skill.language)))),
            ("skills", .object(skills)),
            ("message", .string("Success: Fetched skill list")),
        ])
    }

    /// The one value all share, or SUSI's wildcard `All`.
    static func common(_ values: [String]) -> String {
        guard let first = values.first, values.allSatisfy({ $0 == first }) else { return "All" }
        return first
    }

    /// One skill object, keys in the order SUSI's server writes them. What sitegen does not know
    /// (usage, access times) is null or SUSI's own default, as SUSI writes it for a new skill.
    /// `descriptions` is the description as readers see it (plain text): the Markdown source
    /// is not published, since it may hold links the site refused to make.
    static func skill(_ entry: Catalogue.Entry, config: SiteConfig, description: String) -> JSONOutput {
        let s = entry.skill
        let image: String? = switch s.image {
        case .local(let path)?: config.absoluteURL(Slug.encodeForHref(SiteRenderer.mediaPath(path)))
        case .remote(let url)?: url
        case nil: nil
        }
        return .object([
            ("model", .string(s.model)),
            ("group", .string(s.group)),
            ("language", .string(s.language)),
            ("developer_privacy_policy", .string(s.privacyPolicy)),
            ("descriptions", .string(description.isEmpty ? nil : description)),
            ("image", .string(image)),
            ("author", .string(s.author)),
            ("author_url", .string(s.authorURL)),
            ("author_email", .null),
            ("skill_name", .string(s.name)),
            ("protected", .bool(false)),
            ("reviewed", .bool(false)),
            ("editable", .bool(false)),
            ("staffPick", .bool(false)),
            ("systemSkill", .bool(false)),
            ("terms_of_use", .string(s.termsOfUse)),
            ("dynamic_content", .bool(s.dynamicContent)),
            ("examples", .array(s.examples.map { .string($0) })),
            ("skill_rating", rating(entry.rating)),
            ("usage_count", .int(0)),
            ("skill_tag", .string(s.tag)),
            ("lastModifiedTime", .null),
            ("creationTime", .string(s.created.map { $0 + "T00:00:00Z" })),
            ("supported_languages", .array([.object([("language", .string(s.language)), ("name", .string(s.name))])])),
            ("lastAccessTime", .null),
        ])
    }

    /// SUSI's rating object: thumbs as strings (as SUSI stores them), `avg_star` recomputed from
    /// the counts and rounded to 2 places like the server's.
    static func rating(_ rating: RatingSummary) -> JSONOutput {
        let c = rating.counts
        let hundredths = c.total > 0 ? (200 * c.starSum + c.total) / (2 * c.total) : 0
        return .object([
            ("negative", .string(String(rating.negative ?? 0))),
            ("positive", .string(String(rating.positive ?? 0))),
            ("feedback_count", .int(0)),
            ("bookmark_count", .int(0)),
            ("stars", .object([
                ("one_star", .int(c.one)),
                ("two_star", .int(c.two)),
                ("three_star", .int(c.three)),
                ("four_star", .int(c.four)),
                ("five_star", .int(c.five)),
                ("avg_star", .decimal(hundredths: hundredths)),
                ("total_star", .int(c.total)),
            ])),
        ])
    }
}
