import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

extension LiveSite {
    /// The write stage of a kept site: the files made take their paths' places in `files`.
    /// Returns the paths whose bytes are new or different, and every path of the site, claimed.
    mutating func keep(
        _ made: [OutputFile], planned: PlannedSite, removed: Set<String>, from source: ContentSource
    ) throws(OutputFolder.WriteError) -> (written: [String], paths: OutputPaths) {
        // Taken out of the kept build rather than copied: a copy of a 23,000-path set per change.
        var paths = last?.paths ?? OutputPaths()
        last?.paths = OutputPaths()
        let first = last == nil
        var written: [String] = []
        do {
            // Only new paths need claiming: the kept ones were claimed by the last good build.
            for path in removed { paths.release(path) }
            if planned.samePaths {
                // Nothing came.
            } else if let came = planned.site.came, !first {
                for path in came { try paths.claim(path) }
            } else {
                for path in planned.site.existing where first || files[path] == nil { try paths.claim(path) }
            }
            // Everything that can fail comes first: the kept files change only once nothing can.
            let contents = try made.map { file throws(OutputFolder.WriteError) in
                (file.path, try file.bytes(from: source))
            }
            for (path, data) in contents where files.updateValue(data, forKey: path) != data {
                written.append(path)
            }
            for path in removed { files[path] = nil }
        } catch {
            // The claims went part of the way: the kept site's are claimed again from its files.
            var kept = OutputPaths()
            for path in files.keys { _ = try? kept.claim(path) }
            last?.paths = kept
            throw error
        }
        return (written, paths)
    }

    /// Every page's link targets for the next run: the kept build's, taken out of it (which no
    /// longer fails) and patched in place, as a copy of its 33,000 entries per change was a few
    /// milliseconds and as many retains.
    mutating func keptTargets(
        _ made: BatchedRender.Made, removed: Set<String>, render: BatchedRender, kept: inout Built?
    ) -> [String: LinkTargets] {
        var linkTargets = last?.linkTargets ?? [:]
        last?.linkTargets = [:]
        kept?.linkTargets = [:]
        for (path, var targets) in made.targets {
            // The sitemap's kept lines lead where they did.
            if render.sitemapLines != nil, path == render.sitemapPath, let before = linkTargets[path] {
                targets.formUnion(before)
            }
            linkTargets[path] = targets
        }
        for path in removed { linkTargets[path] = nil }
        return linkTargets
    }
}
