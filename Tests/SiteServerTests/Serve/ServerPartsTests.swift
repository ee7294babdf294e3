import Foundation
import Testing

@testable import SiteServer

/// The server's pure parts, without a server.
@Suite struct ServerPartsTests {
    @Test func formBodiesDecodePlusAndPercent() throws {
        let fields = try FormBody.parse("skill=news%2Fheadline-finder&name=Caf%C3%A9+Au+Lait&flag&stars=4&stars=5")
        #expect(fields["skill"] == ["news/headline-finder"])
        #expect(fields["name"] == ["Café Au Lait"])
        #expect(fields["flag"] == [""])
        #expect(fields["stars"] == ["4", "5"])
        #expect(throws: FormBody.Invalid.self) { try FormBody.parse("stars=%E2%28") }
    }

    @Test func fingerprintsNameWhatChanged() {
        let old = SourceFingerprint(files: [
            "Content/a.md": .init(size: 1, modified: 1), "Content/b.md": .init(size: 1, modified: 1),
        ])
        var new = old
        new.files["Content/b.md"]?.modified = 2
        #expect(new.changes(since: old) == "Content/b.md changed")
        new.files["Content/c.md"] = .init(size: 3, modified: 3)
        #expect(new.changes(since: old) == "Content/b.md changed, and 1 more")
        new.files["Content/a.md"] = nil
        #expect(new.changes(since: old) == "Content/a.md removed, and 2 more")
        #expect(old.changes(since: old) == "nothing changed")
    }

    @Test func aFingerprintSeesEditsAndSkipsHiddenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("skills"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a".utf8).write(to: folder.appendingPathComponent("skills/a.md"))
        let before = SourceFingerprint.take([(folder, "Content")])
        #expect(Array(before.files.keys) == ["Content/skills/a.md"])
        try Data("swap".utf8).write(to: folder.appendingPathComponent("skills/.a.md.swp"))
        #expect(SourceFingerprint.take([(folder, "Content")]) == before)
        try Data("ab".utf8).write(to: folder.appendingPathComponent("skills/a.md"))
        #expect(SourceFingerprint.take([(folder, "Content")]) != before)
    }

