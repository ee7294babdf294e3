import CatalogueModel
import Foundation
import Parallel

/// `api/`: the catalogue as JSON files named like its pages, in the shapes and field names of
/// SUSI's `getGroups.json` and `getSkillList.json`, for scripts and other tools. SUSI's own
/// clients do not read these paths: they ask `cms/<endpoint>?<query>`, which `SusiMirror` answers.
/// Its skill object is SUSI's, and both use it. Author emails are never published:
/// `author_email` is always null.
enum JSONAPI {
    /// The API's files, each made when the build gets to it.
    /// - Parameter only: the entries whose own files are made (all when nil); the other skills'
    ///   places are skipped, for a kept build whose last plan stands for them.
    package static func files(_ catalogue: Catalogue, only: Set<ObjectIdentifier>? = nil) -> PlacedJobs<
        SiteRenderer.FileJob
    > {
        let config = catalogue.config
        let urls = config.urls
        // SUSI lists the groups of one model, `general` when none is asked for (GroupListService.java:45-54).
        let general = catalogue.groups.filter { group in group.entries.contains { $0.skill.model == "general" } }
        let groups: JSONOutput = .object([
            ("accepted", .bool(true)),
            ("groups", .array(general.map { .string($0.name) })),
            ("message", .string("Success: Fetched group list")),
        ])
        let groupsPath = urls.apiGroups
        var jobs = PlacedJobs<SiteRenderer.FileJob>()
        jobs.append(
            SiteRenderer.FileJob(path: groupsPath, key: PageKey(values: general.map(\.name))) {
                file(groupsPath, groups)
            })
        // By index into one shared catalogue: closures that captured each entry would copy it.
        let shared = Shared(catalogue)
        // Each group's skills, then its list (every skill is in one group): a skill's own file
        // and its group's list hold the same object, so each skill's file leaves its bytes on
        // the group's shelf and the list takes them from there instead of writing them again.
        // The list comes right after its skills: it holds all their objects (tens of megabytes
        // for a large group), and the build makes a batch's files together, so lists that
        // followed one another would sit in memory together.
        for (groupIndex, group) in catalogue.groups.enumerated() {
            let shelf = SkillJSONShelf(count: group.entries.count)
            for (index, entry) in group.entries.enumerated() {
                jobs.append(for: entry, only: only) {
                    let path = urls.apiSkill(page: entry.path)
                    return SiteRenderer.FileJob(path: path, key: PageKey(entries: [entry])) {
                        let entry = shared.value.groups[groupIndex].entries[index]
                        let bytes = skill(entry, config: shared.value.config).bytes
                        shelf.put(bytes, at: index)
                        return file(path, bytes: bytes)
                    }
                }
            }
            let listPath = urls.apiGroup(page: group.path)
            jobs.append(
                .init(path: listPath, key: PageKey(entries: group.entries, values: [group.name])) {
                    file(listPath, skillList(shared.value.groups[groupIndex], config: config, shelf: shelf))
                })
        }
        return jobs
    }

    package static func file(_ path: String, _ value: JSONOutput) -> OutputFile {
        file(path, bytes: value.bytes)
    }

    /// A value already written, as a file: its bytes and a line end.
    static func file(_ path: String, bytes: [UInt8]) -> OutputFile {
        var data = Data(capacity: bytes.count + 1)
        data.append(contentsOf: bytes)
        data.append(0x0A)
        return OutputFile(path: path, data: data)
    }

    /// Like `getSkillList.json?group=<name>`. Skills are keyed by their SUSI tag; tags that occur
    /// twice in the group (one skill in two languages) are keyed by the skill id instead.
    /// - Parameter shelf: skills' objects their own files left (each taken off it); the others
    ///   are written here.
    static func skillList(_ group: Catalogue.Group, config: SiteConfig, shelf: SkillJSONShelf? = nil) -> JSONOutput {
        var tagCount: [String: Int] = [:]
        for entry in group.entries { tagCount[entry.skill.tag, default: 0] += 1 }
        let skills: [(String, JSONOutput)] = group.entries.enumerated().map { index, entry in
            (
                (tagCount[entry.skill.tag] ?? 0) > 1 ? entry.skill.id : entry.skill.tag,
                .written(shelf?.take(at: index) ?? skill(entry, config: config).bytes)
            )
        }
        return .object([
            ("accepted", .bool(true)),
            ("model", .string(common(group.entries.map(\.skill.model)))),
            ("group", .string(group.name)),
            ("language", .string(requestedLanguages(group.entries.map(\.skill.language)))),
            ("skills", .object(skills)),
            ("message", .string("Success: Fetched skill list")),
        ])
    }

    /// The model a request for the group names: the one all its skills share, else SUSI's
    /// default `general` (fossasia/susi_server SkillQueryParser.java:9-16).
    static func common(_ values: [String]) -> String {
        guard let first = values.first, values.allSatisfy({ $0 == first }) else { return "general" }
        return first
    }

    /// The `language` a request for all of the group's skills sends, echoed as SUSI echoes it: the
    /// languages as a comma list (ListSkillService.java:474-478), `en` when there are none.
    static func requestedLanguages(_ values: [String]) -> String {
        let languages = Set(values).sorted()
        return languages.isEmpty ? "en" : languages.joined(separator: ",")
    }

