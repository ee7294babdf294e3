import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// `Content/static/` is copied into the site as it is: files a user wants published beside the
/// generated pages (favicon, CNAME, …). It may not overwrite a generated file.
enum StaticFiles {
    /// The one hidden folder published: RFC 8615's home of `security.txt`, `assetlinks.json` and
    /// the like. Other hidden files (`.git`, `.DS_Store`, editors' backups) stay out.
    static let wellKnown = ".well-known"

    /// The files of `Content/static/`, listed from the content source, `.well-known/` among them.
    package static func list(_ content: ContentLocation, _ log: inout DiagnosticLog) -> [ContentFile] {
        let display = content.display + "/static"
        let files = ContentFile.list(
            in: content.staticFiles, display: display, root: content.root, source: content.source, &log)
        let wellKnown = ContentFile.list(
            in: content.staticFiles.appendingPathComponent(wellKnown), display: display + "/" + wellKnown,
            root: content.root, source: content.source, &log)
        guard !wellKnown.isEmpty else { return files }
        return (files + wellKnown.map { $0.prefixed(Self.wellKnown + "/") }).sorted {
            $0.relativePath < $1.relativePath
        }
    }

    /// The generated paths as `collect` compares them: case-insensitively, as some hosts do.
    package static func caseless(_ generated: Set<String>) -> Set<String> {
        Set(generated.map(OutputPaths.caseless))
    }

    /// `files` as output files, less those that would overwrite a generated file (`caselessGenerated`,
    /// from `caseless`; made only when there are static files: most sites have none).
    package static func collect(
        _ files: [ContentFile], caselessGenerated: () -> Set<String>, _ log: inout DiagnosticLog
    ) -> [OutputFile] {
        guard !files.isEmpty else { return [] }
        let generated = caselessGenerated()
        return files.compactMap { file in
            if generated.contains(OutputPaths.caseless(file.relativePath)) {
                log.error(file.displayPath, "would overwrite the generated `\(file.relativePath)`; rename or remove it")
                return nil
            }
            return OutputFile(path: file.relativePath, copyOf: file.url)
        }
    }
}
