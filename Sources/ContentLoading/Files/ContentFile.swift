import CatalogueModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file found under the content folder.
package struct ContentFile: Sendable {
    /// Where the file is: a URL, or the listed folder and the path below it, made into a URL only
    /// when the file is read. Making tens of thousands of URLs while listing was most of the
    /// listing's time, and the listing is done before the files can be read on all cores.
    private enum Place: Sendable {
        case url(URL)
        case below(URL, String)
    }

    private let place: Place
    /// Path relative to the folder that was listed (`news/headline-finder.md`).
    package let relativePath: String
    /// Path to show in messages (`Content/skills/news/headline-finder.md`).
    package let displayPath: String

    package var url: URL {
        switch place {
        case .url(let url): url
        // A listed file is not a folder: told so, Foundation does not ask the file system (a
        // `stat` per file, a few percent of loading).
        case .below(let folder, let relative): folder.appendingPathComponent(relative, isDirectory: false)
        }
    }

    /// The file's path, as `url.path` spells it, without making a URL: a kept load asks it of
    /// every file on every rebuild.
    package var path: String {
        switch place {
        case .url(let url): return url.path
        case .below(let folder, let relative):
            let base = folder.path
            return base.hasSuffix("/") ? base + relative : base + "/" + relative
        }
    }

    /// The relative path's extension as `NSString.pathExtension` gives it (`md` for `a/b.md`,
    /// nothing for `a/.md` or `a/b`), without bridging a string per file to `NSString`. Found by
    /// character, as `NSString` finds it: a `.` that a character before it takes into its own
    /// cluster (U+0600 does) starts no extension, and the id cut by the extension's characters
    /// stays the id it was.
    package var pathExtension: Substring {
        let name =
            relativePath.lastIndex(of: "/").map { relativePath[relativePath.index(after: $0)...] } ?? relativePath[...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...]
    }

    package init(url: URL, relativePath: String, displayPath: String) {
        place = .url(url)
        self.relativePath = relativePath
        self.displayPath = displayPath
    }

    /// A file at `relativePath` below the listed `folder`, as a listing makes it.
    init(folder: URL, relativePath: String, displayPath: String) {
        place = .below(folder, relativePath)
        self.relativePath = relativePath
        self.displayPath = displayPath
    }

    /// The same file with `prefix` before its relative path.
    package func prefixed(_ prefix: String) -> ContentFile {
        ContentFile(place: place, relativePath: prefix + relativePath, displayPath: displayPath)
    }

    private init(place: Place, relativePath: String, displayPath: String) {
        self.place = place
        self.relativePath = relativePath
        self.displayPath = displayPath
    }

    /// Regular files below `folder`, sorted by path. Hidden files are skipped; symbolic links,
    /// FIFOs, sockets and devices are skipped with a warning, so content can never pull in files
    /// from elsewhere on the machine or hang the build. A folder that cannot be read is an error
    /// with the system's reason; a missing `folder` gives no files.
    /// - Parameter root: the content folder. `folder` may itself be a symbolic link (`Content/static`
    ///   → `shared/static`) only when its target lies inside `root`.
    package static func list(
        in folder: URL, display: String, root: URL? = nil, source: ContentSource,
        _ log: inout DiagnosticLog
    ) -> [ContentFile] {
        switch source.status(folder.path, false) {
        case .missing:
            return []
        case .unreadable(let reason):
            log.error(display, "cannot read the folder: \(String(cString: strerror(reason)))")
            return []
        case .link:
            guard let root, ContentBoundary.linkStaysInside(folder, root: root, display: display, source: source, &log)
            else {
                if root == nil { log.warning(display, "symbolic links are not followed; copy the folder instead") }
                return []
            }
            switch source.status(folder.path, true) {
            case .folder: break
            case .missing:
                log.error(display, "cannot read the folder: \(String(cString: strerror(ENOENT)))")
                return []
            case .unreadable(let reason):
                log.error(display, "cannot read the folder: \(String(cString: strerror(reason)))")
                return []
            case let other:
                log.error(display, "is \(other.kind), not a folder")
                return []
            }
        case .folder:
            break
        case let other:
            log.error(display, "is \(other.kind), not a folder")
            return []
        }
        var entries = source.entries(folder.standardizedFileURL.path)
        entries.sort { $0.relative < $1.relative }
        var files: [ContentFile] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            let shown = entry.relative.isEmpty ? display : display + "/" + entry.relative
            switch entry.kind {
            case .file:
                files.append(ContentFile(folder: folder, relativePath: entry.relative, displayPath: shown))
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
}

extension ContentSource.Status {
    /// "a file", "a FIFO (named pipe)", … for messages.
    package var kind: String {
        switch self {
        case .missing: "missing"
        case .unreadable: "unreadable"
        case .file: RegularFile.kind(of: S_IFREG)
        case .folder: RegularFile.kind(of: S_IFDIR)
        case .link: RegularFile.kind(of: S_IFLNK)
        case .special(let mode): RegularFile.kind(of: mode)
        }
    }
}
