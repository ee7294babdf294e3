/// Everything `Content/site.yml` can set. A missing file means these defaults.
public struct SiteConfig: Sendable, Equatable {
    public var title = "Skill Catalogue"
    public var description = "Skills, by category, with their ratings."
    /// Whether site.yml set `title` and `description`; the defaults are the theme's words in the
    /// site's language (`wordsFilled`).
    public var titleGiven = false
    public var descriptionGiven = false
    /// Where every page and file lives, the base URL included.
    public var urls = SiteURLs()
    /// Whether absolute URLs can be made (`https://host/…`); with a bare path (`/`) they cannot.
    public var hasHost: Bool { urls.hasHost }
    /// Absolute (`https://example.org/catalogue/`) or a root path (`/`). Always ends in `/`.
    public var baseURL: String {
        get { urls.baseURL }
        set { urls.baseURL = newValue }
    }
    /// Page language (`lang` attribute).
    public var language = "en"
    public var stars = StarRowStyle()
    public var chart = ChartStyle()
    /// The form on skill pages; nil means no form.
    public var ratingForm: RatingFormConfig?
    /// `ranking.prior_votes`: `m` of the Top rated formula (see `BayesianRanking` and docs/listings.md).
    public var priorVotes = 10.0
    /// `page_size`: skills per page of a listing.
    public var pageSize = 24
    /// `home_cards`: skills shown per group on the home page (its best, as Top rated orders them);
    /// the group's own page lists them all. 0 shows the groups without cards.
    public var homeCards = 6
    /// `group_order`: how a group's page orders its skills.
    public var groupOrder = GroupOrder.rating
    /// `try_url`: where an example phrase can be tried, `{example}` standing for the phrase as a
    /// query value (`https://chat.example.org/?q={example}`); nil shows the phrases as quotes.
    public var tryURL: String?
    /// `allow_empty`: a catalogue without skills builds (a new site); otherwise it is an error,
    /// since an empty content folder is far more often a wrong `--content` than a wish.
    public var allowEmpty = false
    /// `susi_api`: whether the site is also a read-only mirror of SUSI's CMS API (`cms/`), for
    /// SUSI's own clients (docs/susi.md, "The read-only mirror"). On by default for a content
    /// folder that is a SUSI skill repository checkout.
    public var susiAPI = false
    /// Whether site.yml says `susi_api`, so the checkout's default does not apply.
    public var susiAPIGiven = false
    /// `ratings.database`: votes kept in a database, counted with the rating files. A path
    /// relative to the content folder (SQLite) or a `postgres://` URL, as written.
    public var ratingsDatabase: String?
    /// `search.endpoint`: the header's search form and the results page; nil means no form.
    public var search: SearchConfig?
    /// `reviews.on_skill_page`: the newest reviews a skill page shows (0: none, only the link).
    public var reviewsOnSkillPage = 3
    /// `reviews.per_page`: reviews per page of a skill's `reviews/` pages.
    public var reviewsPerPage = 20
    /// `report_url`: where a visitor reports a problem with a skill (see `ReportURL`); nil shows no link.
    public var reportURL: String?
    /// `featured`: skills the home page shows first, in this order.
    public var featured: [SkillReference] = [] {
        didSet { featuredIDs = Set(featured.map(\.id)) }
    }
    /// `featured`'s ids: SUSI's API asks for every skill whether it is featured.
    public private(set) var featuredIDs: Set<String> = []
    /// `collections`: editors' lists, each on a page of its own.
    public var collections: [SkillCollection] = []
    /// `rich_results`: the price, app type and platform skill pages tell search engines.
    public var richResults = RichResults()
    /// `images`: the boxes skill images are sized for, and the pixel limit.
    public var images = ImageSettings()

    public init() {}

    /// These settings with the title and description site.yml left out in the site's language
    /// (`site_title`, `site_description` of the theme's strings).
    public func wordsFilled(from strings: UIStrings) -> SiteConfig {
        var config = self
        if !titleGiven { config.title = strings.text("site_title") }
        if !descriptionGiven { config.description = strings.text("site_description") }
        return config
    }

    /// The path part of the base URL (`/catalogue/`), for servers and sub-path checks.
    public var basePath: String { urls.basePath }

    /// Absolute URL for a site path, when the base URL is absolute (feeds and canonical links need one).
    public func absoluteURL(_ path: String) -> String { urls.absolute(path) }
}

/// How star rows look: see docs/stars.md.
public struct StarRowStyle: Sendable, Equatable {
    public var count = 5
    /// 1 whole symbols, 0.5 halves, 0.25 quarters, any step in (0, 1]; 0 means exact fill.
    public var granularity = 0.5
    public var size = 16.0
    public var spacing = 2.0
    public var symbol = RatingSymbol.star
    public init() {}
}

public enum RatingSymbol: Sendable, Equatable {
    case star, circle, heart
    /// A custom shape: an SVG path and the view box it is drawn in.
    case custom(path: String, viewBox: ViewBox)
}

public struct ViewBox: Sendable, Equatable {
    public var minX, minY, width, height: Double
    public init(minX: Double = 0, minY: Double = 0, width: Double, height: Double) {
        self.minX = minX
        self.minY = minY
        self.width = width
        self.height = height
    }
}

public struct ChartStyle: Sendable, Equatable {
    /// Bar colours for 5 → 1 stars on the light page: Material's green-to-red family SUSI used,
    /// in shades dark enough for 3:1 against the page, the card and the bar track (WCAG 1.4.11).
    public var colors: [String] = ChartStyle.defaultColors
    /// The same for `prefers-color-scheme: dark`: light shades, 3:1 against the dark page.
    public var darkColors: [String] = ChartStyle.defaultDarkColors

    public static let defaultColors = ["#2e7d32", "#558b2f", "#9e6a00", "#e65100", "#c62828"]
    public static let defaultDarkColors = ["#81c784", "#aed581", "#fff176", "#ffb74d", "#e57373"]

    public init() {}
}
