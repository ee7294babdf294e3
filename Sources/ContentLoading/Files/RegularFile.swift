import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one file of the content folder, refusing anything but a regular file: never through a
/// symbolic link (`O_NOFOLLOW`), never blocking on a FIFO or a device (`O_NONBLOCK`, then the
/// type from the open descriptor, so a file swapped after it was listed is caught too), and
/// never more than `limit` bytes.
package enum RegularFile {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case system(String)
        case notRegular(String)
        case tooLarge(size: Int, limit: Int)

        package var description: String {
            switch self {
            case .system(let reason): "cannot read the file: \(reason)"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .tooLarge(let size, let limit):
                "file is \(size.grouped) bytes; the limit is \(limit.grouped) bytes (\(limit / (1024 * 1024)) MiB)"
            }
        }
    }

    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ELOOP ? .notRegular("a symbolic link") : .system(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(kind(of: status.st_mode)) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        switch DescriptorBytes.read(descriptor, size: size) {
        case .success(let data): return data
        case .failure(let failure): throw .system(failure.message)
        }
    }

    /// "a FIFO", "a socket", … for messages.
    package static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }
}
