import Foundation

/// What the watched folders hold: every file's path, size and modification time. Two fingerprints
/// differ when anything was added, removed or edited, which is all the watcher needs to know.
struct SourceFingerprint: Sendable, Equatable {
    struct Stamp: Sendable, Equatable {
        var size: Int
        var modified: Double
    }

    /// Display path (`Content/skills/news/x.md`) → stamp.
    var files: [String: Stamp]

    /// Hidden files are skipped like the build skips them, so editors' swap files do not trigger
    /// rebuilds (`SourceTree`).
    static func take(_ folders: [(url: URL, display: String)]) -> SourceFingerprint {
        var files: [String: Stamp] = [:]
        for folder in folders {
            SourceTree.walk(folder.url.standardizedFileURL.path) { entry in
                if case .file(let relative, let size, let modified) = entry, !isDatabase(relative) {
                    files[folder.display + "/" + relative] = Stamp(size: size, modified: modified)
                }
            }
        }
        return SourceFingerprint(files: files)
    }

    /// This fingerprint with the entries of `paths` (absolute, below `folders`) looked at again,
    /// for when the kernel says which files changed: one `lstat` a path instead of a walk.
    /// Paths the build skips (hidden names, links, anything not a regular file) get no entry,
    /// as in `take`.
    func refreshed(_ paths: Set<String>, in folders: [(url: URL, display: String)]) -> SourceFingerprint {
        var refreshed = self
        refreshed.refresh(paths, in: folders)
        return refreshed
    }

    /// `refreshed` in place: a server that owns its fingerprint updates it without copying
    /// every entry (10,000 for a large catalogue) per save.
    mutating func refresh(_ paths: Set<String>, in folders: [(url: URL, display: String)]) {
        for (path, stamp) in Self.look(at: paths, in: folders) { files[path] = stamp }
    }

    /// What changed at `paths` since this fingerprint, sorted by display path: one `lstat` a
    /// path, and nothing copied or compared beyond them.
    func changes(at paths: Set<String>, in folders: [(url: URL, display: String)]) -> [Change] {
        Self.look(at: paths, in: folders).compactMap { path, stamp in
            files[path] == stamp ? nil : Change(path: path, before: files[path], after: stamp)
        }.sorted { $0.path < $1.path }
    }

    struct Change {
        var path: String
        var before: Stamp?
        var after: Stamp?
    }

    /// Each of `paths` by display path, with its stamp or nil when the build would not read it.
    private static func look(at paths: Set<String>, in folders: [(url: URL, display: String)]) -> [(String, Stamp?)] {
        var found: [(String, Stamp?)] = []
        for path in paths {
            guard let folder = folders.first(where: { path.hasPrefix($0.url.standardizedFileURL.path + "/") }) else {
                continue
            }
            let relative = path.dropFirst(folder.url.standardizedFileURL.path.count + 1)
            guard !SourceTree.isHidden(relative: relative), !Self.isDatabase(relative)
            else { continue }
            var info = stat()
            let regular = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            found.append(
                (
                    folder.display + "/" + relative,
                    regular ? Stamp(size: Int(info.st_size), modified: SourceTree.modified(info)) : nil
                ))
        }
        return found
    }

    /// A vote database the services keep beside the content (`Content/votes.sqlite`, its `-wal`,
    /// `-shm` and `-journal` files): the build reads it through the store, never as a file, and
    /// watching it would rebuild on every vote's commit, before the debounce could gather a burst.
    /// Sidecar files are never content anywhere; a database file only at a folder's top, where no
    /// content goes (content lives in skills/, ratings/, static/, images/).
    static func isDatabase(_ relative: some StringProtocol) -> Bool {
        let path = String(relative)
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        for sidecar in ["-wal", "-shm", "-journal"] where name.hasSuffix(sidecar) {
            let base = name.dropLast(sidecar.count)
            if base.hasSuffix(".sqlite") || base.hasSuffix(".sqlite3") || base.hasSuffix(".db") { return true }
        }
        let topLevel = !path.contains("/")
        return topLevel && (name.hasSuffix(".sqlite") || name.hasSuffix(".sqlite3") || name.hasSuffix(".db"))
    }

    /// "Content/skills/news/x.md changed", "Templates/skill.mustache and 2 more changed".
    func changes(since old: SourceFingerprint) -> String {
        let paths = Set(files.keys).union(old.files.keys).filter { files[$0] != old.files[$0] }.sorted()
        return Self.describe(paths.map { Change(path: $0, before: old.files[$0], after: files[$0]) })
    }

    /// "Content/a.md changed", "…, and 2 more": the first of `changes` (sorted) and how many others.
    static func describe(_ changes: [Change]) -> String {
        guard let first = changes.first else { return "nothing changed" }
        let verb = first.before == nil ? "added" : first.after == nil ? "removed" : "changed"
        return changes.count == 1 ? "\(first.path) \(verb)" : "\(first.path) \(verb), and \(changes.count - 1) more"
    }
}
