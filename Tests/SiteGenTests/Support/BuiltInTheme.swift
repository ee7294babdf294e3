import CatalogueModel
import ContentLoading
import PageRendering
import SiteAssembly

/// The built-in theme as a build loads it, strings included, for fragments drawn outside a build.
enum BuiltInTheme {
    static let english = load("en")

    static func load(_ language: String) -> Theme {
        var log = DiagnosticLog()
        return Theme.load(directory: nil, display: "Templates", source: .disk, language: language, &log)
    }
}
