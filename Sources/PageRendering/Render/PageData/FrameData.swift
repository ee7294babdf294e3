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
        case .price: .text(site.price)
        case .operatingSystem: site.operatingSystem.map(TemplateValue.text)
        case .buildDate: key.buildDate.map { .text($0.day) }
        case .buildTimestamp: key.buildDate.map { .text($0.timestamp) }
        default: site.links[name.rawValue]
        }
    }

    func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
        switch name {
        case .root: printer.print(key.root, into: &output)
        case .lang: printer.print(site.language, into: &output)
        case .siteTitle: printer.print(site.title, into: &output)
        default: .unhandled
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

    func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
        switch name {
        case .pageTitle: printer.print(pageTitle, into: &output)
        case .metaDescription: printer.print(metaDescription, into: &output)
        case .ogTitle: printer.print(ogTitle, into: &output)
        case .canonical: printer.print(canonical, into: &output)
        case .siteHeader, .siteFooter: .unhandled
        default: frame.print(name, with: printer, into: &output)
        }
    }
}
