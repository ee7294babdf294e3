import Foundation

/// The files of a finished build that the output folder may not hold yet. A build of a few
/// changed files counts as done as soon as it is made, and its files are written after: while
/// they are (a new skill rewrites some 600 files at 10,000 skills, about 25 ms of its wait), the
/// server answers with their bytes from here, and a file the build removed is not found.
/// Emptied once the folder holds the build; kept when writing it failed, so the server goes on
/// serving the build the terminal reported until a later one is written whole.
final class PendingFiles: @unchecked Sendable {
    enum Held: Sendable, Equatable {
        case file(Data, modified: Date)
        /// A folder that holds a pending file (a new skill's folder is not on disk yet).
        case folder(modified: Date)
        case removed
    }

    // Everything below is only touched under `lock`.
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var removed: Set<String> = []
    private var folders: Set<String> = []
    private var early: [String: Data] = [:]
    private var modified = Date(timeIntervalSince1970: 0)

    /// Holds the files of a build: output paths (`skills/news/x/index.html`) and their bytes,
    /// and the paths it removed. Replaces whatever was held.
    func hold(_ written: [(path: String, data: Data)], removed: [String], at date: Date) {
        var files: [String: Data] = [:]
        var folders: Set<String> = []
        files.reserveCapacity(written.count)
        for file in written {
            files[file.path] = file.data
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        lock.lock()
        self.files = files
        self.removed = Set(removed)
        self.folders = folders
        modified = date
        lock.unlock()
    }

    /// Holds one page made before the rest of its build (`LiveSite.apply`'s `early`), beside
    /// what is held, and remembers it until `takeEarly`.
    func holdEarly(_ page: (path: String, data: Data), at date: Date) {
        lock.lock()
        files[page.path] = page.data
        removed.remove(page.path)
        var folder = Substring(page.path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            folders.insert(String(folder))
        }
        early[page.path] = page.data
        modified = date
        lock.unlock()
    }

    /// The pages held early since the last call. With `keeping` false (their build failed)
    /// they are no longer served.
    func takeEarly(keeping: Bool) -> [String: Data] {
        lock.lock()
        defer { lock.unlock() }
        let taken = early
        early = [:]
        if !keeping { for path in taken.keys { files[path] = nil } }
        return taken
    }

    /// The output folder holds everything held.
    func release() {
        lock.lock()
        files = [:]
        removed = []
        folders = []
        lock.unlock()
    }

    /// What is held for a request's path below the site's root (`/skills/news/x/index.html`,
    /// `/skills/news/x/`, percent-decoded); nil when nothing is, and the folder answers.
    func entry(at requestPath: String) -> Held? {
        lock.lock()
        defer { lock.unlock() }
        guard !files.isEmpty || !removed.isEmpty else { return nil }
        var path = Substring(requestPath)
        while path.first == "/" { path = path.dropFirst() }
        if path.last == "/" {
            path = path.dropLast()
            return folders.contains(String(path)) ? .folder(modified: modified) : nil
        }
        let key = String(path)
        if let data = files[key] { return .file(data, modified: modified) }
        // A folder first: a page may have come in place of a file of the same name.
        if folders.contains(key) { return .folder(modified: modified) }
        return removed.contains(key) ? .removed : nil
    }
}
