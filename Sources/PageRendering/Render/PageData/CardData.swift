import MustacheCompiler

/// A skill as `card.mustache` sees it, and as the skill page sees it beneath its own values.
package struct CardData: PageData {
    package struct Image: Sendable {
        /// Href, relative to the site root when local.
        package let url: String
        let isLocal: Bool
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
}

/// A rendered card in a page's list of skills (`{{#skills}}{{{card}}}{{/skills}}`).
struct PlacedCard: PageData {
    package let html: String

    package func value(_ key: PageName) -> TemplateValue? { key == .card ? .text(html) : nil }

    /// A page's `skills`.
    package static func list(_ cards: [String]) -> TemplateValue { .list(cards.map { .data(PlacedCard(html: $0)) }) }
}
