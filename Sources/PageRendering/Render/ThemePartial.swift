import CatalogueModel
import Foundation
import MustacheCompiler

/// Fragments the theme draws from values computed in Swift: the star row (`_stars.mustache`),
/// the rating chart (`_chart.mustache`), ratings over time (`_timeline.mustache`), the rating form
/// (`_form.mustache`), and the header and footer. A site restyles them with its own files; the
/// geometry stays in Swift.
package enum ThemePartial {
    /// The fragment without the newline that ends its file: pages place it inline.
    package static func render(_ name: String, _ data: any TemplateData, engine: any TemplateEngine) -> String {
        Fragment(name: name, data: data, engine: engine).text
    }

    /// The fragment rendered where a page prints it, straight into the page's bytes; described
    /// as its text (a page's data printed whole shows it as the string it was).
    package struct Fragment: TemplateFragment, CustomStringConvertible, CustomDebugStringConvertible {
        let name: String
        let data: any TemplateData
        let engine: any TemplateEngine

        package var description: String { text }
        package var debugDescription: String { String(reflecting: text) }

        package func write(into output: inout [UInt8]) {
            let start = output.count
            _ = engine.render(templateNamed: name, data: data, into: &output)
            // Only a lone `\n`: a final `\r\n` is one Character and is left whole, as Swift's
            // `hasSuffix("\n")` leaves it.
            let count = output.count - start
            if count > 0, output[output.count - 1] == 0x0A, count < 2 || output[output.count - 2] != 0x0D {
                output.removeLast()
            }
        }
    }

    /// The built-in theme's templates, for star rows drawn outside a build (docs, tests): they
    /// hold no words, so no strings are read (fragments with words take a loaded `Theme`).
    static let builtIn: any TemplateEngine = {
        var log = DiagnosticLog()
        return Theme.compile(templates: [:], assets: [:], strings: UIStrings(language: "en", entries: [:]), &log).engine
    }()
}
