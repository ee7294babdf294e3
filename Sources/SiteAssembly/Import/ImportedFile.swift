import CatalogueModel
import ContentLoading
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file `sitegen import` writes: into a temporary file beside it, then renamed into place,
/// so a file is either the old one or the whole new one, and never written through a link. The
/// folders on the way are reached with `LinkFreeFolder`, so a link placed below the folder the
/// user named cannot send the file elsewhere.
enum ImportedFile {
    package struct Refused: Error, CustomStringConvertible {
        package let description: String
    }

    /// Writes `data` to `relative` below `root`.
    /// - Parameter rootDisplay: `root` as the user wrote it, for messages.
    package static func write(_ data: Data, to relative: String, below root: URL, rootDisplay: String) throws(Refused) {
        var segments = relative.split(separator: "/").map(String.init)
        let shown = rootDisplay + "/" + relative
        guard let name = segments.popLast() else { throw Refused(description: "\(shown): no file name") }
        let directory: Int32
        do {
            directory = try LinkFreeFolder.open(segments, below: root, rootDisplay: rootDisplay)
        } catch {
            throw Refused(description: error.isLink ? linkMessage(error.path) : error.description)
        }
        defer { close(directory) }
        var info = stat()
        if fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK: throw Refused(description: linkMessage(shown))
            case S_IFREG: break
            default: throw Refused(description: "\(shown) exists and is not a file; remove it or import elsewhere")
            }
        }
        var random = SystemRandomNumberGenerator()
        let temporary = ".\(name).\(String(random.next() as UInt64, radix: 16)).sitegen-import"
        let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure("cannot create a file in the folder of", shown) }
        let written = DescriptorBytes.write(data, to: fd)
        close(fd)
        if let written {
            errno = written
            let error = failure("cannot write", shown)
            unlinkat(directory, temporary, 0)
            throw error
        }
        guard renameat(directory, temporary, directory, name) == 0 else {
            let error = failure("cannot move into place", shown)
            unlinkat(directory, temporary, 0)
            throw error
        }
    }

    static let linkAdvice = "the import does not write through links. Remove it, or import into another folder"

    static func linkMessage(_ path: String) -> String { "\(path) is a symbolic link; \(linkAdvice)" }

    private static func failure(_ what: String, _ path: String) -> Refused {
        Refused(description: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
