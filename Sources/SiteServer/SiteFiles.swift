import Foundation
import Hummingbird
import Logging

/// The output folder as Hummingbird's file middleware sees it, minus every way out: a path whose
/// real location differs from its spelled one (a symbolic link anywhere on the way) is "not
/// there". `..` never gets this far: the middleware refuses it after percent-decoding.
struct SiteFiles: FileProvider {
    let root: String
    let local: LocalFileSystem

    init(root: URL, logger: Logger) {
        self.root = root.standardizedFileURL.path
        local = LocalFileSystem(rootFolder: self.root, threadPool: .singleton, logger: logger)
    }

    func getFileIdentifier(_ path: String) -> String? {
        local.getFileIdentifier(path)
    }

    func getAttributes(id: String) async throws -> LocalFileSystem.FileAttributes? {
        guard Self.isPlain(id, root: root) else { return nil }
        return try await local.getAttributes(id: id)
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        try await local.loadFile(id: id, context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await local.loadFile(id: id, range: range, context: context)
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
