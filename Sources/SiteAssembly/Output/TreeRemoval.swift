import CatalogueModel
import ContentLoading
import Foundation
import Parallel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a folder sitegen made (the old site after a build, a staging folder) and everything
/// in it. With `FileManager.removeItem`, one call per top-level folder, the old site of 10,000
/// skills took 0.12 s after every build but the first, most of it on one core (`skills/` holds
/// half the site's files). Here the folders two levels down (`skills/g05`, `api/skills`,
/// `authors/ada`) are each removed on their own, on all cores; every folder is read once and
/// its entries removed relative to it (`unlinkat`), so the kernel does not walk each file's
/// path from `/`. (A folder's subfolders removed on all cores from within the outer folder's
/// task left a core idle: the outer task's other cores do not join the inner one.)
///
/// Nothing outside the folder is touched: every step opens one name in an open folder without
/// following a symbolic link (`O_NOFOLLOW`), and a link is removed, never followed. Names are
/// kept as the bytes the folder holds, UTF-8 or not.
enum TreeRemoval {
    /// A name in a folder, as its bytes with the closing NUL (what the `…at` calls take).
    typealias Name = [CChar]

    /// Removes `path`: a folder with all it holds, or a file or link. Whatever cannot be removed
    /// is left, as `rm -rf` leaves it: a stale folder is tidied by the next build.
    /// - Parameter last: a file in the folder removed only once everything else is gone (the
    ///   output mark), so a removal killed half-way leaves a folder that still says it is
    ///   sitegen's, and the next build can finish the job.
    static func remove(_ path: String, last: String? = nil) {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else {
            unlink(path)
            return
        }
        // The root's folders, held open while the folders in them are removed.
        var tops: [(folder: Int32, name: Name)] = []
        let kept = last.map { Array($0.utf8CString) }
        for name in removeAllButFolders(in: root, keeping: kept) {
            let folder = openFolder(name, in: root)
            if folder >= 0 {
                tops.append((folder, name))
            } else {
                unlinkat(root, name, 0)
            }
        }
        let units = tops.flatMap { top in removeAllButFolders(in: top.folder).map { (parent: top.folder, name: $0) } }
        // One folder per step: they range from one file to thousands (`api/skills`).
        _ = units.parallelMapSingly { unit in removeFolder(unit.name, in: unit.parent) }
        var emptied = true
        for top in tops {
            close(top.folder)
            if unlinkat(root, top.name, AT_REMOVEDIR) != 0 { emptied = false }
        }
        if let kept, emptied { unlinkat(root, kept, 0) }
        close(root)
        rmdir(path)
    }

    /// Removes the folder `name` in the open folder `parent` and all it holds, on this thread;
    /// or what took its place since it was listed (a file or a link).
    private static func removeFolder(_ name: Name, in parent: Int32) {
        let folder = openFolder(name, in: parent)
        guard folder >= 0 else {
            unlinkat(parent, name, 0)
            return
        }
        for inner in removeAllButFolders(in: folder) { removeFolder(inner, in: folder) }
        close(folder)
        unlinkat(parent, name, AT_REMOVEDIR)
    }

    private static func openFolder(_ name: Name, in parent: Int32) -> Int32 {
        openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Removes every entry of the open folder `folder` that is not a folder (files, links) but
    /// `kept`; returns the folders' names. The names are all read before any entry is removed.
    private static func removeAllButFolders(in folder: Int32, keeping kept: Name? = nil) -> [Name] {
        // The listing reads its own descriptor: `closedir` closes it.
        let listed = fcntl(folder, F_DUPFD_CLOEXEC, 0)
        guard listed >= 0 else { return [] }
        guard let stream = fdopendir(listed) else {
            close(listed)
            return []
        }
        var entries: [(name: Name, isFolder: Bool?)] = []
        while let read = readdir(stream) {
            let entry = FolderEntry(read)
            let name = entry.cString
            // "." and "..".
            if name == [0x2E, 0] || name == [0x2E, 0x2E, 0] || name == kept { continue }
            let type = Int(entry.type)
            entries.append((name, type == Int(DT_UNKNOWN) ? nil : type == Int(DT_DIR)))
        }
        closedir(stream)
        var folders: [Name] = []
        for entry in entries {
            if entry.isFolder ?? isFolder(entry.name, in: folder) {
                folders.append(entry.name)
            } else {
                unlinkat(folder, entry.name, 0)
            }
        }
        return folders
    }

    private static func isFolder(_ name: Name, in folder: Int32) -> Bool {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
