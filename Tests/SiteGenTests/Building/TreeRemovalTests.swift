import Foundation
import Testing

@testable import SiteAssembly

#if canImport(Glibc)
    import Glibc
#endif

/// The old site and staging folders are removed whole, and nothing a link inside them points to.
@Suite struct TreeRemovalTests {
    @Test func removesEveryFileAndFolderAtEveryDepth() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let site = folder.appendingPathComponent("old")
        var files: [String: String] = ["index.html": "home", ".sitegen": "mark"]
        // Folders of one depth from empty to hundreds of files, as a site's are, and odd names.
        for group in 0..<5 {
            for skill in 0..<(group * 40) { files["skills/g\(group)/s\(skill)/index.html"] = "page \(skill)" }
        }
        for n in 0..<300 { files["api/skills/g0/s\(n).json"] = "{}" }
        files["a/b/c/d/e/f/g/deep.txt"] = "deep"
        files["names/é 😀 <script>/x y.html"] = "odd"
        try FixtureSite.write(files, under: site)
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("empty/inner"), withIntermediateDirectories: true)

        TreeRemoval.remove(site.path)

        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A removal killed at any moment must leave a folder the next build knows as its own: the
    /// mark goes last. Watched from another thread, the folder never holds anything but without
    /// its mark. (Removed first, `kill -9` mid-removal left unmarked 122–243 MB staging folders
    /// that no later build would touch.)
    @Test func theMarkIsRemovedOnlyOnceEverythingElseIsGone() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let site = folder.appendingPathComponent(".Public.staging-1")
        var files: [String: String] = [OutputMark.fileName: "mark", "index.html": "home"]
        for group in 0..<20 {
            for skill in 0..<200 { files["skills/g\(group)/s\(skill)/index.html"] = "page" }
        }
        try FixtureSite.write(files, under: site)
        let mark = site.appendingPathComponent(OutputMark.fileName).path
        let done = Completion()
        let removal = Thread {
            TreeRemoval.remove(site.path, last: OutputMark.fileName)
            done.finish()
        }
        removal.start()
        // Looks at the mark before the listing: once it is gone, nothing else may be left.
        var seenHalfRemoved = false
        var unmarked: Set<String> = []
        while !done.isFinished {
            var status = stat()
            let marked = lstat(mark, &status) == 0
            let left = (try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []
            if marked {
                if !left.contains("index.html") && left.contains("skills") { seenHalfRemoved = true }
            } else {
                unmarked.formUnion(left.filter { $0 != OutputMark.fileName })
            }
        }
        #expect(unmarked.isEmpty)
        // The watch saw the removal under way, so it could have seen the mark missing.
        #expect(seenHalfRemoved)
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    private final class Completion: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        func finish() { lock.withLock { finished = true } }
        var isFinished: Bool { lock.withLock { finished } }
    }

    @Test func removesLinksButNothingTheyPointTo() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let outside = folder.appendingPathComponent("outside")
        try FixtureSite.write(["keep.txt": "mine", "inner/keep.txt": "also mine"], under: outside)
        let site = folder.appendingPathComponent("old")
        try FixtureSite.write(["index.html": "home"], under: site)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: site.appendingPathComponent("to-folder").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(
            atPath: site.appendingPathComponent("to-file").path,
            withDestinationPath: outside.appendingPathComponent("keep.txt").path)
        try fm.createDirectory(at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: site.appendingPathComponent("sub/up").path, withDestinationPath: "../../outside")
        // Below the folders removed on their own, too.
        try fm.createDirectory(at: site.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: site.appendingPathComponent("a/b/c/deep").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: site.appendingPathComponent("a/b/up").path, withDestinationPath: outside.path)

        TreeRemoval.remove(site.path)

        #expect(!fm.fileExists(atPath: site.path))
        #expect(
            try FixtureSite.tree(outside) == ["keep.txt": Data("mine".utf8), "inner/keep.txt": Data("also mine".utf8)])
    }

    /// Names are bytes: one that is not UTF-8 (a file or a folder, at any depth) is removed too.
    @Test func namesThatAreNotUTF8AreRemoved() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let site = folder.appendingPathComponent("old")
        try FixtureSite.write(["a/b/index.html": "x", "index.html": "home"], under: site)
        func path(_ bytes: [UInt8]) -> [CChar] {
            (Array(site.path.utf8) + bytes + [0]).map { CChar(bitPattern: $0) }
        }
        for name in [Array("/bad".utf8) + [0xFF], Array("/a/b/bad".utf8) + [0xFE]] {
            let file = open(path(name), O_WRONLY | O_CREAT | O_EXCL, 0o644)
            #expect(file >= 0)
            close(file)
        }
        let odd = Array("/a/dir".utf8) + [0xC3, 0x28]
        #expect(mkdir(path(odd), 0o755) == 0)
        let inner = open(path(odd + Array("/inner".utf8) + [0xFF]), O_WRONLY | O_CREAT, 0o644)
        #expect(inner >= 0)
        close(inner)

        TreeRemoval.remove(site.path)

        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aLinkInPlaceOfTheFolderIsRemovedNotFollowed() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let outside = folder.appendingPathComponent("outside")
        try FixtureSite.write(["keep.txt": "mine"], under: outside)
        let link = folder.appendingPathComponent("old")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)

        TreeRemoval.remove(link.path)

        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(try FixtureSite.tree(outside) == ["keep.txt": Data("mine".utf8)])
    }

    @Test func aFileIsRemovedAndAMissingPathIsNoError() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FixtureSite.write(["file.txt": "x"], under: folder)

        TreeRemoval.remove(folder.appendingPathComponent("file.txt").path)
        TreeRemoval.remove(folder.appendingPathComponent("missing").path)

        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
