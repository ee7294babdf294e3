import CatalogueModel
import Foundation

/// A read-only copy of SUSI's CMS API over a built catalogue: the answers SUSI's server gives its
/// web, Android and iOS clients (fossasia/susi_server `src/ai/susi/server/api/cms/`), with the
/// same parameters, wrappers and field types, so those clients can browse the catalogue when
/// SUSI's own server is not there. `sitegen serve` and `sitegen collect` answer from it per
/// request; the build writes its answers to the client's default requests as files
/// (`SusiMirrorFiles`). Pure: no files, no clock (the day is given), no index (matches are given).
///
/// Every skill object is `JSONAPI.skill`, the one `api/` holds; no e-mail address is in any answer.
public struct SusiMirror: Sendable {
    let catalogue: Catalogue
    /// Each entry's skill object, made when first asked for.
    let objects: SusiSkillObjects
    /// Entry places by SUSI's key, as given and with the tag lowercased (SUSI finds a skill file
    /// ignoring case: SkillQuery.java:76-93, DAO.java:1213-1249), and by lowercased name.
    private let byKey: [SusiSkillKey: Int]
    private let byCaselessKey: [SusiSkillKey: Int]
    private let byCaselessName: [SusiSkillKey: Int]
    /// Local images by what a client sends for them: the skill's key and its published `image`.
    private let images: [SusiSkillKey: String]
    /// Entry places of each model, and of each group of a model (`model`, `group`), in the
    /// catalogue's order: a request looks at its own skills only.
    private let byModel: [String: [Int]]
    private let byGroup: [SusiSkillKey: [Int]]

