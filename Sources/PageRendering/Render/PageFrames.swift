import CatalogueModel
import Foundation
import MustacheCompiler

/// The site header and footer (`header.mustache`, `footer.mustache`), rendered once per way back
/// to the root and place in the navigation, not once per page: together they are about half of
/// the template lookups of a skill page, yet a 10,000-skill site has only a few dozen different
/// ones. Pages insert them with `{{{siteHeader}}}` and `{{{siteFooter}}}`.
///
/// So that a cached frame can never show one page's values on another, the templates see only
/// what the key decides (`FrameData`): the site-wide values, `root`, `nav`, `navGroups`,
/// `hasFeed` and the build date.
final class PageFrames: @unchecked Sendable {
    package struct Key: Hashable {
        package let root: String
        let nav: [String: String]
        let currentGroup: Int?
        package let buildDate: BuildDate?
    }

    struct Frame: Sendable {
        package let header: SharedMarkup
        package let footer: SharedMarkup
    }

    private let engine: any TemplateEngine
    // Pages render on all cores; a frame rendered twice by two workers is the same text.
    private let lock = NSLock()
    private var frames: [Key: Frame] = [:]

    package init(engine: any TemplateEngine) {
        self.engine = engine
    }

    func frame(_ key: Key, data: () -> FrameData) -> Frame {
        if let frame = lock.withLock({ frames[key] }) { return frame }
        let data = data()
        let frame = Frame(
            header: SharedMarkup(ThemePartial.render("header", data, engine: engine)),
            footer: SharedMarkup(ThemePartial.render("footer", data, engine: engine)))
        lock.withLock { frames[key] = frame }
        return frame
    }
}
