import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// A file that came or went, named by the watcher, patches the last skill listing instead of a
/// walk of the whole folder (`SkillFolder.Listing.patched`). Through a random series of files
/// added, removed and rewritten on disk, with the odd names of `SkillListingTests`, hidden
/// names, new folders and links, each patched listing is the one a walk makes then; and a patch
/// is refused whenever the walk would say something (a link).
@Suite struct SkillListingPatchTests {
    /// A small linear congruential generator: the same series on every run.
    struct Series {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let extraNames = [
        ".hidden.md", "deep/.dot/x.md", "fresh/folder/new.md", "g/one.md", "g/two.json", "g/three.txt",
        "Z z.md", "zz/🎉.md",
    ]

    /// Relative path, display path and path of each file, for comparing listings.
    static func shape(_ listing: SkillFolder.Listing) -> [[String]] {
        listing.files.map { [$0.relativePath, $0.displayPath, $0.path, $0.url.path] }
    }

    @Test(arguments: [false, true])
    func eachPatchedListingIsTheWalksListing(susiCheckout: Bool) throws {
        let root = try SkillListingTests.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // The links point out of the content folder, at a file of the test's own: never at a
        // system file, which a write through a link left in place would overwrite (CI runs as root).
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sitegen-outside-\(UUID().uuidString).md")
        try Data("---\nname: Outside\ngroup: G\n---\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let listed = susiCheckout ? "models" : "skills"
        let pool = SkillListingTests.names + Self.extraNames
        for name in pool.prefix(6) { try SkillListingTests.write("\(listed)/\(name)", below: root) }
        let location = ContentLocation(root: root, display: "Content")
        var log = DiagnosticLog()
        var last = SkillFolder.list(location, &log)
        var lastDiagnostics = log.items
        var series = Series(state: susiCheckout ? 7 : 3)
        var patchedCount = 0
        var refusedLinks = 0
        for step in 0..<240 {
            let name = pool[series.next(pool.count)]
            let url = root.appendingPathComponent("\(listed)/\(name)")
            let exists = FileManager.default.fileExists(atPath: url.path)
            let kind = series.next(10)
            var madeLink = false
            if kind == 0, !exists {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: outside.path)
                madeLink = true
            } else if exists, kind < 6 {
                try FileManager.default.removeItem(at: url)
            } else {
                try SkillListingTests.write("\(listed)/\(name)", below: root)
            }
            var walkLog = DiagnosticLog()
            var walked = SkillFolder.list(location, &walkLog)
            let patched = last.patched(after: [url.path], diagnostics: lastDiagnostics, in: location)
            if let patched {
                patchedCount += 1
                #expect(Self.shape(patched) == Self.shape(walked), "step \(step): \(name)")
                #expect(walkLog.items.isEmpty, "step \(step): a patch where the walk warns")
            }
            // A walk skips hidden names, links included, and says nothing of them.
            let hidden = name.split(separator: "/").contains { $0.hasPrefix(".") }
            if madeLink, hidden {
                #expect(patched.map(Self.shape) == Self.shape(walked), "step \(step): a hidden link is skipped")
            } else if madeLink {
                #expect(patched == nil, "step \(step): a link is never patched in")
                refusedLinks += 1
                // A listing whose walk warned is walked again: removing the link is not patched either.
                try FileManager.default.removeItem(at: url)
                #expect(walked.patched(after: [url.path], diagnostics: walkLog.items, in: location) == nil)
                walkLog = DiagnosticLog()
                walked = SkillFolder.list(location, &walkLog)
            }
            last = walked
            lastDiagnostics = walkLog.items
        }
        // Most steps are plain files: a patch that always gave up would pass the comparisons above.
        #expect(patchedCount > 120)
        #expect(refusedLinks >= 3)
    }

    /// A change outside the listed folder leaves the listing as it was; a change to the folder
    /// itself, or a path that names the folder otherwise, makes the caller walk it.
    @Test func pathsOutsideTheFolderLeaveItAndTheFolderItselfIsNotPatched() throws {
        let root = try SkillListingTests.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try SkillListingTests.write("skills/g/a.md", below: root)
        let location = ContentLocation(root: root, display: "Content")
        var log = DiagnosticLog()
        let listing = SkillFolder.list(location, &log)
        let votes = root.appendingPathComponent("ratings/votes.jsonl").path
        #expect(listing.patched(after: [votes], diagnostics: [], in: location).map(Self.shape) == Self.shape(listing))
        #expect(listing.patched(after: [location.skills.path], diagnostics: [], in: location) == nil)
        #expect(listing.patched(after: [root.path], diagnostics: [], in: location) == nil)
        let models = root.appendingPathComponent("models/x/y.txt").path
        #expect(listing.patched(after: [models], diagnostics: [], in: location) == nil)
        // A listing whose walk warned is walked again.
        let warned = [Diagnostic.warning("Content/skills/l.md", "symbolic links are not followed")]
        try SkillListingTests.write("skills/g/b.md", below: root)
        let added = root.appendingPathComponent("skills/g/b.md").path
        #expect(listing.patched(after: [added], diagnostics: warned, in: location) == nil)
        #expect(listing.patched(after: [added], diagnostics: [], in: location).map { $0.files.count } == 2)
    }
}
