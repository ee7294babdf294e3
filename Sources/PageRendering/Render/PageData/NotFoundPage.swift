import MustacheCompiler

/// `404.mustache`: served for any missing path, so its links start from the site's base path.
struct NotFoundPage: PageData {
    let common: PageCommon
    package let groups: [NamedLink]

    package func value(_ key: PageName) -> TemplateValue? {
        key == .groups ? .list(groups.map(TemplateValue.data)) : common.value(key)
    }
}
