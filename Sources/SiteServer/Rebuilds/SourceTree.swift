import ContentLoading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders and files under a watched folder as the build sees them: hidden names skipped
/// (editors' swap files), symbolic links neither followed nor listed. The walk is `readdir` and
/// `lstat`: Foundation's enumerator and resource values cost some 100 µs a file on Linux, which
/// made one look at 10,000 skills take over a second.
enum SourceTree {
    enum Node {
        /// `relative` is below the walked folder, `/`-separated (`skills/news`).
        case folder(path: String, relative: String)
        case file(relative: String, size: Int, modified: Double)
    }

    static func walk(_ root: String, _ visit: (Node) -> Void) {
        walk(root, relative: "", visit)
    }

    private static func walk(_ path: String, relative: String, _ visit: (Node) -> Void) {
        guard let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = FolderEntry(entry).text
            // Also skips `.` and `..`.
            guard !Self.isHidden(name, in: relative) else { continue }
            let child = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                visit(.folder(path: child, relative: childRelative))
                walk(child, relative: childRelative, visit)
            case S_IFREG:
                visit(.file(relative: childRelative, size: Int(info.st_size), modified: modified(info)))
            default:
                continue
            }
        }
    }

    /// Whether the build skips `name` in the folder at `parent` (relative): hidden names are
    /// skipped, but for `static/.well-known`, which the site publishes (`StaticFiles.wellKnown`).
    static func isHidden(_ name: some StringProtocol, in parent: some StringProtocol) -> Bool {
        name.hasPrefix(".") && !(name == ".well-known" && parent == "static")
    }

    /// `isHidden` for any part of a relative path.
    static func isHidden(relative path: some StringProtocol) -> Bool {
        var parent = ""
        for part in path.split(separator: "/") {
            if isHidden(part, in: parent) { return true }
            parent = parent.isEmpty ? String(part) : parent + "/" + part
        }
        return false
    }

    static func modified(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}