    /// With inotify's paths, a look compares only their entries (`changes(at:in:)`) and the
    /// server updates its fingerprint in place (`refresh`): the same answers as a whole copy.
    @Test func aLookAtNamedPathsSaysWhatACopyWouldSay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("skills"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func url(_ name: String) -> URL { folder.appendingPathComponent("skills/\(name)") }
        for name in ["a.md", "b.md", "c.md"] { try Data(name.utf8).write(to: url(name)) }
        let folders = [(url: folder, display: "Content")]
        let before = SourceFingerprint.take(folders)
        try Data("bb".utf8).write(to: url("b.md"))
        try FileManager.default.removeItem(at: url("c.md"))
        try Data("d".utf8).write(to: url("d.md"))
        try Data("swap".utf8).write(to: url(".a.md.swp"))
        let named = ["a.md", "b.md", "c.md", "d.md", ".a.md.swp"].map { url($0).path }
        for count in 1...named.count {
            let paths = Set(named.prefix(count))
            let copy = before.refreshed(paths, in: folders)
            var inPlace = before
            inPlace.refresh(paths, in: folders)
            #expect(inPlace == copy)
            let changes = before.changes(at: paths, in: folders)
            #expect(SourceFingerprint.describe(changes) == copy.changes(since: before), "\(count) paths")
            #expect(changes.isEmpty == (copy == before))
        }
        #expect(
            SourceFingerprint.describe(before.changes(at: Set(named), in: folders))
                == "Content/skills/b.md changed, and 2 more")
    }

    /// `sitegen collect`'s default database is `Content/votes.sqlite`: its commits must not each
    /// start a rebuild (the debounce gathers a burst of votes into one), by inotify or by polling.
    @Test func aFingerprintLeavesOutTheVoteDatabaseBesideTheContent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("static"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = SourceFingerprint.take([(folder, "Content")])
        let database = ["votes.sqlite", "votes.sqlite-wal", "votes.sqlite-shm", "other.db-journal"]
        for name in database { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        // A database file inside a content folder is content (static/ publishes it): it counts.
        try Data("x".utf8).write(to: folder.appendingPathComponent("static/data.sqlite"))
        let after = SourceFingerprint.take([(folder, "Content")])
        #expect(Array(after.files.keys) == ["Content/static/data.sqlite"])
        let refreshed = before.refreshed(
            Set(database.map { folder.appendingPathComponent($0).path }), in: [(folder, "Content")])
        #expect(refreshed == before)
    }

    @Test func aFingerprintListsNestedFilesButNotHiddenFoldersOrLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("skills/news/deep"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent(".git/objects"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: folder.appendingPathComponent("skills/news/deep/a.md"))
        try Data("b".utf8).write(to: folder.appendingPathComponent(".git/objects/b"))
        try fm.createSymbolicLink(
            at: folder.appendingPathComponent("skills/link.md"),
            withDestinationURL: folder.appendingPathComponent("skills/news/deep/a.md"))
        try fm.createSymbolicLink(
            at: folder.appendingPathComponent("skills/loop"),
            withDestinationURL: folder.appendingPathComponent("skills"))
        let fingerprint = SourceFingerprint.take([(folder, "Content")])
        #expect(fingerprint.files.keys.sorted() == ["Content/skills/news/deep/a.md"])
        #expect(fingerprint.files["Content/skills/news/deep/a.md"]?.size == 1)
    }

    @Test func symbolicLinksAreNotPlainPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-plain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("site/a"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("site/a/page.html"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("site/link.txt"),
            withDestinationURL: folder.appendingPathComponent("secret.txt"))
        let root = folder.appendingPathComponent("site").path
        #expect(SiteFiles.isPlain(root + "/a/page.html", root: root))
        #expect(SiteFiles.isPlain(root + "/a/", root: root))
        #expect(SiteFiles.isPlain(root + "/", root: root))
        #expect(!SiteFiles.isPlain(root + "/link.txt", root: root))
        #expect(!SiteFiles.isPlain(root + "/missing.html", root: root))
        #expect(!SiteFiles.isPlain(folder.path + "/secret.txt", root: root))
        #expect(!SiteFiles.isPlain(root + "-other/x", root: root))
    }

    /// A build's files not written yet answer from memory, over what the folder holds; a
    /// removed file is gone before it is unlinked; a new skill's folder exists before it is made.
    @Test func pendingFilesAnswerBeforeTheFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sitegen-pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("skills/old"), withIntermediateDirectories: true)
        try Data("old page".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("gone soon".utf8).write(to: folder.appendingPathComponent("skills/old/index.html"))
        let pending = PendingFiles()
        let files = SiteFiles(root: folder, pending: pending)
        func attributes(_ path: String) async throws -> SiteFiles.Attributes? {
            guard let id = files.getFileIdentifier(path) else { return nil }
            return try await files.getAttributes(id: id)
        }
        #expect(try await attributes("/index.html")?.size == 8)
        #expect(try await attributes("/skills/new/") == nil)

        let held = Date(timeIntervalSince1970: 1_000_000)
        pending.hold(
            [("index.html", Data("new home page".utf8)), ("skills/new/index.html", Data("new".utf8))],
            removed: ["skills/old/index.html"], at: held)
        #expect(pending.entry(at: "/index.html") == .file(Data("new home page".utf8), modified: held))
        #expect(try await attributes("/index.html")?.size == 13)
        #expect(try await attributes("/index.html")?.modificationDate == held)
        #expect(try await attributes("/skills/new/")?.isFolder == true)
        #expect(try await attributes("/skills/new")?.isFolder == true)
        #expect(try await attributes("/skills/")?.isFolder == true)
        #expect(try await attributes("/skills/new/index.html")?.size == 3)
        #expect(try await attributes("/skills/old/index.html") == nil)
        // The folder still answers for what the build did not touch.
        #expect(try await attributes("/skills/old/")?.isFolder == true)
        #expect(try await attributes("/missing.html") == nil)

        // A page that came where a file of the same name went: the folder answers (a redirect).
        pending.hold([("about/index.html", Data("about".utf8))], removed: ["about"], at: held)
        #expect(pending.entry(at: "/about") == .folder(modified: held))
        #expect(pending.entry(at: "/about/") == .folder(modified: held))

        pending.release()
        #expect(pending.entry(at: "/index.html") == nil)
        #expect(try await attributes("/index.html")?.size == 8)
        #expect(try await attributes("/skills/old/index.html")?.size == 9)
        #expect(try await attributes("/skills/new/") == nil)
    }
}
