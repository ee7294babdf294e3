import Foundation

/// What the watched folders hold: every file's path, size and modification time. Two fingerprints
/// differ when anything was added, removed or edited, which is all polling needs to know.
struct SourceFingerprint: Sendable, Equatable {
    struct Stamp: Sendable, Equatable {
        var size: Int
        var modified: Double
    }

    /// Display path (`Content/skills/news/x.md`) → stamp.
    var files: [String: Stamp]

    /// Hidden files are skipped like the build skips them, so editors' swap files do not trigger
    /// rebuilds.
    static func take(_ folders: [(url: URL, display: String)]) -> SourceFingerprint {
        var files: [String: Stamp] = [:]
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: keys,
                                                              options: [.skipsHiddenFiles]) else { continue }
            let rootCount = folder.url.standardizedFileURL.pathComponents.count
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
                let relative = url.standardizedFileURL.pathComponents.dropFirst(rootCount).joined(separator: "/")
                files[folder.display + "/" + relative] = Stamp(
                    size: values.fileSize ?? 0,
                    modified: values.contentModificationDate?.timeIntervalSince1970 ?? 0
                )
            }
        }
        return SourceFingerprint(files: files)
    }

    /// "Content/skills/news/x.md changed", "Templates/skill.mustache and 2 more changed".
    func changes(since old: SourceFingerprint) -> String {
        let paths = Set(files.keys).union(old.files.keys).filter { files[$0] != old.files[$0] }.sorted()
        guard let first = paths.first else { return "nothing changed" }
        let verb = old.files[first] == nil ? "added" : files[first] == nil ? "removed" : "changed"
        return paths.count == 1 ? "\(first) \(verb)" : "\(first) \(verb), and \(paths.count - 1) more"
    }
}
