import MustacheCompiler

/// `listing.mustache`: one page of Top rated, Most rated, Newest, a language or an author.
struct ListingPage: PageData {
    let common: PageCommon
    let heading: String
    let lead: String
    let countText: String
    let emptyText: String
    let crumbs: [NamedLink]
    /// The listing's neighbours (a language page's other languages), under `siblingsLabel`.
    let siblings: [NamedLink]
    let siblingsLabel: String
    package let cards: [PlacedCard]
    /// Whether the whole listing (not only this page) has skills.
    let hasSkills: Bool
    /// How the order is worked out: Top rated only.
    package let ranking: String?
    let pager: PagerData?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .heading: .text(heading)
        case .lead: .text(lead)
        case .countText: .text(countText)
        case .emptyText: .text(emptyText)
        case .crumbs: .list(crumbs.map(TemplateValue.data))
        case .siblings: .list(siblings.map(TemplateValue.data))
        case .hasSiblings: .flag(!siblings.isEmpty)
        case .siblingsLabel: .text(siblingsLabel)
        case .skills: PlacedCard.list(cards)
        case .hasSkills: .flag(hasSkills)
        case .ranking: ranking.map { .data(TemplateDictionary(["text": .text($0)])) }
        case .pager: pager.map(TemplateValue.data)
        default: common.value(key)
        }
    }
}
