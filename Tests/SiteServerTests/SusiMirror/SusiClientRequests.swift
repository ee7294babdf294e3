/// The requests SUSI's clients make while a visitor browses without signing in, each built as
/// the client's code builds it, and the fields the client reads of the answer, with their types.
/// Sources, with the lines cited:
/// - web: fossasia/susi.ai at 0a0346ad560bf3f3530119d81dc8030d18736a30. `src/helpers/ajax.js:45-51`
///   joins `key=value` raw in the order `src/apis/index.js` writes the keys (a browser then
///   percent-encodes spaces and non-ASCII); every answer is deep-camelised before the reducers
///   read it (`ajax.js:85-88`, `src/utils/camelizeKeys.js:29-48`), so its fields are camelCase here.
/// - android: fossasia/susi_android at a3409051185d4624e65f7df7847e2fca0910cebe (Retrofit `@Query`,
///   OkHttp encoding, Gson `@SerializedName` fields).
/// - ios: fossasia/susi_iOS at 6166cc523ccbf723f9090afa1601e2b8de926e6e (Alamofire: keys sorted,
///   values fully encoded).
struct SusiClientRequest: Sendable, CustomStringConvertible {
    enum Client: String, Sendable { case web, android, ios }

    let client: Client
    let what: String
    /// Where the client builds it.
    let source: String
    /// The path and query as the client's code joins them, before any encoding.
    let path: String
    let status: Int
    let fields: [SusiField]

    var description: String { "\(client) \(what) (\(source))" }

