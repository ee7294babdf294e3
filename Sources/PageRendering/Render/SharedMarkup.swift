import MustacheCompiler

/// Markup shared by every page with the same frame: a header or a footer. Written alike on
/// thousands of pages, it says so (`TemplateMark`), and the link check reads it once.
package final class SharedMarkup: TemplateFragment, CustomStringConvertible {
    let markup: String
    private let memo = TemplateMark.Memo()

    init(_ markup: String) {
        self.markup = markup
    }

    package func write(into output: inout [UInt8]) { output.append(contentsOf: markup.utf8) }

    package var markKey: TemplateMark.Key? { TemplateMark.Key(memo: memo, variant: TemplateMark.Variant()) }

    package var description: String { markup }
}
