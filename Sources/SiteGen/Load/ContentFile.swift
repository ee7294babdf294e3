import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file found under the content folder.
struct ContentFile: Sendable {
    let url: URL
    /// Path relative to the folder that was listed (`news/headline-finder.md`).
    let relativePath: String
    /// Path to show in messages (`Content/skills/news/headline-finder.md`).
    let displayPath: String

    /// Regular files below `folder`, sorted by path. Hidden files are skipped; symbolic links,
    /// FIFOs, sockets and devices are skipped with a warning, so content can never pull in files
    /// from elsewhere on the machine or hang the build. A folder that cannot be read is an error
    /// with the system's reason; a missing `folder` gives no files.
    /// - Parameter root: the content folder. `folder` may itself be a symbolic link (`Content/static`
    ///   → `shared/static`) only when its target lies inside `root`.
    static func list(in folder: URL, display: String, root: URL? = nil, _ log: inout DiagnosticLog) -> [ContentFile] {
        var status = stat()
        guard lstat(folder.path, &status) == 0 else {
            if errno != ENOENT { log.error(display, "cannot read the folder: \(String(cString: strerror(errno)))") }
            return []
        }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            guard let root, ContentBoundary.linkStaysInside(folder, root: root, display: display, &log) else {
                if root == nil { log.warning(display, "symbolic links are not followed; copy the folder instead") }
                return []
            }
            guard stat(folder.path, &status) == 0 else {
                log.error(display, "cannot read the folder: \(String(cString: strerror(errno)))")
                return []
            }
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            log.error(display, "is \(RegularFile.kind(of: status.st_mode)), not a folder")
            return []
        }
        var entries: [Entry] = []
        walk(folder.standardizedFileURL.path, relative: "", into: &entries)
        entries.sort { $0.relative < $1.relative }
        var files: [ContentFile] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            let shown = entry.relative.isEmpty ? display : display + "/" + entry.relative
            switch entry.kind {
            case .file:
                files.append(ContentFile(url: folder.appendingPathComponent(entry.relative), relativePath: entry.relative,
                                         displayPath: shown))
            case .link:
                log.warning(shown, "symbolic links are not followed; copy the file instead")
            case .special(let mode):
                log.warning(shown, "is \(RegularFile.kind(of: mode)), not a regular file; skipped")
            case .unreadable(let reason):
                log.error(shown, "cannot read the folder: \(String(cString: strerror(reason)))")
            }
        }
        return files
    }

    private struct Entry {
        enum Kind {
            case file, link
            case special(mode_t)
            case unreadable(Int32)
        }

        var relative: String
        var kind: Kind
    }

    /// Everything below `path` but hidden entries, without following links.
    /// readdir's file types, not a stat per file: a large catalogue has tens of thousands.
    private static func walk(_ path: String, relative: String, into entries: inout [Entry]) {
        guard let directory = opendir(path) else {
            entries.append(Entry(relative: relative, kind: .unreadable(errno)))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let full = path + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = Int32(entry.pointee.d_type)
            var mode: mode_t = 0
            if type != Int32(DT_DIR) && type != Int32(DT_REG) && type != Int32(DT_LNK) {
                // Unknown to readdir (some file systems) or special: one lstat says which.
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                mode = status.st_mode
                switch status.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFREG: type = Int32(DT_REG)
                case S_IFLNK: type = Int32(DT_LNK)
                default: type = -1
                }
            }
            switch type {
            case Int32(DT_DIR): walk(full, relative: child, into: &entries)
            case Int32(DT_REG): entries.append(Entry(relative: child, kind: .file))
            case Int32(DT_LNK): entries.append(Entry(relative: child, kind: .link))
            default: entries.append(Entry(relative: child, kind: .special(mode)))
            }
        }
    }
}
