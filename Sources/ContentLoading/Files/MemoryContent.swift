import CatalogueModel
import Foundation

extension ContentSource {
    /// Files held in a dictionary, absolute path → bytes (`/site/Content/skills/a.md`); a folder
    /// is every path some file lies below. Holds no links or special files, so what the readers
    /// make of it is what they make of the same regular files on disk.
    public static func memory(_ files: [String: Data]) -> ContentSource {
        let index = MemoryIndex(files)
        return ContentSource(
            status: { path, _ in index.status(path) },
            resolved: { path in index.status(path) == .missing ? nil : index.normalized(path) },
            linkTarget: { _ in nil },
            entries: { folder in index.entries(below: folder) },
            read: { path, limit throws(RegularFile.Failure) in
                let path = index.normalized(path)
                guard let data = index.files[path] else {
                    throw index.folders.contains(path) ? .notRegular("a folder") : .system("No such file or directory")
                }
                guard data.count <= limit else { throw .tooLarge(size: data.count, limit: limit) }
                return data
            },
            stamp: { path in index.files[index.normalized(path)].map(ContentStamp.bytes) }
        )
    }
}

/// The dictionary and the folders its paths imply.
private struct MemoryIndex: Sendable {
    package let files: [String: Data]
    package let folders: Set<String>

    package init(_ files: [String: Data]) {
        var normalized: [String: Data] = [:]
        var folders: Set<String> = ["/"]
        for (path, data) in files {
            let path = Self.normalize(path)
            normalized[path] = data
            var folder = (path as NSString).deletingLastPathComponent
            while folder != "/", folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        self.files = normalized
        self.folders = folders
    }

    static func normalize(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    func normalized(_ path: String) -> String { Self.normalize(path) }

    package func status(_ path: String) -> ContentSource.Status {
        let path = normalized(path)
        if files[path] != nil { return .file }
        return folders.contains(path) ? .folder : .missing
    }

    /// The files below `folder`, skipping hidden ones and those in hidden folders, as the disk does.
    package func entries(below folder: String) -> [ContentSource.Listed] {
        let prefix = normalized(folder) + "/"
        return files.keys.compactMap { path in
            guard path.hasPrefix(prefix) else { return nil }
            let relative = String(path.dropFirst(prefix.count))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return nil }
            return ContentSource.Listed(relative: relative, kind: .file)
        }
    }
}
