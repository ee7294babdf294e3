import MustacheCompiler

/// `directory.mustache`: the lists of groups, languages and authors.
package struct DirectoryPage: TemplateData {
    package struct Item: TemplateData {
        package let name: String
        package let url: String
        package let countText: String
        package let detail: String

        package func value(named key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "url": .text(url)
            case "countText": .text(countText)
            case "detail": .text(detail)
            default: nil
            }
        }
    }

    package let common: PageCommon
    package let heading: String
    package let lead: String
    package let countText: String
    package let items: [Item]
    package let emptyText: String

    package func value(named key: String) -> TemplateValue? {
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
