import Foundation
import Mustache

/// The templates and static assets a site is rendered with: a user's `Templates/` folder,
/// falling back file by file to the default theme built into sitegen.
public struct Theme: Sendable {
    public let library: MustacheLibrary
    /// Files copied as they are (`assets/style.css`), path → bytes.
    public let assets: [String: Data]

    public static let requiredTemplates = ["layout", "header", "footer", "index", "group", "skill", "404", "card"]

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

    static func describe(_ error: any Error) -> String {
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
