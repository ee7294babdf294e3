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

    public static let requiredTemplates = ["layout", "header", "footer", "index", "group", "skill", "404", "card"]

    /// What `{{% CONTENT_TYPE: name }}` can choose; `HTML` (in front of every template) escapes
    /// Unicode scalars (see `HTMLContent`).
    public static let contentTypes: [String: TemplateEscaping] = [HTMLContent.name: HTMLContent.escaping, "TEXT": .text]

    /// - Parameters:
    ///   - directory: a templates folder, or nil for the built-in theme only.
    ///   - source: where the folder is read from.
    public static func load(directory: URL?, display: String, source: ContentSource, _ log: inout DiagnosticLog) -> Theme {
        var sources: [String: (text: String, path: String)] = [:]
        var assets: [String: Data] = [:]
        for (path, text) in DefaultTheme.files {
            if path.hasSuffix(".mustache") {
                sources[String(path.dropLast(9))] = (text, "(built-in theme)/" + path)
            } else {
                assets[path] = Data(text.utf8)
            }
        }
        if let directory {
            for file in ContentFile.list(in: directory, display: display, source: source, &log) {
                if file.relativePath.hasSuffix(".mustache") {
                    guard let text = SourceText.read(file.url, from: source, displayPath: file.displayPath, &log) else { continue }
                    sources[String(file.relativePath.dropLast(9))] = (text, file.displayPath)
                } else if file.relativePath.hasPrefix("assets/") {
                    do { assets[file.relativePath] = try source.read(file.url, limit: InputLimits.staticFileBytes) } catch {
                        log.error(file.displayPath, error.description)
                    }
                }
            }
        }
        let compiled = sources.mapValues { (text: HTMLContent.pragma + $0.text, path: $0.path) }
        let (library, errors) = TemplateLibrary.compile(compiled, contentTypes: contentTypes)
        for error in errors {
            // The pragma stands on the template's first line: columns there are the file's own.
            let shift = error.line == 1 ? HTMLContent.pragma.count : 0
            log.error(error.path, line: error.line, column: max(1, error.column - shift), "template error: \(error.message)")
        }
        return Theme(sources: compiled, engine: library, assets: assets)
    }
}
