import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes batches of files below one folder: paths checked, folders made once, then files written
/// on all cores with one open, write and close each. Given the previous output, a file whose bytes
/// are already there is hard-linked from it instead, keeping its modification time.
final class BatchWriter: @unchecked Sendable {
    // Mutable state is touched only by `write`'s serial part, on the calling thread.
    package let folder: String
    package let previous: String?
    private var paths = OutputPaths()
    private var made = Set<String>()
    package private(set) var unchanged = 0

    package init(folder: String, previous: String?) {
        self.folder = folder
        self.previous = previous
    }

    /// - Parameter content: where files to copy are read from.
    package func write(_ files: [OutputFile], from content: ContentSource) throws {
        // Open for this batch only: some file systems refuse to rename or remove a folder held open.
        let base = Base(opening: folder)
        defer { base.release() }
        // The previous output's files are compared and linked relative to it the same way.
        let previous = previous.map(Base.init(opening:))
        defer { previous?.release() }
        // Folders by depth, so each is made after its parent; those of one depth on all cores.
        var newFolders: [[String]] = []
        for file in files {
            let segments = try paths.claim(file.path)
            // A folder made means its parents were: most files' folder was made for a file
            // before them, and their parents are not joined and hashed again one by one.
            guard let slash = file.path.utf8.lastIndex(of: 0x2F), !made.contains(String(file.path[..<slash]))
            else { continue }
            var directory = ""
            for (depth, segment) in segments.dropLast().enumerated() {
                directory += directory.isEmpty ? String(segment) : "/" + segment
                if made.insert(directory).inserted {
                    while newFolders.count <= depth { newFolders.append([]) }
                    newFolders[depth].append(directory)
                }
            }
        }
        for level in newFolders {
            for failure in level.parallelMap({ path -> OutputFolder.WriteError? in
                do throws(OutputFolder.WriteError) { try Self.makeDirectory(path, in: base) } catch { return error }
                return nil
            }) {
                if let failure { throw failure }
            }
        }
        let results = files.parallelMap { file -> Result<Bool, OutputFolder.WriteError> in
            Result { () throws(OutputFolder.WriteError) -> Bool in
                try Self.place(file, in: base, previous: previous, content: content)
            }
        }
        for result in results {
            if try result.get() { unchanged += 1 }
        }
    }

    /// Where a batch's files and folders are made: relative to the folder, open, so the kernel
    /// walks a file's path from there, not from `/` (a path's walk was about a fifth of each
    /// `open`); by whole paths (`AT_FDCWD`) when the folder cannot be opened.
    struct Base {
        let folder: String
        let descriptor: Int32

        /// `folder`, opened (to be closed with `release()`).
        init(opening folder: String) {
            self.folder = folder
            let opened = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            descriptor = opened >= 0 ? opened : AT_FDCWD
        }

        /// Closes the folder `init(opening:)` opened.
        func release() {
            if descriptor != AT_FDCWD { close(descriptor) }
        }

        /// `path` (in the folder) as the `…at` calls take it with `descriptor`.
        func name(_ path: String) -> String { descriptor == AT_FDCWD ? whole(path) : path }

        /// `path` as messages name it.
        func whole(_ path: String) -> String { folder + "/" + path }
    }

    /// Writes one file, or links it from `previous` when the bytes there are the same.
    /// - Returns: whether it was linked.
    static func place(
        _ file: OutputFile, in base: Base, previous: Base?, content: ContentSource
    ) throws(OutputFolder.WriteError) -> Bool {
        let data = try file.bytes(from: content)
        let name = base.name(file.path)
        if let previous {
            let old = previous.name(file.path)
            if hasContents(data, at: old, in: previous.descriptor),
                linkat(previous.descriptor, old, base.descriptor, name, 0) == 0
            {
                return true
            }
        }
        // A file made new gets 0644 when the umask leaves it so; one already there (or made under
        // a stricter umask) is set to it: published files are readable by the web server.
        func create(_ flags: Int32) -> Int32 {
            openat(base.descriptor, name, flags | O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        }
        var descriptor: Int32 = -1
        if CreationMask.keepsPublishedModes {
            descriptor = create(O_EXCL)
        }
        if descriptor < 0 {
            descriptor = create(O_TRUNC)
            guard descriptor >= 0 else { throw failure("cannot create", code: errno, base.whole(file.path)) }
            guard fchmod(descriptor, 0o644) == 0 else {
                let code = errno
                close(descriptor)
                throw failure("cannot set the permissions of", code: code, base.whole(file.path))
            }
        }
        defer { close(descriptor) }
        if let code = DescriptorBytes.write(data, to: descriptor) {
            throw failure("cannot write", code: code, base.whole(file.path))
        }
        return false
    }

    /// Whether `path` (in the open folder `folder`, or from the working folder with `AT_FDCWD`)
    /// is a regular file (not a link) with the published mode (0644), holding exactly `data`.
    static func hasContents(_ data: Data, at path: String, in folder: Int32) -> Bool {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_mode & 0o7777 == 0o644,
            Int(status.st_size) == data.count
        else {
            return false
        }
        return DescriptorBytes.holds(data, descriptor)
    }

    /// Makes the folder at `path` in the base's folder.
    static func makeDirectory(_ path: String, in base: Base) throws(OutputFolder.WriteError) {
        let name = base.name(path)
        if mkdirat(base.descriptor, name, 0o755) == 0 {
            if CreationMask.keepsPublishedModes { return }
        } else if errno != EEXIST {
            throw failure("cannot create the folder", code: errno, base.whole(path))
        }
        guard fchmodat(base.descriptor, name, 0o755, 0) == 0 else {
            throw failure("cannot set the permissions of", code: errno, base.whole(path))
        }
    }

    /// - Parameter code: `errno` as the failing call left it, read before the path (made
    ///   when needed) is.
    private static func failure(_ what: String, code: Int32, _ path: @autoclosure () -> String)
        -> OutputFolder.WriteError
    {
        OutputFolder.WriteError(description: "\(what) `\(path())`: \(String(cString: strerror(code)))")
    }
}
