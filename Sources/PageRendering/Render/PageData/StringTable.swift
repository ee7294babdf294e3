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
        guard let place = place(of: key) else { return value(named: key.name) }
        return .text(strings.sortedPlain[place])
    }

    package func print(_ key: TemplateKey, with printer: TemplatePrinter, into output: inout [UInt8])
        -> TemplatePrinted
    {
        guard let place = place(of: key) else { return .unhandled }
        return printer.print(strings.sortedPlain[place], into: &output)
    }

    /// The key's place among the sorted keys, when it was compiled with them and names that key.
    private func place(of key: TemplateKey) -> Int? {
        guard let index = key.index, index >= Self.firstKey else { return nil }
        let place = index - Self.firstKey
        return place < strings.sortedKeys.count && strings.sortedKeys[place] == key.name ? place : nil
    }

    /// The names templates are compiled with: the pages' names, then the keys of `strings`.
    static func vocabulary(for strings: UIStrings) -> [String] { PageName.vocabulary + strings.sortedKeys }

    /// Where the strings' keys start in `vocabulary(for:)`.
    private static let firstKey = PageName.vocabulary.count

    /// `t`, as each page's data answers it.
    var value: TemplateValue { .data(self) }
}
