/// The read endpoints of SUSI's CMS API that the mirror answers, by the file name SUSI's clients
/// ask for below `/cms/` (fossasia/susi_server `src/ai/susi/server/api/cms/`, each servlet's
/// `getAPIPath`): those SUSI's web, Android and iOS clients call while a visitor browses without
/// signing in (docs/susi.md, "The read-only mirror").
public enum SusiEndpoint: String, Sendable, CaseIterable {
    case getGroups = "getGroups.json"
    case getSkillList = "getSkillList.json"
    case getSkillMetadata = "getSkillMetadata.json"
    case getRatingsOverTime = "getRatingsOverTime.json"
    case getSkillFeedback = "getSkillFeedback.json"
    case getAllLanguages = "getAllLanguages.json"
    case getSkillMetricsData = "getSkillMetricsData.json"
    case getSkillUsage = "getSkillUsage.json"
    case getCountryWiseSkillUsage = "getCountryWiseSkillUsage.json"
    case getDeviceWiseSkillUsage = "getDeviceWiseSkillUsage.json"
    case getSkillsByAuthor = "getSkillsByAuthor.json"
    case getModel = "getModel.json"
    case getImage = "getImage.png"

    /// The folder every endpoint sits in, below the site's root: `cms/`.
    public static let folder = "cms/"

    /// The endpoint a path below the site's root names (`cms/getSkillList.json`), or nil.
    public init?(sitePath: Substring) {
        guard sitePath.hasPrefix(Self.folder) else { return nil }
        self.init(rawValue: String(sitePath.dropFirst(Self.folder.count)))
    }

    /// Whether the answer depends on one skill (`model`, `group`, `language`, `skill`).
    var isPerSkill: Bool {
        switch self {
        case .getSkillMetadata, .getRatingsOverTime, .getSkillFeedback, .getSkillUsage, .getCountryWiseSkillUsage,
            .getDeviceWiseSkillUsage:
            true
        default: false
        }
    }
}
