import CatalogueModel
import Foundation
import Mustache
import MustacheCompiler
import MustacheOracle

/// Fragments the theme draws from values computed in Swift: the star row (`_stars.mustache`),
/// the rating chart (`_chart.mustache`), the rating form (`_form.mustache`), and the header and
/// footer. A site restyles them with its own files; the geometry stays in Swift.
enum ThemePartial {
    /// The fragment without the newline that ends its file: pages place it inline.
    package static func render(_ name: String, _ data: any TemplateData, library: MustacheLibrary) -> String {
        let html = library.render(OracleData(data), withTemplate: name) ?? ""
        return html.hasSuffix("\n") ? String(html.dropLast()) : html
    }

    /// The built-in theme's templates, for fragments drawn outside a build (docs, tests).
    static let builtIn: MustacheLibrary = {
        var log = DiagnosticLog()
        return Theme.compile(templates: [:], assets: [:], &log).library
    }()
}
