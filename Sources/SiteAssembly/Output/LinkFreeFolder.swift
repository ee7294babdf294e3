import CatalogueModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder below a root the user named, opened one name at a time without following a link,
/// and made where missing. Whatever is written in it stays inside the root even when someone
/// has put a link on the way: the link is refused, not followed. The root itself may be a link.
public enum LinkFreeFolder {
    public struct Refusal: Error, CustomStringConvertible {
        /// The folder or file at fault, as the user would write it.
        public let path: String
        /// True when `path` is a symbolic link; otherwise `reason` says what failed.
        public let isLink: Bool
        public let reason: String

        public var description: String { isLink ? "\(path) is a symbolic link" : "\(path): \(reason)" }
    }

    /// The open folder `segments` below `root`; the caller closes it.
    /// - Parameter rootDisplay: `root` as the user wrote it, for messages.
    public static func open(_ segments: some Sequence<String>, below root: URL, rootDisplay: String) throws(Refusal)
        -> Int32
    {
        var directory = systemOpen(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            throw Refusal(path: rootDisplay, isLink: false, reason: "cannot open the folder: \(reason())")
        }
        var shown = rootDisplay
        for segment in segments {
            shown += "/" + segment
            guard segment != "..", segment != ".", !segment.isEmpty, !segment.contains("/") else {
                close(directory)
                throw Refusal(path: shown, isLink: false, reason: "not a plain folder name")
            }
            if mkdirat(directory, segment, 0o777) != 0 && errno != EEXIST {
                let failure = Refusal(path: shown, isLink: false, reason: "cannot create the folder: \(reason())")
                close(directory)
                throw failure
            }
            let next = openat(directory, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 {
                let failure = Refusal(
                    path: shown, isLink: isLink(segment, in: directory), reason: "cannot open the folder: \(reason())")
                close(directory)
                throw failure
            }
            close(directory)
            directory = next
        }
        return directory
    }

    /// Whether `name` in the open folder `directory` is a symbolic link.
    public static func isLink(_ name: String, in directory: Int32) -> Bool {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The first symbolic link among the names of `relative` below `root`, as `root/…` in the
    /// user's terms; nil when there is none (names that do not exist yet are no link). Reads only.
    public static func firstLink(in relative: String, below root: URL, rootDisplay: String) -> String? {
        var path = root.path
        var shown = rootDisplay
        for segment in relative.split(separator: "/") {
            path += "/" + segment
            shown += "/" + segment
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFLNK { return shown }
        }
        return nil
    }

    package static func reason() -> String { String(cString: strerror(errno)) }

    /// `open(2)`, which `open` above hides.
    private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #elseif canImport(Darwin)
            Darwin.open(path, flags)
        #endif
    }
}
