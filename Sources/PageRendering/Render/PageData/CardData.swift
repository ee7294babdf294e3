import CatalogueModel
import MustacheCompiler

/// A skill as `card.mustache` sees it, and as the skill page sees it beneath its own values.
package struct CardData: PageData {
    package struct Image: Sendable {
        /// Href, relative to the site root when local: the file as the skill gave it.
        package let url: String
        let isLocal: Bool
        /// The boxes, in CSS pixels, a card and the skill page show it in (`images` in site.yml).
        let smallBox: Int
        let largeBox: Int
        /// How the build sized it (`SizedImages`, which holds only images with a copy shown); nil
        /// shows the file as given.
        let sizing: SizedImages.Sizing?

        init(url: String, isLocal: Bool, boxes: ImageSettings, sizing: SizedImages.Sizing? = nil) {
            self.url = url
            self.isLocal = isLocal
            smallBox = boxes.card
            largeBox = boxes.page
            self.sizing = sizing
        }

        /// The href shown at `box` pixels: its WebP copy, or its fallback copy, or the original
        /// where that is lighter. Nil when the image is not sized, or has no WebP copies.
        func copy(box: Int, webp: Bool) -> String? {
            guard let sizing else { return nil }
            if webp { return sizing.webp ? url + SizedImages.suffix(box: box, fileExtension: "webp") : nil }
            return sizing.copies.contains(box)
                ? url + SizedImages.suffix(box: box, fileExtension: sizing.fallback) : url
        }

        /// The href for a 2× screen at `box`; nil when it is the 1× one (the original serves
        /// both), so a page names no `srcset` that says nothing.
        func copy2x(box: Int, webp: Bool) -> String? {
            let double = copy(box: box * 2, webp: webp)
            return double == copy(box: box, webp: webp) ? nil : double
        }
    }

    /// Only for rated skills: an unrated card has `rated` false and none of these.
    package struct Rating: Sendable {
        package let averageText: String
        package let totalText: String
        /// Text, or a slot while the card is cut (`CardCache`).
        var starRow: TemplateValue
        package var starRowLarge: TemplateValue
        package let ratingLabel: String
    }

    package let name: String
    package let url: String
    package let initial: String
    package let summary: String
    package let group: String
    package let language: String
    /// The language's name in the site's language ("German").
    package let languageName: String
    /// The skill's own text's `lang`, when it differs from the site's (see `LanguageTag`).
    package let contentLang: String?
    let firstExample: String?
    package let image: Image?
    package var rating: Rating?
    /// `t`: "Added", "Not rated yet" and the rest of the theme's words.
    let t: TemplateValue

    // Where the card stands: set by the page that shows it, absent on the skill page.
    package var root: TemplateValue?
    var cardLevel: TemplateValue?
    package var rank: TemplateValue?
    package var added: String?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .url: .text(url)
        case .initial: .text(initial)
        case .summary: .text(summary)
        case .group: .text(group)
        case .language: .text(language)
        case .languageName: .text(languageName)
        case .contentLang: contentLang.map(TemplateValue.text)
        case .firstExample: firstExample.map(TemplateValue.text)
        case .image: image.map { .text($0.url) }
        case .imageIsLocal: image?.isLocal == true ? .flag(true) : nil
        case .imageIsRemote: image?.isLocal == false ? .flag(true) : nil
        case .imageSized: image?.sizing != nil ? .flag(true) : nil
        case .imageSmallBox: image.map { .text(String($0.smallBox)) }
        case .imageLargeBox: image.map { .text(String($0.largeBox)) }
        case .imageSmall, .imageSmall2x, .imageSmallWebP, .imageSmallWebP2x, .imageLarge, .imageLarge2x,
            .imageLargeWebP, .imageLargeWebP2x:
            imageCopy(key).map(TemplateValue.text)
        case .rated: .flag(rating != nil)
        case .averageText: rating.map { .text($0.averageText) }
        case .totalText: rating.map { .text($0.totalText) }
        case .starRow: rating?.starRow
        case .starRowLarge: rating?.starRowLarge
        case .ratingLabel: rating.map { .text($0.ratingLabel) }
        case .root: root
        case .cardLevel: cardLevel
        case .rank: rank
        case .added: added.map(TemplateValue.text)
        case .t: t
        default: nil
        }
    }

    /// The sized copy a name stands for: small (the card's box) or large (the page's), 1× or 2×,
    /// WebP or the fallback.
    private func imageCopy(_ key: PageName) -> String? {
        guard let image else { return nil }
        return switch key {
        case .imageSmall: image.copy(box: image.smallBox, webp: false)
        case .imageSmall2x: image.copy2x(box: image.smallBox, webp: false)
        case .imageSmallWebP: image.copy(box: image.smallBox, webp: true)
        case .imageSmallWebP2x: image.copy2x(box: image.smallBox, webp: true)
        case .imageLarge: image.copy(box: image.largeBox, webp: false)
        case .imageLarge2x: image.copy2x(box: image.largeBox, webp: false)
        case .imageLargeWebP: image.copy(box: image.largeBox, webp: true)
        case .imageLargeWebP2x: image.copy2x(box: image.largeBox, webp: true)
        default: nil
        }
    }

    package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
        switch name {
        case .name: printer.print(self.name, into: &output)
        case .url: printer.print(url, into: &output)
        case .initial: printer.print(initial, into: &output)
        case .summary: printer.print(summary, into: &output)
        case .group: printer.print(group, into: &output)
        case .language: printer.print(language, into: &output)
        case .languageName: printer.print(languageName, into: &output)
        case .contentLang: printer.print(contentLang, into: &output)
        case .firstExample: printer.print(firstExample, into: &output)
        case .image: printer.print(image?.url, into: &output)
        case .imageSmallBox: printer.print(image.map { String($0.smallBox) }, into: &output)
        case .imageLargeBox: printer.print(image.map { String($0.largeBox) }, into: &output)
        case .imageSmall, .imageSmall2x, .imageSmallWebP, .imageSmallWebP2x, .imageLarge, .imageLarge2x,
            .imageLargeWebP, .imageLargeWebP2x:
            printer.print(imageCopy(name), into: &output)
        case .averageText: printer.print(rating?.averageText, into: &output)
        case .totalText: printer.print(rating?.totalText, into: &output)
        case .ratingLabel: printer.print(rating?.ratingLabel, into: &output)
        case .added: printer.print(added, into: &output)
        case .imageIsLocal, .imageIsRemote, .imageSized, .rated, .starRow, .starRowLarge, .root, .cardLevel, .rank, .t:
            .unhandled
        default: .absent
        }
    }
}

