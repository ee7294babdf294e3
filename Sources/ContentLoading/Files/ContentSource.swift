import CatalogueModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a build's input bytes come from: the disk, or a dictionary (tests build whole sites in
/// memory). It only answers what is at a path, what a folder holds and what a file's bytes are;
/// what is refused and how it is reported (`ContentFile.list`, `ContentBoundary`, the readers)
/// stays with the readers, so the same rules hold whichever source is read.
public struct ContentSource: Sendable {
    /// What a path names, not following a link unless asked to.
    package enum Status: Equatable {
        case missing
        /// The system's reason (`errno`) when the path cannot be looked at.
        case unreadable(Int32)
        case file
        case folder
        case link
        /// A FIFO, socket or device, with its mode for messages.
        case special(mode_t)
    }

    /// One entry below a listed folder.
    package struct Listed {
        package enum Kind {
            case file, link
            case special(mode_t)
            /// A folder that could not be opened, with the system's reason.
            case unreadable(Int32)
        }

        /// The path relative to the listed folder.
        package var relative: String
        package var kind: Kind
    }

    /// What is at a path; `followingLinks` looks through a link at what it points to.
    package let status: @Sendable (_ path: String, _ followingLinks: Bool) -> Status
    /// The path with every link on the way resolved; nil when it leads nowhere.
    package let resolved: @Sendable (_ path: String) -> String?
    /// What a link says it points to, for messages.
    let linkTarget: @Sendable (_ path: String) -> String?
    /// Everything below a folder but hidden entries, without following links, in no order.
    package let entries: @Sendable (_ folder: String) -> [Listed]
    /// A regular file's bytes, at most `limit` of them.
    package let read: @Sendable (_ path: String, _ limit: Int) throws(RegularFile.Failure) -> Data
    /// What tells one version of a file from another without reading it (nil: nothing there),
    /// so a kept build re-reads only the files that changed.
    package let stamp: @Sendable (_ path: String) -> ContentStamp?

    package func read(_ url: URL, limit: Int) throws(RegularFile.Failure) -> Data { try read(url.path, limit) }

    /// Whether a folder is at `url` (a link to one counts).
    package func isFolder(_ url: URL) -> Bool { status(url.path, true) == .folder }

    /// Whether anything is at `url` (a link counts for what it points to).
    package func exists(_ url: URL) -> Bool {
        switch status(url.path, true) {
        case .missing, .unreadable: false
        default: true
        }
    }
}

extension ContentSource {
    /// The file system, read with every hardening rule: no link is followed below the top level
    /// (`O_NOFOLLOW`), FIFOs and devices are never opened for reading, and sizes are checked
    /// before a byte is read (`RegularFile`).
    public static let disk = ContentSource(
        status: { path, followingLinks in
            var status = stat()
            let result = followingLinks ? stat(path, &status) : lstat(path, &status)
            guard result == 0 else { return errno == ENOENT ? .missing : .unreadable(errno) }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .special(status.st_mode)
            }
        },
        resolved: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        linkTarget: { path in try? FileManager.default.destinationOfSymbolicLink(atPath: path) },
        entries: { folder in
            var entries: [Listed] = []
            DiskWalk.walk(folder, relative: "", into: &entries)
            return entries
        },
        read: { path, limit throws(RegularFile.Failure) in try RegularFile.read(path, limit: limit) },
        stamp: { path in
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            return ContentStamp(status)
        }
    )
}

/// One version of a content file. On disk: size, inode and the modification and change times
/// (nanoseconds), which an editor's save or an append always moves; in memory: the bytes
/// themselves, so a test's edit can never go unseen.
package enum ContentStamp: Sendable, Equatable {
    case disk(size: Int64, inode: UInt64, modified: Int64, changed: Int64)
    case bytes(Data)

    /// The stamp of the file `status` describes.
    package init(_ status: stat) {
        self = .disk(
            size: Int64(status.st_size), inode: UInt64(status.st_ino),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    /// The file's length in bytes.
    var size: Int? {
        switch self {
        case .disk(let size, _, _, _): Int(exactly: size)
        case .bytes(let data): data.count
        }
    }
}

/// The disk's listing: readdir's file types, not a stat per file, as a large catalogue has tens
/// of thousands.
private enum DiskWalk {
    package static func walk(_ path: String, relative: String, into entries: inout [ContentSource.Listed]) {
        guard let directory = opendir(path) else {
            entries.append(.init(relative: relative, kind: .unreadable(errno)))
            return
        }
        defer { closedir(directory) }
        while let read = readdir(directory) {
            let entry = FolderEntry(read)
            let name = entry.text
            guard !name.hasPrefix(".") else { continue }
            let full = path + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = entry.type
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
            case Int32(DT_REG): entries.append(.init(relative: child, kind: .file))
            case Int32(DT_LNK): entries.append(.init(relative: child, kind: .link))
            default: entries.append(.init(relative: child, kind: .special(mode)))
            }
        }
    }
}
