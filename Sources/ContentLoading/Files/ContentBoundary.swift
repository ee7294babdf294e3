import CatalogueModel
import Foundation

/// The one rule for what a build may read: what lies inside the content folder. Files further
/// down are never followed through links (`ContentFile.list`, `RegularFile`); the top-level
/// entries (`skills/`, `ratings/`, `static/`, `site.yml`, `models/`) may be links, which lets a
/// site share folders between catalogues, but only to a target that is inside the content folder
/// too: `ln -s /etc Content/static` would otherwise publish `/etc`.
enum ContentBoundary {
    /// Whether the link at `path` resolves to a place inside `root`; an error naming the link and
    /// its target when it does not.
    static func linkStaysInside(
        _ path: URL, root: URL, display: String, source: ContentSource,
        _ log: inout DiagnosticLog
    ) -> Bool {
        let target = source.linkTarget(path.path) ?? "?"
        guard let resolved = source.resolved(path.path) else {
            log.error(
                display,
                "is a symbolic link to `\(target)`, which does not exist; replace it with the folder or file itself")
            return false
        }
        guard let realRoot = source.resolved(root.path), resolved.hasPrefix(realRoot + "/") else {
            log.error(
                display,
                "is a symbolic link to `\(target)`, outside the content folder; sitegen reads only what is inside "
                    + "the content folder (a link out could publish any file on this machine), so copy it in instead")
            return false
        }
        return true
    }

    /// Whether the file at `path` (a top-level entry such as `site.yml`) may be read: not a link,
    /// or a link that stays inside `root`. A missing file may be read (its absence is handled by
    /// the reader).
    static func mayRead(_ path: URL, root: URL, display: String, source: ContentSource, _ log: inout DiagnosticLog)
        -> Bool
    {
        guard source.status(path.path, false) == .link else { return true }
        return linkStaysInside(path, root: root, display: display, source: source, &log)
    }
}
