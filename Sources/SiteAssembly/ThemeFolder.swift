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
    ///   - language: the site's language, which picks the strings file (`i18n/de.yml`).
    public static func load(
        directory: URL?, display: String, source: ContentSource, language: String = "en",
        _ log: inout DiagnosticLog
    ) -> Theme {
        var templates: [String: Theme.Source] = [:]
        var assets: [String: Data] = [:]
        // The built-in files first: a site's own file of the same language overrides them key by key.
        var stringFiles = Theme.builtInStringFiles.sorted { $0.key < $1.key }.compactMap { path, text in
            UIStringsReader.File(stringsAt: path, text: text, display: Theme.builtInPath(path))
        }
        if let directory {
            for file in ContentFile.list(in: directory, display: display, source: source, &log) {
                if file.relativePath.hasSuffix(".mustache") {
                    guard let text = SourceText.read(file.url, from: source, displayPath: file.displayPath, &log) else {
                        continue
                    }
                    templates[String(file.relativePath.dropLast(9))] = (text, file.displayPath)
                } else if file.relativePath.hasPrefix(Theme.stringsFolder), file.relativePath.hasSuffix(".yml") {
                    guard let text = SourceText.read(file.url, from: source, displayPath: file.displayPath, &log),
                        let strings = UIStringsReader.File(
                            stringsAt: file.relativePath, text: text, display: file.displayPath)
                    else { continue }
                    stringFiles.append(strings)
                } else if file.relativePath.hasPrefix("assets/") {
                    do {
                        assets[file.relativePath] = try source.read(file.url, limit: InputLimits.staticFileBytes)
                    } catch {
                        log.error(file.displayPath, error.description)
                    }
                }
            }
        }
        let strings = UIStringsReader.strings(language: language, files: stringFiles, &log)
        return compile(templates: templates, assets: assets, strings: strings, &log)
    }
}

extension UIStringsReader.File {
    /// The strings file at `path` in a theme (`i18n/de.yml`); nil for a file in a folder below.
    init?(stringsAt path: String, text: String, display: String) {
        let name = path.dropFirst(Theme.stringsFolder.count).dropLast(4)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        self.init(language: String(name), text: text, path: display)
    }
}

extension BuildOptions {
    /// The theme these options name: their templates folder over the built-in theme.
    package func loadTheme(language: String, _ log: inout DiagnosticLog) -> Theme {
        Theme.load(
            directory: templates, display: templatesDisplay, source: content.source, language: language, &log)
    }
}
