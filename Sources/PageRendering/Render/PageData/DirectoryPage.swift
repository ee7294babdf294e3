import MustacheCompiler

/// `directory.mustache`: the lists of groups, languages and authors.
package struct DirectoryPage: PageData {
    package struct Item: PageData {
        package let name: String
        package let url: String
        let countText: String
        package let detail: String

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .name: .text(name)
            case .url: .text(url)
            case .countText: .text(countText)
            case .detail: .text(detail)
            default: nil
            }
        }
    }

    let common: PageCommon
    let heading: String
    let lead: String
    let countText: String
    package let items: [Item]
    let emptyText: String

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .heading: .text(heading)
        case .lead: .text(lead)
        case .countText: .text(countText)
        case .items: .list(items.map(TemplateValue.data))
        case .hasItems: .flag(!items.isEmpty)
        case .emptyText: .text(emptyText)
        default: common.value(key)
        }
    }
}
