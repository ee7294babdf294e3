import CatalogueModel
import MustacheCompiler

/// The theme's strings as templates see them: `{{t.top_rated}}`. Every kind of page, the header
/// and footer, cards and the chart and form fragments answer `t`, so a user's template can use
/// any key too (a plural key shows its `other` form).
struct StringTable: TemplateData {
    let strings: UIStrings

    package func value(named name: String) -> TemplateValue? {
        strings.entries[name].map { .text($0.plain) }
    }

    /// `t`, as each page's data answers it.
    var value: TemplateValue { .data(self) }
}
