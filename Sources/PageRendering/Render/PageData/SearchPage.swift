import MustacheCompiler

/// `search.mustache`: the results of one search, one page of them; or, without a query, the
/// page that asks for one.
struct SearchPage: PageData {
    let common: PageCommon
    let query: String
    let heading: String
    /// "3 skills match “tea”"; empty without a query. The query is part of the text, since
    /// where it stands and how it is quoted differs between languages.
    let countText: String
    /// "No skills match “tea”. …", for a query without results.
    let noMatchText: String
    let cards: [PlacedCard]
    let pager: PagerData?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .query: .text(query)
        case .hasQuery: .flag(!query.isEmpty)
        case .heading: .text(heading)
        case .countText: .text(countText)
        case .noMatchText: .text(noMatchText)
        case .skills: PlacedCard.list(cards)
        case .hasSkills: .flag(!cards.isEmpty)
        case .noMatch: .flag(!query.isEmpty && cards.isEmpty)
        case .pager: pager.map(TemplateValue.data)
        default: common.value(key)
        }
    }
}
