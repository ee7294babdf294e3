import CatalogueModel
import Foundation
import Mustache

/// The templates and static assets a site is rendered with: a user's `Templates/` folder,
/// falling back file by file to the default theme built into sitegen.
public struct Theme: Sendable {
    public let library: MustacheLibrary
    /// Files copied as they are (`assets/style.css`), path → bytes.
    public let assets: [String: Data]

    public static let requiredTemplates = ["layout", "header", "footer", "index", "group", "skill", "404", "card"]

    /// A template's text and the path its diagnostics name.
    package typealias Source = (text: String, path: String)

    /// The built-in theme, with a site's own templates and assets in place of the built-in files
    /// of the same name (reading them is the site layer's part: `Theme.load`).
    /// - Parameters:
    ///   - templates: template name (`skill`, `_stars`) → its text and path, as the site has them.
    ///   - userAssets: files under `assets/`, path → bytes.
    package static func compile(templates: [String: Source], assets userAssets: [String: Data], _ log: inout DiagnosticLog) -> Theme {
        var sources: [String: Source] = [:]
        var assets: [String: Data] = [:]
        for (path, text) in DefaultTheme.files {
            if path.hasSuffix(".mustache") {
                sources[String(path.dropLast(9))] = (text, "(built-in theme)/" + path)
            } else {
                assets[path] = Data(text.utf8)
            }
        }
        sources.merge(templates) { _, own in own }
        assets.merge(userAssets) { _, own in own }
        HTMLContent.registered
        var library = MustacheLibrary()
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: HTMLContent.pragma + source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                let shift = line == 1 ? HTMLContent.pragma.count : 0
                log.error(source.path, line: line, column: max(1, error.context.columnNumber - shift),
                          "template error: \(describe(error.error))")
            } catch {
                log.error(source.path, "template error: \(error)")
            }
        }
        return Theme(library: library, assets: assets)
    }

    package static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: "a section is closed with a different name than it was opened with"
        case .unfinishedName?: "a tag is not closed with `}}`"
        case .expectedSectionEnd?: "a section is never closed (missing `{{/name}}`)"
        case .invalidSetDelimiter?: "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection?: "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection?: "only blocks (`{{$name}}`) may stand inside `{{<parent}}`"
        case .textInsideInheritSection?: "only blocks (`{{$name}}`) may stand inside `{{<parent}}`"
        default: "\(error)"
        }
    }
}
