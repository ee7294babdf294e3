import ContentLoading
import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder as Hummingbird's file middleware sees it, minus every way out: a path whose
/// real location differs from its spelled one (a symbolic link anywhere on the way) is "not
/// there". `..` never gets this far: the middleware refuses it after percent-decoding.
///
/// The middleware asks for a file's size and then for its bytes, by name, twice. A rebuild can
/// put a new site in place between the two, and the answer then had one version's length and the
/// other's bytes (a page cut short, or padded). So a request's file is opened once, when its size
/// is asked for, and everything after reads that open file (`PinnedFile`).
///
/// A build's files that are not written yet are answered from memory (`PendingFiles`).
struct SiteFiles: FileProvider {
    let root: String
    let pending: PendingFiles

    init(root: URL, pending: PendingFiles = PendingFiles()) {
        self.root = root.standardizedFileURL.path
        self.pending = pending
    }

    struct Attributes: FileMiddlewareFileAttributes {
        let isFolder: Bool
        let size: Int
        let modificationDate: Date
    }

    func getFileIdentifier(_ path: String) -> PinnedFile? {
        // The same joining as Hummingbird's LocalFileSystem: the middleware hands a path below the root.
        PinnedFile(path: root + path, pending: pending.entry(at: path))
    }

    func getAttributes(id: PinnedFile) async throws -> Attributes? {
        switch id.pending {
        case .file(let data, let modified):
            return Attributes(isFolder: false, size: data.count, modificationDate: modified)
        case .folder(let modified): return Attributes(isFolder: true, size: 0, modificationDate: modified)
        case .removed: return nil
        case nil:
            guard Self.isPlain(id.path, root: root) else { return nil }
            return id.open()
        }
    }

    func loadFile(id: PinnedFile, context: some RequestContext) async throws -> ResponseBody {
        guard let size = size(of: id) else { throw HTTPError(.notFound) }
        return try body(id, range: 0..<size)
    }

    func loadFile(id: PinnedFile, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let size = size(of: id) else { throw HTTPError(.notFound) }
        let end = min(range.upperBound + 1, size)
        guard range.lowerBound < end else { throw HTTPError(.rangeNotSatisfiable) }
        return try body(id, range: range.lowerBound..<end)
    }

    /// The size asked for before (`getAttributes`), the file already open.
    private func size(of file: PinnedFile) -> Int? {
        switch file.pending {
        case .file(let data, _): data.count
        case .folder, .removed: nil
        case nil: file.open()?.size
        }
    }

    /// The bytes of `range`, from memory or read from the pinned file in chunks as the client
    /// takes them.
    private func body(_ file: PinnedFile, range: Range<Int>) throws -> ResponseBody {
        if case .file(let data, _) = file.pending {
            return ResponseBody(byteBuffer: ByteBuffer(bytes: data.dropFirst(range.lowerBound).prefix(range.count)))
        }
        return ResponseBody(contentLength: range.count) { writer in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let chunk = try file.read(at: offset, count: min(1 << 16, range.upperBound - offset))
                guard chunk.readableBytes > 0 else { throw HTTPError(.internalServerError) }
                offset += chunk.readableBytes
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
    }

    /// True when `path` lies inside `root` with no symbolic link between them.
    static func isPlain(_ path: String, root: String) -> Bool {
        guard let realRoot = realPath(root) else { return false }
        var spelled = path
        while spelled.count > 1, spelled.hasSuffix("/") { spelled.removeLast() }
        guard spelled.hasPrefix(root) else { return false }
        let below = spelled.dropFirst(root.count)
        guard below.isEmpty || below.hasPrefix("/") else { return false }
        guard let real = realPath(spelled) else { return false }
        return real == realRoot + below
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// One file of the site, opened at most once for one request and closed when the request is done
/// with it: its size and its bytes always come from the same version of the file.
final class PinnedFile: @unchecked Sendable {
    let path: String
    /// What a build not yet written holds at `path`; the file on disk answers when nil.
    let pending: PendingFiles.Held?
    // `descriptor` and `status` are only touched under `lock`.
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var status: SiteFiles.Attributes?

    init(path: String, pending: PendingFiles.Held? = nil) {
        self.path = path
        self.pending = pending
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens the file the first time (not through a final link, never blocking on a FIFO) and
    /// gives its status; nil when there is no such file or it is neither a file nor a folder.
    func open() -> SiteFiles.Attributes? {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        let fd = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {
            close(fd)
            return nil
        }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        descriptor = fd
        let found = SiteFiles.Attributes(
            isFolder: type == S_IFDIR, size: Int(info.st_size),
            modificationDate: Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9))
        status = found
        return found
    }

    /// Up to `count` bytes at `offset`.
    func read(at offset: Int, count: Int) throws -> ByteBuffer {
        lock.lock()
        let fd = descriptor
        lock.unlock()
        guard fd >= 0 else { throw HTTPError(.notFound) }
        guard let bytes = DescriptorBytes.read(fd, size: count, at: offset) else {
            throw HTTPError(.internalServerError)
        }
        return ByteBuffer(bytes: bytes)
    }
}

/// The system's `open`, which `PinnedFile.open()` hides inside the class.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
