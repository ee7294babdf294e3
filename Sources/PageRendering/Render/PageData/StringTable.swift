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

    /// By the key's place in the vocabulary (`vocabulary(for:)`) when the template was compiled
    /// with these strings' keys, checked against the name; by the name otherwise.
    package func value(for key: TemplateKey) -> TemplateValue? {
        if let index = key.index, index >= Self.firstKey {
            let place = index - Self.firstKey
            if place < strings.sortedKeys.count, strings.sortedKeys[place] == key.name {
                return .text(strings.sortedPlain[place])
            }
        }
        return value(named: key.name)
    }

    package func print(_ key: TemplateKey, with printer: TemplatePrinter, into output: inout [UInt8])
        -> TemplatePrinted
    {
        if let index = key.index, index >= Self.firstKey {
            let place = index - Self.firstKey
            if place < strings.sortedKeys.count, strings.sortedKeys[place] == key.name {
                return printer.print(strings.sortedPlain[place], into: &output)
            }
        }
        return .unhandled
    }

    /// The names templates are compiled with: the pages' names, then the keys of `strings`.
    static func vocabulary(for strings: UIStrings) -> [String] { PageName.vocabulary + strings.sortedKeys }

    /// Where the strings' keys start in `vocabulary(for:)`.
    private static let firstKey = PageName.vocabulary.count

    /// `t`, as each page's data answers it.
    var value: TemplateValue { .data(self) }
}
