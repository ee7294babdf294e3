import Foundation

/// The one rule for what a build may read: what lies inside the content folder. Files further
/// down are never followed through links (`ContentFile.list`, `RegularFile`); the top-level
/// entries (`skills/`, `ratings/`, `static/`, `site.yml`, `models/`) may be links, which lets a
/// site share folders between catalogues, but only to a target that is inside the content folder
/// too: `ln -s /etc Content/static` would otherwise publish `/etc`.
enum ContentBoundary {
    /// Whether the link at `path` resolves to a place inside `root`; an error naming the link and
    /// its target when it does not.
    static func linkStaysInside(_ path: URL, root: URL, display: String, _ log: inout DiagnosticLog) -> Bool {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path.path)) ?? "?"
        guard let resolved = realPath(path.path) else {
            log.error(display, "is a symbolic link to `\(target)`, which does not exist; replace it with the folder or file itself")
            return false
        }
        guard let realRoot = realPath(root.path), resolved.hasPrefix(realRoot + "/") else {
            log.error(display, "is a symbolic link to `\(target)`, outside the content folder; sitegen reads only what is inside "
                + "the content folder (a link out could publish any file on this machine), so copy it in instead")
            return false
        }
        return true
    }

    /// Whether the file at `path` (a top-level entry such as `site.yml`) may be read: not a link,
    /// or a link that stays inside `root`. A missing file may be read (its absence is handled by
    /// the reader).
    static func mayRead(_ path: URL, root: URL, display: String, _ log: inout DiagnosticLog) -> Bool {
        var status = stat()
        guard lstat(path.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return true }
        return linkStaysInside(path, root: root, display: display, &log)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