    /// One skill object, keys in the order SUSI's server writes them (fossasia/susi_server
    /// SusiMind.java:619-695), each of the servlet's type; what sitegen does not know is SUSI's own
    /// default for it. sitegen adds `image_url` (docs/susi.md).
    package static func skill(_ entry: Catalogue.Entry, config: SiteConfig) -> JSONOutput {
        let s = entry.skill
        let imageURL: String? =
            switch s.image {
            case .local(let path)?: config.urls.absolute(config.urls.href(config.urls.media(path)))
            case .remote(let url)?: url
            case nil: nil
            }
        let modified = lastModifiedTime(s)
        let status = status(of: entry, config: config)
        return .object([
            ("model", .string(s.model)),
            ("group", .string(s.group)),
            ("language", .string(s.language)),
            ("developer_privacy_policy", .string(s.privacyPolicy)),
            // The description as written, as SUSI serves `::description`.
            ("descriptions", .string(s.description.isEmpty ? nil : s.description)),
            ("image", .string(relativeImage(s))),
            ("author", .string(s.author)),
            ("author_url", .string(s.authorURL)),
            ("author_email", .null),
            ("skill_name", .string(s.name)),
            ("protected", .bool(false)),
            ("reviewed", .bool(status.reviewed)),
            // A mirror is read-only: SUSI's web client offers to edit a skill that is editable.
            ("editable", .bool(false)),
            ("staffPick", .bool(status.staffPick)),
            ("systemSkill", .bool(status.systemSkill)),
            ("terms_of_use", .string(s.termsOfUse)),
            ("dynamic_content", .bool(s.dynamicContent)),
            ("examples", .array(s.examples.map { .string($0) })),
            ("skill_rating", rating(entry.rating)),
            ("usage_count", .int(s.usageCount)),
            ("skill_tag", .string(s.tag)),
            ("lastModifiedTime", .string(modified)),
            ("creationTime", .string(creationTime(s))),
            // `name` is the skill's tag in that language: SUSI's web client links by it
            // (DAO.java:783-809, susi.ai SkillListing.js:424-433).
            ("supported_languages", .array([.object([("language", .string(s.language)), ("name", .string(s.tag))])])),
            ("lastAccessTime", .string(modified)),
            ("image_url", .string(imageURL)),
        ])
    }

    /// The skill's SUSI status as published: a skill the editors feature (`featured` in site.yml)
    /// is a staff pick, as SUSI's editors pick skills.
    static func status(of entry: Catalogue.Entry, config: SiteConfig) -> SusiStatus {
        var status = entry.skill.status
        if !status.staffPick, config.featuredIDs.contains(entry.skill.id) { status.staffPick = true }
        return status
    }

    /// `image` as SUSI's skill list holds it: the path relative to the skill's language folder
    /// (`images/x.png`), which SUSI's client passes to `getImage.png` (susi.ai SkillCardGrid.js:82-85);
    /// a remote image as its URL.
    static func relativeImage(_ skill: Skill) -> String? {
        switch skill.image {
        case .local(let path)?:
            let folder = "models/\(skill.model)/\(skill.group)/\(skill.language)/"
            if let range = path.range(of: folder) { return String(path[range.upperBound...]) }
            return path
        case .remote(let url)?: return url
        case nil: return nil
        }
    }

    /// `creationTime`: SUSI's own time of day when a SUSI list gave it, else the `created` day at
    /// midnight UTC, else SUSI's "unknown", the epoch (SUSI never writes `null` there).
    static func creationTime(_ skill: Skill) -> String {
        skill.createdAt ?? skill.created.map { $0 + "T00:00:00Z" } ?? SusiTime.unknown
    }

    /// `lastModifiedTime`, with the same "unknown".
    static func lastModifiedTime(_ skill: Skill) -> String { skill.modifiedAt ?? SusiTime.unknown }

    /// `feedback_count`: SUSI counts a skill's feedback (FiveStarRateSkillService.java:212-227); a
    /// catalogue whose store gives no count has its reviews.
    static func feedbackCount(_ rating: RatingSummary) -> Int { rating.feedbackCount ?? rating.reviews.count }

    /// The average in hundredths of a star, rounded half up as SUSI rounds `avg_star` to 2 places.
    static func averageHundredths(_ c: StarCounts) -> Int {
        c.total > 0 ? (200 * c.starSum + c.total) / (2 * c.total) : 0
    }

    /// SUSI's rating object: thumbs as strings (as SUSI stores them), `avg_star` recomputed from
    /// the counts and rounded to 2 places like the server's.
    package static func rating(_ rating: RatingSummary) -> JSONOutput {
        let c = rating.counts
        let hundredths = averageHundredths(c)
        return .object([
            ("negative", .string(String(rating.negative ?? 0))),
            ("positive", .string(String(rating.positive ?? 0))),
            ("feedback_count", .int(feedbackCount(rating))),
            ("bookmark_count", .int(rating.bookmarkCount ?? 0)),
            (
                "stars",
                .object([
                    ("one_star", .int(c.one)),
                    ("two_star", .int(c.two)),
                    ("three_star", .int(c.three)),
                    ("four_star", .int(c.four)),
                    ("five_star", .int(c.five)),
                    ("avg_star", .decimal(hundredths: hundredths)),
                    ("total_star", .int(c.total)),
                ])
            ),
        ])
    }
}
