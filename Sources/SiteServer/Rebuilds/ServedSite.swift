import CatalogueModel
import ContentLoading
import PageRendering

/// What the server needs to know about the last good build: where the site lives, where the
/// rating form sends votes, and which skills exist.
struct ServedSite: Sendable {
    struct SkillPage: Sendable {
        var id: String
        var tag: String
        var group: String
        var language: String
        /// Site path of the page (`skills/news/headline-finder/`).
        var path: String
        /// `path`, percent-encoded for a URL.
        var href: String { Slug.encodeForHref(path) }

        init(_ entry: Catalogue.Entry) {
            let skill = entry.skill
            id = skill.id
            tag = skill.tag
            group = skill.group
            language = skill.language
            path = entry.path
        }
    }

    /// `/` or `/catalogue/`: the path part of the base URL.
    var basePath: String
    /// `https://example.org/catalogue/`, or a root path when site.yml gives no host.
    var baseURL: String
    var form: RatingFormConfig?
    /// Whether site.yml gives `search.endpoint`.
    var hasSearch: Bool
    /// SUSI's read API over this build, with `susi_api: true`.
    let susi: SusiMirror?
    var skillCount: Int { catalogue.entries.count }
    /// The catalogue's skills, looked up when a vote names one: a table of their pages made
    /// after every build cost a vote at 10,000 skills about 13 ms before its `303`.
    private let catalogue: Catalogue

    init(catalogue: Catalogue) {
        basePath = catalogue.config.basePath
        baseURL = catalogue.config.baseURL
        form = catalogue.config.ratingForm
        hasSearch = catalogue.config.search != nil
        susi = catalogue.config.susiAPI ? SusiMirror(catalogue) : nil
        self.catalogue = catalogue
    }

    /// The page of the skill with this id.
    func page(ofSkill id: String) -> SkillPage? {
        catalogue.place(ofSkill: id).map { SkillPage(catalogue.entries[$0]) }
    }

    /// The pages of the skills `include` accepts, by id.
    func pages(where include: (SkillPage) -> Bool) -> [SkillPage] {
        catalogue.entries.lazy.map(SkillPage.init).filter(include).sorted { $0.id < $1.id }
    }

    /// The path the local receiver answers at, below the base path (which the server strips
    /// before anything else sees the request); nil when votes go to another server.
    var receiverPath: String? { form?.localPath(basePath: "/") }
}
