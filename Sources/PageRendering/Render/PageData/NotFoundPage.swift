import MustacheCompiler

/// `404.mustache`: served for any missing path, so its links start from the site's base path.
struct NotFoundPage: TemplateData {
    let common: PageCommon
    package let groups: [NamedLink]

    package func value(named key: String) -> TemplateValue? {
        key == "groups" ? .list(groups.map(TemplateValue.data)) : common.value(named: key)
    }
}