/// A card in a page's list of skills (`{{#skills}}{{{card}}}{{/skills}}`): the cut card and its
/// slots' values on this page, written into the page where it prints, or a card rendered for it.
/// A class, so that the list holds it as a context and the context as a fragment by reference.
package final class PlacedCard: PageData, TemplateFragment {
    enum Source {
        /// A card the engine cut (`CardCache`) and its slots' values on this page
        /// (`CardCache.Slot`): the entry's star rows, the way back to the site root, the heading
        /// level, the rank on a ranked listing.
        case cut(TemplateCut, starRows: (small: String, large: String), root: String, level: Int, rank: Int?)
        /// A card rendered for this place.
        case rendered(String)
    }

    // The source's parts, each held apart: writing a card binds none of them out of an enum
    // (five retains and releases for every card of every page).
    /// Nil for a rendered card.
    private let cut: TemplateCut?
    /// A rendered card's HTML (empty for a cut one).
    private let rendered: String
    private let starRows: (small: String, large: String)
    private let root: String
    private let level: Int
    private let rank: Int?
    /// For a cut card: the same bytes wherever the key is the same.
    package let markKey: TemplateMark.Key?

    init(_ source: Source, key: TemplateMark.Key? = nil) {
        switch source {
        case .cut(let cut, let starRows, let root, let level, let rank):
            (self.cut, rendered, self.starRows, self.root, self.level, self.rank) =
                (cut, "", starRows, root, level, rank)
        case .rendered(let html):
            (cut, rendered, starRows, root, level, rank) = (nil, html, ("", ""), "", 0, nil)
        }
        markKey = key
    }

    /// A card rendered for one page only (search results, cards the engine did not cut).
    convenience init(rendered html: String) {
        self.init(.rendered(html))
    }

    package func value(_ key: PageName) -> TemplateValue? { key == .card ? .fragment(self) : nil }

    package func write(into output: inout [UInt8]) {
        guard let cut else {
            output.append(contentsOf: rendered.utf8)
            return
        }
        cut.write(into: &output) { number in
            switch CardCache.Slot(rawValue: number) {
            case .root?: root
            case .level?: String(level)
            case .rank?: rank.map(String.init) ?? ""
            case .starRow?: starRows.small
            case .largeStarRow?: starRows.large
            case nil: ""
            }
        }
    }

    /// The card's HTML, as a page shows it.
    package var html: String { text }

    /// A page's `skills`.
    package static func list(_ cards: [PlacedCard]) -> TemplateValue { .list(cards.map { .data($0) }) }
}

/// `{{.}}` in `{{#skills}}` and `{{skills}}` print a card's context as swift-mustache prints any
/// value, by its description: the one it had as a structure holding its HTML.
extension PlacedCard: CustomStringConvertible, CustomDebugStringConvertible {
    package var description: String { "PlacedCard(html: \(String(reflecting: html)))" }
    package var debugDescription: String { "PageRendering." + description }
}
