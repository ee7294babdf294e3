import CatalogueModel
import MustacheCompiler

/// What the header and footer see (`header.mustache`, `footer.mustache`): only values that the
/// frame's key decides, so a frame cached for one page can never show another page's values.
/// Pages see them too, beneath their own.
struct FrameData: PageData {
    package let site: SiteWide
    package let key: PageFrames.Key

    package func value(_ name: PageName) -> TemplateValue? {
        switch name {
        case .root: .text(key.root)
        // Cards sit under the page's h1 (listings) unless a page puts section headings between.
        case .cardLevel: .number(2)
        case .lang: .text(site.language)
        case .siteTitle: .text(site.title)
        case .siteDescription: .text(site.description)
        case .themeStyle: .text(site.themeStyle)
        case .skillCount: .text(site.skillCount)
        case .ratingCount: .text(site.ratingCount)
        case .navGroups: site.navGroups(current: key.currentGroup)
        case .nav: .data(TemplateDictionary(key.nav.mapValues(TemplateValue.text)))
        case .hasFeed: .flag(site.hasFeed)
        case .feedTitle: .text(site.feedTitle)
        case .t: site.t
        case .hasTopRated: .flag(site.listed.topRated)
        case .hasMostRated: .flag(site.listed.mostRated)
        case .hasNewest: .flag(site.listed.newest)
        case .hasAuthors: .flag(site.listed.authors)
        case .buildDate: key.buildDate.map { .text($0.day) }
        case .buildTimestamp: key.buildDate.map { .text($0.timestamp) }
        default: site.links[name.rawValue]
        }
    }
}

/// What every page has besides its own values: the frame, the rendered header and footer, and
/// the head's titles.
struct PageCommon: PageData {
    let frame: FrameData
    package let header: SharedMarkup
    package let footer: SharedMarkup
    package let pageTitle: String
    package let metaDescription: String
    package let ogTitle: String
    /// Only when the base URL has a host.
    package let canonical: String?

    package func value(_ name: PageName) -> TemplateValue? {
        switch name {
        case .siteHeader: .fragment(header)
        case .siteFooter: .fragment(footer)
        case .pageTitle: .text(pageTitle)
        case .metaDescription: .text(metaDescription)
        case .ogTitle: .text(ogTitle)
        case .canonical: canonical.map(TemplateValue.text)
        default: frame.value(name)
        }
    }
}
