/// The `rating_form` section of `site.yml`: where the form on every skill page sends a vote, and
/// how. See docs/rating-form.md.
public struct RatingFormConfig: Sendable, Equatable {
    public enum Endpoint: Sendable, Equatable {
        /// An http(s) URL, used as it is.
        case url(String)
        /// A path on this site, without its leading `/` (`api/ratings`). It is relative to the
        /// site's root, not the host's, so it follows the site to any sub-path.
        case sitePath(String)
    }

    public enum Method: String, Sendable, Equatable {
        case post, get
    }

    /// 1: five radios, whole stars. 0.5: ten radios, half stars (the `Rating` proposal's granularity).
    public enum Granularity: Sendable, Equatable {
        case whole, half
    }

    public enum Preset: String, Sendable, Equatable {
        /// SUSI.AI's `fiveStarRateSkill.json`: GET with model, group, language, skill (the tag), stars.
        case susi
    }

    /// What the skill field carries: the catalogue's id (`news/headline-finder`) or SUSI's tag.
    public enum SkillValue: Sendable, Equatable {
        case id, tag
    }

    /// Names of the fields the form sends. `skill` and `stars` are always sent; the others are
    /// left out when set to null.
    public struct Fields: Sendable, Equatable {
        public var skill = "skill"
        public var stars = "stars"
        public var model: String? = "model"
        public var group: String? = "group"
        public var language: String? = "language"
        public init() {}
    }

    public var endpoint: Endpoint
    public var method = Method.post
    public var fields = Fields()
    /// Constant hidden fields, sent with every vote (rendered sorted by name).
    public var extra: [String: String] = [:]
    public var granularity = Granularity.whole
    /// An http(s) URL or a site path (`/login`), shown as "Sign in to rate" beside the form.
    public var signInURL: Endpoint?
    public var preset: Preset?
    /// With the SUSI preset and no endpoint of the site's own: skill pages link to the skill in
    /// SUSI's web client (this URL), where a visitor signs in and rates, instead of showing a form
    /// that cannot succeed (see `susi`).
    public var susiWebClient: String?
    /// An optional written review beside the stars (`comment: true`): a `<textarea>` sent as
    /// `commentField`, stored with the vote by `serve` and `collect`.
    public var comment = false

    public init(endpoint: Endpoint) {
        self.endpoint = endpoint
    }

    /// The comment's field name, fixed so that every receiver finds it without configuration.
    public static let commentField = "comment"
    /// The longest comment, in characters (grapheme clusters): the textarea's `maxlength`, and
    /// what `serve` and `collect` refuse beyond.
    public static let commentLimit = 2000

    public static let susiEndpoint = "https://api.susi.ai/cms/fiveStarRateSkill.json"
    /// SUSI's web client (fossasia/susi.ai `src/utils/urls.js:13-15`).
    public static let susiWebClientURL = "https://susi.ai"

    /// The preset's defaults; keys given beside `preset: susi` override them.
    ///
    /// SUSI records a vote only from a signed-in user: `fiveStarRateSkill.json` requires the USER
    /// role (fossasia/susi_server `FiveStarRateSkillService.java:45-48`) and anonymous callers get
    /// 401 before it runs (`AbstractAPIHandler.java:112-117`); the user is named by a `login`
    /// cookie of the API's own host, a session, or an `access_token` parameter
    /// (`AbstractAPIHandler.java:185-238`), which only SUSI's clients hold. A page without
    /// JavaScript can send none of them, so the preset links to the skill's page in SUSI's web
    /// client, where the visitor signs in and rates, unless an endpoint is set beside it.
    public static var susi: RatingFormConfig {
        var config = RatingFormConfig(endpoint: .url(susiEndpoint))
        config.method = .get
        config.preset = .susi
        config.susiWebClient = susiWebClientURL
        return config
    }

    /// The skill's page in SUSI's web client: `/<group>/<skill_tag>/<language>`, the route of
    /// fossasia/susi.ai `src/App.js:275-294`, built as its cards build it (`SkillCardGrid.js:58-59`).
    public func susiSkillPage(_ skill: Skill) -> String? {
        guard let base = susiWebClient else { return nil }
        // Each part percent-encoded: group names hold spaces and commas ("Games, Trivia and Accessories").
        let segments = [skill.group, skill.tag, skill.language].map { Slug.encodeForHref($0, keepingSlashes: false) }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/" + segments.joined(separator: "/")
    }

    /// Whether the form would post to SUSI's rating servlet, which no form can satisfy.
    public var postsToSUSI: Bool {
        guard susiWebClient == nil, case .url(let url) = endpoint else { return false }
        let lower = url.lowercased()
        return lower.contains("/cms/fivestarrateskill.json") || lower.hasPrefix("https://api.susi.ai/")
            || lower.hasPrefix("http://api.susi.ai/")
    }

    public var skillValue: SkillValue { preset == .susi ? .tag : .id }

    /// The `value` of each radio, in DOM order (fewest stars first).
    public var starValues: [String] {
        switch granularity {
        case .whole: (1...5).map(String.init)
        case .half: (1...10).map { $0.isMultiple(of: 2) ? String($0 / 2) : "\($0 / 2).5" }
        }
    }

    /// The form's `action` on a page whose way back to the site root is `root` (`../../`).
    public func action(root: String) -> String {
        Self.href(endpoint, root: root)
    }

    package static func href(_ endpoint: Endpoint, root: String) -> String {
        switch endpoint {
        case .url(let url): url
        case .sitePath(let path): root + path
        }
    }

    /// The absolute path a local server answers the form at, for a site served under `basePath`
    /// (`/catalogue/`); nil when the endpoint is another server's URL.
    public func localPath(basePath: String) -> String? {
        guard case .sitePath(let path) = endpoint else { return nil }
        return (basePath.hasSuffix("/") ? basePath : basePath + "/") + path.prefix { $0 != "?" }
    }

    /// Printed by `build` and `serve` when there is no form, so nobody wonders where it went.
    public static let absentNote =
        "skill pages have no rating form: set `rating_form.endpoint` in site.yml (see docs/rating-form.md)"
}
