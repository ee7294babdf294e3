import MustacheCompiler

/// `directory.mustache`: the lists of groups, languages and authors.
struct DirectoryPage: TemplateData {
    struct Item: TemplateData {
        let name: String
        let url: String
        let countText: String
        let detail: String

        func value(named key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "url": .text(url)
            case "countText": .text(countText)
            case "detail": .text(detail)
            default: nil
            }
        }
    }

    let common: PageCommon
    let heading: String
    let lead: String
    let countText: String
    let items: [Item]
    let emptyText: String

    func value(named key: String) -> TemplateValue? {
        switch key {
        case "heading": .text(heading)
        case "lead": .text(lead)
        case "countText": .text(countText)
        case "items": .list(items.map(TemplateValue.data))
        case "hasItems": .flag(!items.isEmpty)
        case "emptyText": .text(emptyText)
        default: common.value(named: key)
        }
    }
}
