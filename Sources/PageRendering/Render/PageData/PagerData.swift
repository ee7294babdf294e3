import MustacheCompiler

/// The pager of a listing that needs more than one page (`pager.mustache`, `pager-head.mustache`).
struct PagerData: PageData {
    package struct Link: PageData {
        /// nil for a gap ("…").
        package let number: Int?
        package let url: String
        package let current: Bool

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .gap: .flag(number == nil)
            case .number: .number(number ?? 0)
            case .url: .text(url)
            case .current: .flag(current)
            default: nil
            }
        }
    }

    package let label: String
    package let links: [Link]
    let prevURL: String?
    let nextURL: String?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .label: .text(label)
        case .links: .list(links.map(TemplateValue.data))
        case .prevURL: prevURL.map(TemplateValue.text)
        case .nextURL: nextURL.map(TemplateValue.text)
        default: nil
        }
    }
}
