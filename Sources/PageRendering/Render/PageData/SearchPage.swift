import MustacheCompiler

/// `search.mustache`: the results of one search, one page of them; or, without a query, the
/// page that asks for one.
struct SearchPage: TemplateData {
    let common: PageCommon
    let query: String
    let heading: String
    /// "3 skills match" (the template adds the query); empty without a query.
    let countText: String
    let cards: [String]
    let pager: PagerData?

    package func value(named key: String) -> TemplateValue? {
        switch key {
        case "query": .text(query)
        case "hasQuery": .flag(!query.isEmpty)
        case "heading": .text(heading)
        case "countText": .text(countText)
        case "skills": PlacedCard.list(cards)
        case "hasSkills": .flag(!cards.isEmpty)
        case "noMatch": .flag(!query.isEmpty && cards.isEmpty)
        case "pager": pager.map(TemplateValue.data)
        default: common.value(named: key)
        }
    }
}
