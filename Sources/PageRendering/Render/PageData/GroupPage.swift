import MustacheCompiler

/// `group.mustache`: one page of a group's skills.
package struct GroupPage: PageData {
    let common: PageCommon
    package let name: String
    let countText: String
    package let ratingsText: String
    package let cards: [PlacedCard]
    let pager: PagerData?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .countText: .text(countText)
        case .ratingsText: .text(ratingsText)
        case .skills: PlacedCard.list(cards)
        case .pager: pager.map(TemplateValue.data)
        default: common.value(key)
        }
    }
}
