import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a folder sitegen made (the old site after a build, a staging folder) and everything
/// in it. With `FileManager.removeItem`, one call per top-level folder, the old site of 10,000
/// skills took 0.12 s after every build but the first, most of it on one core (`skills/` holds
/// half the site's files). Here the folders are taken a depth at a time, every folder of a depth
/// on all cores: each is read once and its files removed relative to it (`unlinkat`), so the
/// kernel does not walk each file's path from `/`; then the emptied folders, deepest first.
/// (A folder's subfolders emptied on all cores from within the outer folder's task left a core
/// idle: the outer task's other cores do not join the inner one.)
///
/// A symbolic link is removed, never followed: nothing outside the folder is touched.
enum TreeRemoval {
    /// Removes `path`: a folder with all it holds, or a file or link. Whatever cannot be removed
    /// is left, as `rm -rf` leaves it: a stale folder is tidied by the next build.
    static func remove(_ path: String) {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else {
            unlink(path)
            return
        }
        // Each depth's folders, by their paths in the root.
        var depths: [[String]] = []
        var next = empty(root, at: "")
        while !next.isEmpty {
            depths.append(next)
            next = eachOnAllCores(next) { folder -> [String] in
                // Not followed if a link took the folder's place since it was listed.
                let opened = openat(root, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard opened >= 0 else { return [] }
                defer { close(opened) }
                return empty(opened, at: folder + "/")
            }.flatMap { $0 }
        }
        for folders in depths.reversed() {
            _ = eachOnAllCores(folders) { unlinkat(root, $0, AT_REMOVEDIR) }
        }
        close(root)
        rmdir(path)
    }

    /// `transform` of each folder, on all cores, each taken on its own: a site's folders of one
    /// depth range from one file to thousands (`api/skills/…`), and `parallelMap`'s runs of
    /// neighbours put the largest together on one core.
    private static func eachOnAllCores<T: Sendable>(_ folders: [String], _ transform: @Sendable (String) -> T) -> [T] {
        guard folders.count > 1 else { return folders.map(transform) }
        return [T](unsafeUninitializedCapacity: folders.count) { output, initialized in
            let output = SendableBuffer(output)
            folders.withUnsafeBufferPointer { folders in
                let folders = SendableBuffer(folders)
                DispatchQueue.concurrentPerform(iterations: folders.value.count) { index in
                    (output.value.baseAddress.unsafelyUnwrapped + index).initialize(to: transform(folders.value[index]))
                }
            }
            // Every index was one iteration.
            initialized = folders.count
        }
    }

    private struct SendableBuffer<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Removes every entry of the open folder `folder` but its folders; returns their paths
    /// (`prefix` and the name).
    private static func empty(_ folder: Int32, at prefix: String) -> [String] {
        var subfolders: [String] = []
        for entry in entries(of: folder) {
            if entry.isFolder ?? isFolder(entry.name, in: folder) {
                subfolders.append(prefix + entry.name)
            } else {
                unlinkat(folder, entry.name, 0)
            }
        }
        return subfolders
    }

    /// The names in the open folder (all read before any is removed), each with whether it is a
    /// folder when the listing says (nil when the file system leaves it to `fstatat`).
    private static func entries(of folder: Int32) -> [(name: String, isFolder: Bool?)] {
        // The listing reads its own descriptor: `closedir` closes it.
        let listed = dup(folder)
        guard listed >= 0 else { return [] }
        guard let stream = fdopendir(listed) else {
            close(listed)
            return []
        }
        defer { closedir(stream) }
        var found: [(name: String, isFolder: Bool?)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            guard name != ".", name != ".." else { continue }
            let type = Int(entry.pointee.d_type)
            found.append((name, type == Int(DT_UNKNOWN) ? nil : type == Int(DT_DIR)))
        }
        return found
    }

    private static func isFolder(_ name: String, in folder: Int32) -> Bool {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
