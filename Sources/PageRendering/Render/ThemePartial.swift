import CatalogueModel
import Foundation
import MustacheCompiler

/// Fragments the theme draws from values computed in Swift: the star row (`_stars.mustache`),
/// the rating chart (`_chart.mustache`), ratings over time (`_timeline.mustache`), the rating form
/// (`_form.mustache`), and the header and footer. A site restyles them with its own files; the
/// geometry stays in Swift.
enum ThemePartial {
    /// The fragment without the newline that ends its file: pages place it inline.
    package static func render(_ name: String, _ data: any TemplateData, engine: any TemplateEngine) -> String {
        var html: [UInt8] = []
        _ = engine.render(templateNamed: name, data: data, into: &html)
        // Only a lone `\n`: a final `\r\n` is one Character and is left whole, as Swift's
        // `hasSuffix("\n")` leaves it.
        if html.last == 0x0A, html.count < 2 || html[html.count - 2] != 0x0D { html.removeLast() }
        return String(decoding: html, as: UTF8.self)
    }

    /// The built-in theme's templates, for star rows drawn outside a build (docs, tests): they
    /// hold no words, so no strings are read (fragments with words take a loaded `Theme`).
    static let builtIn: any TemplateEngine = {
        var log = DiagnosticLog()
        return Theme.compile(templates: [:], assets: [:], strings: UIStrings(language: "en", entries: [:]), &log).engine
    }()
}
