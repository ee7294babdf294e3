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
        var entries: [(relative: String, isLink: Bool)] = []
        walk(folder.standardizedFileURL.path, relative: "", into: &entries)
        entries.sort { $0.relative < $1.relative }
        var files: [ContentFile] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            if entry.isLink {
                log.warning(display + "/" + entry.relative, "symbolic links are not followed; copy the file instead")
            } else {
                files.append(ContentFile(url: folder.appendingPathComponent(entry.relative), relativePath: entry.relative,
                                         displayPath: display + "/" + entry.relative))
            }
        }
        return files
    }

    /// Regular files and symbolic links below `path`, hidden ones left out; links are not followed.
    /// readdir's file types, not a stat per file: a large catalogue has tens of thousands.
    private static func walk(_ path: String, relative: String, into entries: inout [(relative: String, isLink: Bool)]) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let full = path + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFREG: type = Int32(DT_REG)
                case S_IFLNK: type = Int32(DT_LNK)
                default: continue
                }
            }
            switch type {
            case Int32(DT_DIR): walk(full, relative: child, into: &entries)
            case Int32(DT_REG): entries.append((child, false))
            case Int32(DT_LNK): entries.append((child, true))
            default: continue
            }
        }
    }
}
