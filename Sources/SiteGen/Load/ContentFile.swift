import Foundation

/// A file found under the content folder.
struct ContentFile: Sendable {
    let url: URL
    /// Path relative to the folder that was listed (`news/headline-finder.md`).
    let relativePath: String
    /// Path to show in messages (`Content/skills/news/headline-finder.md`).
    let displayPath: String

    /// Regular files below `folder`, sorted by path. Hidden files are skipped; symbolic links are
    /// skipped with a warning, so content can never pull in files from elsewhere on the machine.
    static func list(in folder: URL, display: String, _ log: inout DiagnosticLog) -> [ContentFile] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .isDirectoryKey]
        guard let enumerator = fm.enumerator(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return []
        }
        let basePath = folder.standardizedFileURL.path
        var files: [ContentFile] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: Set(keys))
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(basePath) else { continue }
            var relative = String(full.dropFirst(basePath.count))
            while relative.hasPrefix("/") { relative.removeFirst() }
            if values?.isSymbolicLink == true {
                log.warning(display + "/" + relative, "symbolic links are not followed; copy the file instead")
                continue
            }
            guard values?.isRegularFile == true else { continue }
            files.append(ContentFile(url: url, relativePath: relative, displayPath: display + "/" + relative))
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }
}
