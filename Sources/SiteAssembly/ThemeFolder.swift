import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

extension Theme {
    /// Reads a site's templates folder and compiles it over the built-in theme: reading files is
    /// the site layer's part, so rendering never touches the content source.
    /// - Parameters:
    ///   - directory: a templates folder, or nil for the built-in theme only.
    ///   - source: where the folder is read from.
    public static func load(directory: URL?, display: String, source: ContentSource, _ log: inout DiagnosticLog)
        -> Theme
    {
        var templates: [String: Theme.Source] = [:]
        var assets: [String: Data] = [:]
        if let directory {
            for file in ContentFile.list(in: directory, display: display, source: source, &log) {
                if file.relativePath.hasSuffix(".mustache") {
                    guard let text = SourceText.read(file.url, from: source, displayPath: file.displayPath, &log) else {
                        continue
                    }
                    templates[String(file.relativePath.dropLast(9))] = (text, file.displayPath)
                } else if file.relativePath.hasPrefix("assets/") {
                    do {
                        assets[file.relativePath] = try source.read(file.url, limit: InputLimits.staticFileBytes)
                    } catch {
                        log.error(file.displayPath, error.description)
                    }
                }
            }
        }
        return compile(templates: templates, assets: assets, &log)
    }
}

extension BuildOptions {
    /// The theme these options name: their templates folder over the built-in theme.
    package func loadTheme(_ log: inout DiagnosticLog) -> Theme {
        Theme.load(directory: templates, display: templatesDisplay, source: content.source, &log)
    }
}
