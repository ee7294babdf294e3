/// The `rating_form` section of `site.yml`: where the form on every skill page sends a vote, and
/// how. See the README's "The rating form" section.
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

    public init(endpoint: Endpoint) {
        self.endpoint = endpoint
    }

    public static let susiEndpoint = "https://api.susi.ai/cms/fiveStarRateSkill.json"

    /// The preset's defaults; keys given beside `preset: susi` override them.
    public static var susi: RatingFormConfig {
        var config = RatingFormConfig(endpoint: .url(susiEndpoint))
        config.method = .get
        config.preset = .susi
        return config
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

    static func href(_ endpoint: Endpoint, root: String) -> String {
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
    public static let absentNote = "skill pages have no rating form: set `rating_form.endpoint` in site.yml (see the README's \"The rating form\")"
}