    public init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        objects = SusiSkillObjects(catalogue)
        var byKey: [SusiSkillKey: Int] = [:]
        var byCaselessKey: [SusiSkillKey: Int] = [:]
        var byCaselessName: [SusiSkillKey: Int] = [:]
        var images: [SusiSkillKey: String] = [:]
        var byModel: [String: [Int]] = [:]
        var byGroup: [SusiSkillKey: [Int]] = [:]
        for (index, entry) in catalogue.entries.enumerated() {
            let skill = entry.skill
            let key = skill.susiKey
            byModel[skill.model, default: []].append(index)
            byGroup[Self.groupKey(skill.model, skill.group), default: []].append(index)
            if byKey[key] == nil { byKey[key] = index }
            var caseless = key
            caseless.tag = key.tag.lowercased()
            if byCaselessKey[caseless] == nil { byCaselessKey[caseless] = index }
            caseless.tag = skill.name.lowercased()
            if byCaselessName[caseless] == nil { byCaselessName[caseless] = index }
            if case .local(let path)? = skill.image, let published = JSONAPI.relativeImage(skill) {
                var imageKey = key
                imageKey.tag = published
                if images[imageKey] == nil { images[imageKey] = path }
            }
        }
        self.byKey = byKey
        self.byCaselessKey = byCaselessKey
        self.byCaselessName = byCaselessName
        self.images = images
        self.byModel = byModel
        self.byGroup = byGroup
    }

    /// What a request asks beyond its endpoint and query.
    public struct Context: Sendable {
        /// Today, as days since 1970-01-01, for `duration` (skills created or changed in the
        /// last N days); nil leaves `duration` unapplied (a static file has no today).
        public var today: Int?
        /// For a skill list with `q`: the ids of the skills the search index matched; nil to
        /// match `q` as text against the fields `search_type` names.
        public var matches: Set<String>?

        public init(today: Int? = nil, matches: Set<String>? = nil) {
            self.today = today
            self.matches = matches
        }
    }

    public func answer(_ endpoint: SusiEndpoint, _ query: SusiQuery, context: Context = Context()) -> SusiAnswer {
        switch endpoint {
        case .getGroups: groups(query)
        case .getSkillList: skillList(query, context: context)
        case .getSkillMetricsData: metrics(query)
        case .getAllLanguages: languages(query)
        case .getModel: models()
        case .getSkillsByAuthor: skillsByAuthor(query)
        case .getImage: image(query)
        case .getSkillMetadata, .getRatingsOverTime, .getSkillFeedback, .getSkillUsage, .getCountryWiseSkillUsage,
            .getDeviceWiseSkillUsage:
            perSkill(endpoint, query)
        }
    }

    // MARK: Lookups

    /// The entry SUSI's server would find for these parameters: the file named `<skill>.txt`
    /// ignoring case, else the skill whose name is `skill` ignoring case (SkillQuery.java:76-93).
    func entry(model: String, group: String, language: String, skill: String) -> Int? {
        var key = SusiSkillKey(model: model, group: group, language: language, tag: skill)
        if let index = byKey[key] { return index }
        key.tag = skill.lowercased()
        if let index = byCaselessKey[key] ?? byCaselessName[key] { return index }
        key.tag = skill.replacingOccurrences(of: "_", with: " ").lowercased()
        return byCaselessName[key]
    }

    /// The entries of `model` in `group` (`All`: every group) in one of `languages` (all when
    /// nil), in the catalogue's order (by name, then id): SUSI lists files in the file system's
    /// order, which no two machines share.
    func entries(model: String, group: String, languages: Set<String>?) -> [Int] {
        let places = (group == "All" ? byModel[model] : byGroup[Self.groupKey(model, group)]) ?? []
        guard let languages else { return places }
        return places.filter { languages.contains(catalogue.entries[$0].skill.language) }
    }

    /// The key of a model's group in `byGroup`.
    private static func groupKey(_ model: String, _ group: String) -> SusiSkillKey {
        SusiSkillKey(model: model, group: group, language: "", tag: "")
    }

    /// The model's groups as its skills spell them, sorted: two spellings of one group (`News`,
    /// `news`) are one group on the site's pages but two folders to SUSI's clients.
    func groupNames(model: String) -> [String] {
        Set((byModel[model] ?? []).map { catalogue.entries[$0].skill.group }).sorted()
    }

    /// The languages `language=en,de` names, each trimmed (ListSkillService.java:148-170).
    static func languages(_ value: String) -> Set<String> {
        Set(value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty })
    }

    // MARK: Lists without skills

    /// `getGroups.json`: the groups of `model` (default `general`), as SUSI lists the folders of
    /// `models/<model>/` (GroupListService.java:45-54), sorted by name.
    func groups(_ query: SusiQuery) -> SusiAnswer {
        let model = query.given("model") ?? "general"
        let names = groupNames(model: model)
        guard !names.isEmpty else { return Self.unknownModel(model) }
        return SusiAnswer(
            .object([
                ("accepted", .bool(true)), ("groups", .array(names.map { .string($0) })),
                ("message", .string("Success: Fetched group list")),
            ]))
    }

    /// `getAllLanguages.json`: the languages of `model`'s skills in `group`, or in all groups
    /// without one or with `All` (GetAllLanguages.java:65-123), sorted; no `message`, as SUSI.
    func languages(_ query: SusiQuery) -> SusiAnswer {
        let model = query.given("model") ?? "general"
        let group = query.given("group") ?? "All"
        let found = entries(model: model, group: group, languages: nil)
        guard !found.isEmpty else { return group == "All" ? Self.unknownModel(model) : Self.unknownGroup(group) }
        let codes = languageCodes(found)
        return SusiAnswer(.object([("accepted", .bool(true)), ("languagesArray", .array(codes.map { .string($0) }))]))
    }

    /// The languages of the entries at `places`, sorted.
    func languageCodes(_ places: [Int]) -> [String] {
        Set(places.map { catalogue.entries[$0].skill.language }).sorted()
    }

    /// `getModel.json`: every model (ModelListService.java:30-43), sorted.
    func models() -> SusiAnswer {
        let models = Set(catalogue.entries.map(\.skill.model)).sorted()
        return SusiAnswer(.object([("accepted", .bool(true)), ("modelsArray", .array(models.map { .string($0) }))]))
    }

    // MARK: Images

    /// `getImage.png?model&language&group&image`: a skill's own image, found by what the skill
    /// lists publish as its `image` (GetImageServlet.java:68-80). Only images of loaded skills are
    /// served, by table, never by joining a path: `..` and absolute paths are refused outright.
    func image(_ query: SusiQuery) -> SusiAnswer {
        guard let image = query.given("image") else {
            return .refusal(
                400, "`image` is missing: getImage.png?model=general&language=en&group=…&image=images/….png")
        }
        if Self.leavesFolder(image) {
            return .refusal(400, "`image` must be a path inside the skill's folder, without `..`")
        }
        let key = SusiSkillKey(
            model: query.given("model") ?? "general", group: query.given("group") ?? "Knowledge",
            language: query.given("language") ?? "en", tag: image)
        guard let path = images[key] else { return .refusal(404, "No such image.") }
        return SusiAnswer(image: path)
    }

    /// Whether a client-given path is absolute or climbs out of its folder.
    static func leavesFolder(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("\\") || path.contains(":")
            || path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains { $0 == ".." }
    }

    // MARK: Refusals

    static func unknownModel(_ model: String) -> SusiAnswer {
        .refusal(404, "No skills of model `\(model.prefix(100))`.")
    }

    static func unknownGroup(_ group: String) -> SusiAnswer {
        .refusal(404, "No group named `\(group.prefix(100))`.")
    }
}
