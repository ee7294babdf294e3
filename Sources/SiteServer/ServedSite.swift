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
        /// Site path of the page, percent-encoded for a URL (`skills/news/headline-finder/`).
        var href: String
    }

    /// `/` or `/catalogue/`: the path part of the base URL.
    var basePath: String
    /// `https://example.org/catalogue/`, or a root path when site.yml gives no host.
    var baseURL: String
    var form: RatingFormConfig?
    /// Whether site.yml gives `search.endpoint`.
    var hasSearch: Bool
    var skills: [String: SkillPage]

    init(catalogue: Catalogue) {
        basePath = catalogue.config.basePath
        baseURL = catalogue.config.baseURL
        form = catalogue.config.ratingForm
        hasSearch = catalogue.config.search != nil
        var skills: [String: SkillPage] = [:]
        for entry in catalogue.entries {
            let skill = entry.skill
            skills[skill.id] = SkillPage(
                id: skill.id, tag: skill.tag, group: skill.group, language: skill.language,
                href: Slug.encodeForHref(entry.path))
        }
        self.skills = skills
    }

    /// The path the local receiver answers at, below the base path (which the server strips
    /// before anything else sees the request); nil when votes go to another server.
    var receiverPath: String? { form?.localPath(basePath: "/") }
}