    /// As the client's HTTP stack sends it: the web client's raw join encoded as a browser encodes
    /// a URL's query; the apps' values encoded by their libraries (everything but letters, digits
    /// and `-._~`, which `,` is not).
    var wirePath: String {
        guard let mark = path.firstIndex(of: "?") else { return path }
        let query = path[path.index(after: mark)...]
        let encoded: String
        switch client {
        case .web: encoded = Self.encode(String(query)) { !Self.browserEncodes($0) }
        case .android, .ios:
            encoded = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1]) : ""
                return String(parts[0]) + "=" + Self.encode(value) { Self.unreserved($0) }
            }.joined(separator: "&")
        }
        return String(path[...mark]) + encoded
    }

    /// The URL standard's query percent-encode set (special schemes).
    static func browserEncodes(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x23 || byte == 0x27 || byte == 0x3C || byte == 0x3E
    }

    static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true
        default: false
        }
    }

    static func encode(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if keeps(byte) { out.append(byte) } else { out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A field a client reads: a path into the answer (`a.b[].c`, `[]` for every element of an
/// array) and the type it must have.
struct SusiField: Sendable {
    enum Kind: Sendable, Equatable {
        case string, nonEmptyString, number, bool, object
        /// An array with at least this many elements.
        case array(atLeast: Int)
        case stringOrNull
    }

    let path: String
    let kind: Kind

    init(_ path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

extension SusiClientRequest {
    /// A skill object as the web client's cards and lists read it (`SkillCardList.js:320-373`,
    /// `SkillCardGrid.js:55-110`, `SkillCard.js:156-262`, the star filter `reducers/skills.js:236-239`).
    static func webSkill(_ prefix: String) -> [SusiField] {
        [
            SusiField("\(prefix).skillName", .nonEmptyString), SusiField("\(prefix).skillTag", .nonEmptyString),
            SusiField("\(prefix).group", .nonEmptyString), SusiField("\(prefix).language", .nonEmptyString),
            SusiField("\(prefix).model", .nonEmptyString), SusiField("\(prefix).examples", .array(atLeast: 0)),
            SusiField("\(prefix).image", .stringOrNull), SusiField("\(prefix).staffPick", .bool),
            SusiField("\(prefix).skillRating.stars.avgStar", .number),
            SusiField("\(prefix).skillRating.stars.totalStar", .number),
        ]
    }

    /// The Android app's `SkillData` (`rest/responses/susi/SkillData.kt:8-30`, `SkillRating.kt:7-11`,
    /// `Stars.kt:8-23`), the items of `filteredData` and of each metrics list.
    static func androidSkill(_ prefix: String) -> [SusiField] {
        ["model", "group", "language", "skill_name", "skill_tag"].map { SusiField("\(prefix).\($0)", .nonEmptyString) }
            + [
                SusiField("\(prefix).descriptions", .stringOrNull), SusiField("\(prefix).examples", .array(atLeast: 0)),
                SusiField("\(prefix).dynamic_content", .bool),
                SusiField("\(prefix).skill_rating.stars.avg_star", .number),
                SusiField("\(prefix).skill_rating.stars.five_star", .number),
            ]
    }

    static let teaTimer = "model=general&group=Food and Drink&language=en&skill=tea-timer"

    /// Every request of a visitor's first screens: the home page, a group, a skill's page with its
    /// ratings card, ratings over time and reviews, the languages, the metrics and each icon.
    static let all: [SusiClientRequest] = web + android + ios

    static let web: [SusiClientRequest] = [
        SusiClientRequest(
            client: .web, what: "the groups", source: "src/apis/index.js:326-329, reducers/skills.js:100-108",
            path: "/cms/getGroups.json?", status: 200, fields: [SusiField("groups", .array(atLeast: 4))]),
        SusiClientRequest(
            client: .web, what: "the languages", source: "src/apis/index.js:320-324, reducers/skills.js:85-98",
            path: "/cms/getAllLanguages.json?group=All", status: 200,
            fields: [SusiField("languagesArray", .array(atLeast: 2))]),
        SusiClientRequest(
            client: .web, what: "the home page's metrics",
            source: "src/apis/index.js:312-318, reducers/skills.js:65-84",
            path: "/cms/getSkillMetricsData.json?language=en", status: 200,
            fields: ["staffPicks", "rating", "usage", "latest", "newest", "feedback"].map {
                SusiField("metrics.\($0)", .array(atLeast: 1))
            } + [SusiField("metrics.gamesTriviaAndAccessories", .array(atLeast: 1))] + webSkill("metrics.rating[]")),
        SusiClientRequest(
            client: .web, what: "the skill list of All",
            source: "src/apis/index.js:331-354, reducers/skills.js:29-40, 109-120",
            path:
                "/cms/getSkillList.json?group=All&language=en&applyFilter=true&filter_name=descending&filter_type=rating&reviewed=true&staff_picks=false&q=&search_type=",
            status: 200, fields: [SusiField("filteredData", .array(atLeast: 3))] + webSkill("filteredData[]")),
        SusiClientRequest(
            client: .web, what: "a group with a comma, sorted by name",
            source: "src/apis/index.js:331-354, BrowseSkill.js:434-475, 1004-1035",
            path:
                "/cms/getSkillList.json?group=Games, Trivia and Accessories&language=en&applyFilter=true&filter_name=ascending&filter_type=lexicographical&reviewed=true&staff_picks=false&q=&search_type=",
            status: 200, fields: [SusiField("filteredData", .array(atLeast: 1))] + webSkill("filteredData[]")),
        SusiClientRequest(
            client: .web, what: "a skill's page",
            source: "src/apis/index.js:361-370, SkillListing.js:118-126, reducers/skill.js:49-94",
            path: "/cms/getSkillMetadata.json?" + teaTimer, status: 200,
            fields: webSkill("skillMetadata") + [
                SusiField("skillMetadata.descriptions", .stringOrNull),
                SusiField("skillMetadata.author", .stringOrNull),
                SusiField("skillMetadata.supportedLanguages[].name", .nonEmptyString),
                SusiField("skillMetadata.supportedLanguages[].language", .nonEmptyString),
                SusiField("skillMetadata.lastModifiedTime", .nonEmptyString),
                SusiField("skillMetadata.dynamicContent", .bool), SusiField("skillMetadata.editable", .bool),
                SusiField("skillMetadata.skillRating.stars.oneStar", .number),
                SusiField("skillMetadata.skillRating.stars.fiveStar", .number),
            ]),
        SusiClientRequest(
            client: .web, what: "the ratings card's ratings over time",
            source: "src/apis/index.js:428-437, reducers/skill.js:198-219, SkillRatingCard.js:145-150",
            path: "/cms/getRatingsOverTime.json?" + teaTimer, status: 200,
            fields: [
                SusiField("ratingsOverTime", .array(atLeast: 2)), SusiField("ratingsOverTime[].rating", .number),
                SusiField("ratingsOverTime[].count", .number),
                SusiField("ratingsOverTime[].timestamp", .nonEmptyString),
            ]),
        SusiClientRequest(
            client: .web, what: "the feedback card's reviews",
            source: "src/apis/index.js:439-448, reducers/skill.js:220-226, SkillFeedbackCard.js:210-253, 375",
            path: "/cms/getSkillFeedback.json?" + teaTimer, status: 200,
            fields: [
                SusiField("feedback", .array(atLeast: 2)), SusiField("feedback[].feedback", .string),
                SusiField("feedback[].timestamp", .nonEmptyString), SusiField("feedback[].userName", .nonEmptyString),
                SusiField("feedback[].rating", .number),
            ]),
        SusiClientRequest(
            client: .web, what: "a skill without reviews: `feedback` is still a list",
            source: "SkillFeedbackCard.js:375",
            path: "/cms/getSkillFeedback.json?model=general&group=Knowledge&language=en&skill=World Capitals",
            status: 200, fields: [SusiField("feedback", .array(atLeast: 0))]),
        SusiClientRequest(
            client: .web, what: "usage by day", source: "src/apis/index.js:395-404, reducers/skill.js:125-145",
            path: "/cms/getSkillUsage.json?" + teaTimer, status: 200, fields: [SusiField("accepted", .bool)]),
        SusiClientRequest(
            client: .web, what: "usage by country", source: "src/apis/index.js:406-415, reducers/skill.js:147-162",
            path: "/cms/getCountryWiseSkillUsage.json?" + teaTimer, status: 200, fields: [SusiField("accepted", .bool)]),
        SusiClientRequest(
            client: .web, what: "usage by device", source: "src/apis/index.js:417-426, reducers/skill.js:163-197",
            path: "/cms/getDeviceWiseSkillUsage.json?" + teaTimer, status: 200, fields: [SusiField("accepted", .bool)]),
        SusiClientRequest(
            client: .web, what: "the author's skills", source: "src/apis/index.js:485-488, reducers/skill.js:242-261",
            path: "/cms/getSkillsByAuthor.json?author=Ana Costa", status: 200,
            fields: [SusiField("0", .nonEmptyString), SusiField("1", .nonEmptyString), SusiField("accepted", .bool)]),
        SusiClientRequest(
            client: .web, what: "a skill that does not exist", source: "fossasia/susi_server SkillQuery.java:91",
            path: "/cms/getSkillMetadata.json?model=general&group=Knowledge&language=en&skill=no-such-skill",
            status: 404, fields: [SusiField("accepted", .bool), SusiField("message", .nonEmptyString)]),
    ]

    static let android: [SusiClientRequest] = [
        SusiClientRequest(
            client: .android, what: "the metrics",
            source: "rest/services/SusiService.kt:214-218, SkillListingPresenter.kt:51, 113-114",
            path: "/cms/getSkillMetricsData.json?model=general&language=en", status: 200,
            fields: ["staffPicks", "rating", "newest", "Games, Trivia and Accessories"].map {
                SusiField("metrics.\($0)", .array(atLeast: 1))
            } + androidSkill("metrics.newest[]")),
        SusiClientRequest(
            client: .android, what: "the groups",
            source: "rest/services/SusiService.kt:175-176, SkillListingPresenter.kt:62-64",
            path: "/cms/getGroups.json", status: 200, fields: [SusiField("groups", .array(atLeast: 1))]),
        SusiClientRequest(
            client: .android, what: "a group's skills",
            source: "rest/clients/ClientBuilder.kt:66-75, SkillListingModel.kt:43",
            path:
                "/cms/getSkillList.json?duration=7&filter_name=descending&filter_type=rating&language=en&applyFilter=true&group=Games, Trivia and Accessories",
            status: 200, fields: [SusiField("filteredData", .array(atLeast: 1))] + androidSkill("filteredData[]")),
        SusiClientRequest(
            client: .android, what: "a skill's reviews",
            source: "rest/clients/ClientBuilder.kt:47-54, SkillDetailsFragment.kt:532",
            path: "/cms/getSkillFeedback.json?skill=tea-timer&model=general&language=en&group=Food and Drink",
            status: 200,
            fields: [SusiField("feedback", .array(atLeast: 2)), SusiField("feedback[].timestamp", .nonEmptyString)]),
    ]

    static let ios: [SusiClientRequest] = [
        SusiClientRequest(
            client: .ios, what: "the groups", source: "Susi/Model/Client/Convenience.swift:376-403",
            path: "/cms/getGroups.json?language=en", status: 200,
            fields: [SusiField("accepted", .bool), SusiField("groups", .array(atLeast: 1))]),
        SusiClientRequest(
            client: .ios, what: "a group's skills",
            source: "Susi/Model/Client/Convenience.swift:405-432, Susi/Model/Skill.swift:52-86",
            path: "/cms/getSkillList.json?group=Food and Drink&language=en", status: 200,
            fields: [
                SusiField("model", .nonEmptyString), SusiField("group", .nonEmptyString),
                SusiField("language", .nonEmptyString),
                SusiField("skills.tea-timer.skill_name", .nonEmptyString),
                SusiField("skills.tea-timer.skill_rating.stars.avg_star", .number),
                SusiField("skills.tea-timer.image", .nonEmptyString),
            ]),
        SusiClientRequest(
            client: .ios, what: "a skill's reviews", source: "Susi/Model/Client/Convenience.swift:559-581",
            path: "/cms/getSkillFeedback.json?group=Food and Drink&language=en&model=general&skill=tea-timer",
            status: 200,
            fields: [SusiField("feedback", .array(atLeast: 1)), SusiField("feedback[].feedback", .string)]),
    ]

    /// Each icon as the web client's cards ask for it (`SkillCardList.js:344-346`, through
    /// `src/utils/getImageSrc.js:3-4`), and as the skill page does (`SkillListing.js:254-258`).
    static let images: [(what: String, path: String)] = [
        (
            "a Markdown skill's icon",
            "/cms/getImage.png?model=general&language=en&group=Food and Drink&image=images/tea.png"
        ),
        (
            "a SUSI skill's icon",
            "/cms/getImage.png?model=general&language=en&group=Knowledge&image=images/capitals.png"
        ),
    ]
}
