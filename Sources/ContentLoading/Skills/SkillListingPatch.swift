import CatalogueModel
import Foundation

extension SkillFolder.Listing {
    /// The listing a walk of the folder would make now, made from this one and the paths that
    /// changed since it was made (`changed` names every one: inotify's events), when those
    /// paths say all there is: each is a regular file, listed or new, or a listed file that is
    /// gone. Nil for anything a walk would have more to say about (a link, a folder, a FIFO, a
    /// name that is not UTF-8, a path spelt otherwise than the folder, a new file whose folder is
    /// not a plain folder), and when this listing's walk said anything (`diagnostics`): the caller
    /// walks the folder then. A new skill's walk of 10,000 files was most of its load.
    func patched(
        after changed: Set<String>, diagnostics: [Diagnostic], in location: ContentLocation
    ) -> SkillFolder.Listing? {
        guard diagnostics.isEmpty, let folder = listedFolder(in: location) else { return nil }
        let source = location.source
        var came: [String] = []
        var went: [Int] = []
        for path in changed {
            guard let relative = relative(path) else {
                // Outside the listed folder (a rating file, site.yml), or a skill folder's path
                // spelt otherwise: as `SkillListing.stands` decides.
                if SkillFolder.folders(in: location).contains(where: { ParsedContent.path(path, touches: $0.path) }) {
                    return nil
                }
                continue
            }
            // By bytes: a name that starts with a combining mark joins the prefix's slash as one character.
            let below = Self.below(relative, prefix: relativePrefix)
            // A walk skips hidden names at every level; a name read as � was not UTF-8.
            if below.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.hasPrefix(".") }) {
                continue
            }
            guard !below.isEmpty, !below.contains("\u{FFFD}"), !below.contains("//"), !below.hasSuffix("/") else {
                return nil
            }
            // Names that are the same text in other bytes compare equal: only the same bytes are this file.
            let places = places(ofRelative: relative)
            guard places.allSatisfy({ self.files[$0].relativePath.utf8.elementsEqual(relative.utf8) }) else {
                return nil
            }
            switch source.status(path, false) {
            case .file:
                guard places.isEmpty else { continue }
                // Each folder on the way must be one the walk enters: a folder, not a link to one.
                var parent = folderPath
                for component in below.split(separator: "/").dropLast() {
                    parent += component
                    guard source.status(parent, false) == .folder else { return nil }
                    parent += "/"
                }
                came.append(relative)
            case .missing:
                went += places
            default:
                return nil
            }
        }
        guard !came.isEmpty || !went.isEmpty else { return self }
        var patched = self
        // Each name came once: a set's paths are distinct, and a new name had no place.
        let display = location.display + (relativePrefix.isEmpty ? "/skills/" : "/models/")
        // Sorted as the walk sorts: by the path below the folder (the prefix can change the order,
        // as above).
        let made = Set(came).map { Self.below($0, prefix: relativePrefix) }.sorted().map { below in
            let file = ContentFile(folder: folder, relativePath: below, displayPath: display + below)
            return relativePrefix.isEmpty ? file : file.prefixed(relativePrefix)
        }
        let prefix = relativePrefix
        func key(_ file: ContentFile) -> String { Self.below(file.relativePath, prefix: prefix) }
        let gone = Set(went)
        var files: [ContentFile] = []
        files.reserveCapacity(self.files.count + made.count - gone.count)
        var next = 0
        for place in self.files.indices where !gone.contains(place) {
            let file = self.files[place]
            let listed = key(file)
            while next < made.count, key(made[next]) < listed {
                files.append(made[next])
                next += 1
            }
            // A new name the same text as a listed one (other bytes): the walk's order between them is its own.
            if next < made.count, key(made[next]) == listed { return nil }
            files.append(file)
        }
        files += made[next...]
        patched.files = files
        return patched
    }

    /// `relative` without `prefix`, cut by bytes.
    private static func below(_ relative: String, prefix: String) -> String {
        prefix.isEmpty ? relative : String(decoding: relative.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// The folder the files were listed from, as their URLs begin.
    private func listedFolder(in location: ContentLocation) -> URL? {
        let folder = relativePrefix.isEmpty ? location.skills : SkillFolder.models(in: location)
        let path = folder.path
        return (path.hasSuffix("/") ? path : path + "/") == folderPath ? folder : nil
    }
}
