import MustacheCompiler

/// `index.mustache`: every group with its best skills.
struct IndexPage: PageData {
    let common: PageCommon
    package let groups: [IndexGroup]
    /// "120 skills in 9 groups · 3,456 ratings", each count in its plural form.
    let statsText: String
    /// `featured`'s cards, in the editor's order.
    var featured: [PlacedCard] = []
    var collections: [IndexCollection] = []

    package func value(_ name: PageName) -> TemplateValue? {
        switch name {
        case .groups: .list(groups.map(TemplateValue.data))
        case .statsText: .text(statsText)
        case .featured: PlacedCard.list(featured)
        case .hasFeatured: .flag(!featured.isEmpty)
        case .collections: .list(collections.map(TemplateValue.data))
        case .hasCollections: .flag(!collections.isEmpty)
        case .groupCount: .number(groups.count)
        // Cards sit under each group's h2.
        case .cardLevel: .number(3)
        default: common.value(name)
        }
    }
}

/// One group's section on the home page.
struct IndexGroup: PageData {
    package let name: String
    package let url: String
    package let count: Int
    let slug: String
    let countText: String
    package let cards: [PlacedCard]
    /// Only when the cards do not already show the whole group.
    package let more: String?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .url: .text(url)
        case .count: .number(count)
        case .slug: .text(slug)
        case .countText: .text(countText)
        case .hasSkills: .flag(!cards.isEmpty)
        case .skills: PlacedCard.list(cards)
        case .more: more.map(TemplateValue.text)
        default: nil
        }
    }
}

/// One editors' collection, linked from the home page.
struct IndexCollection: PageData {
    let title: String
    let text: String
    let url: String
    let countText: String

    func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .title: .text(title)
        case .text: text.isEmpty ? nil : .text(text)
        case .url: .text(url)
        case .countText: .text(countText)
        default: nil
        }
    }
}
