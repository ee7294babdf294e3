import MustacheCompiler

/// `group.mustache`: one page of a group's skills.
struct GroupPage: TemplateData {
    let common: PageCommon
    let name: String
    let countText: String
    let ratingsText: String
    let cards: [String]
    let pager: PagerData?

    func value(named key: String) -> TemplateValue? {
        switch key {
        case "name": .text(name)
        case "countText": .text(countText)
        case "ratingsText": .text(ratingsText)
        case "skills": PlacedCard.list(cards)
        case "pager": pager.map(TemplateValue.data)
        default: common.value(named: key)
        }
    }
}
