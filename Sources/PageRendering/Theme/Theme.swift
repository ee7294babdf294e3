import CatalogueModel
import Foundation
import MustacheCompiler

/// The templates and static assets a site is rendered with: a user's `Templates/` folder,
/// falling back file by file to the default theme built into sitegen.
public struct Theme: Sendable {
    /// Every template as it is compiled, by name: the HTML pragma in front of the file's text,
    /// and the path errors name. Another engine is made from these (`BuildOptions.templateEngine`).
    public let sources: [String: (text: String, path: String)]
    /// What renders the pages: the templates compiled once, unless a test swapped in another engine.
    public var engine: any TemplateEngine
    /// Files copied as they are (`assets/style.css`), path → bytes.
    public let assets: [String: Data]
    /// Each asset's path with its content hash in the name (`AssetFingerprint`), where pages link it.
    public let fingerprinted: [String: String]
    /// The words of the pages in the site's language (`i18n/<language>.yml`), read by the site
    /// layer: templates see them as `{{t.key}}`, and texts with counts are filled in here.
    public let strings: UIStrings

    /// Where a theme keeps its strings files: `i18n/en.yml`, never copied into the site.
    public static let stringsFolder = "i18n/"

    /// The built-in theme's strings files, path (`i18n/de.yml`) → text, for the site layer to read.
    public static var builtInStringFiles: [String: String] {
        DefaultTheme.files.filter { $0.key.hasPrefix(stringsFolder) }
    }

    /// What `{{% CONTENT_TYPE: name }}` can choose; `HTML` (in front of every template) escapes
    /// Unicode scalars (see `HTMLContent`).
    public static let contentTypes: [String: TemplateEscaping] = [
        HTMLContent.name: HTMLContent.escaping, "TEXT": .text,
    ]

    /// A template's text and the path its diagnostics name.
    package typealias Source = (text: String, path: String)

    /// The built-in theme, with a site's own templates and assets in place of the built-in files
    /// of the same name (reading them is the site layer's part: `Theme.load`).
    /// - Parameters:
    ///   - templates: template name (`skill`, `_stars`) → its text and path, as the site has them.
    ///   - userAssets: files under `assets/`, path → bytes.
    ///   - strings: the texts of the site's language, read from this theme's `i18n/` files.
    package static func compile(
        templates: [String: Source], assets userAssets: [String: Data], strings: UIStrings,
        _ log: inout DiagnosticLog
    ) -> Theme {
        var sources: [String: Source] = [:]
        var assets: [String: Data] = [:]
        for (path, text) in DefaultTheme.files {
            if path.hasSuffix(".mustache") {
                sources[String(path.dropLast(9))] = (text, builtInPath(path))
            } else if !path.hasPrefix(stringsFolder) {
                assets[path] = Data(text.utf8)
            }
        }
        sources.merge(templates) { _, own in own }
        assets.merge(userAssets) { _, own in own }
        let compiled = sources.mapValues { (text: HTMLContent.pragma + $0.text, path: $0.path) }
        let (library, errors) = TemplateLibrary.compile(
            compiled, contentTypes: contentTypes, vocabulary: StringTable.vocabulary(for: strings))
        for error in errors {
            // The pragma stands on the template's first line: columns there are the file's own.
            let shift = error.line == 1 ? HTMLContent.pragma.count : 0
            log.error(
                error.path, line: error.line, column: max(1, error.column - shift), "template error: \(error.message)")
        }
        let fingerprinted = Dictionary(
            uniqueKeysWithValues: assets.map { ($0.key, AssetFingerprint.path($0.key, of: $0.value)) })
        return Theme(
            sources: compiled, engine: library, assets: assets, fingerprinted: fingerprinted, strings: strings)
    }

    /// How diagnostics name a file of the built-in theme.
    public static func builtInPath(_ path: String) -> String { "(built-in theme)/" + path }
}
