import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// `Public/` belongs to sitegen: it is replaced whole, and only by a complete, successful build.
@Suite struct AtomicOutputTests {
    @Test func failedBuildLeavesThePreviousSiteByteForByte() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: FixtureSite.fixture("valid"), output: output))
        let before = try FixtureSite.tree(output)
        #expect(before["index.html"] != nil)

        // A broken skill added to a copy of the same content fails the build.
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        try FixtureSite.write(["skills/news/broken.md": "---\nname: [unclosed\n---\n"], under: content)
        #expect(throws: BuildFailure.self) {
            try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        }
        #expect(try FixtureSite.tree(output) == before)
        // Nothing is left beside the output: no staging folder, no old copy.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Content", "Public"])
    }

    @Test func failureWhileWritingRemovesTheStagingFolderAndKeepsTheOldSite() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let output = folder.appendingPathComponent("Public")
        try OutputFolder.replace(output, with: [OutputFile(path: "index.html", text: "old site")], from: .disk)
        let before = try FixtureSite.tree(output)

        let files = [
            OutputFile(path: "index.html", text: "new site"),
            OutputFile(path: "media/gone.png", copyOf: folder.appendingPathComponent("does-not-exist.png")),
        ]
        #expect(throws: (any Error).self) { try OutputFolder.replace(output, with: files, from: .disk) }
        #expect(try FixtureSite.tree(output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Public"])
    }

    @Test func filesOfDeletedSkillsNeverSurvive() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        let output = folder.appendingPathComponent("Public")
        let options = FixtureSite.options(content: content, output: output)
        _ = try SiteBuilder.build(options)
        #expect(
            FileManager.default.fileExists(
                atPath: output.appendingPathComponent("skills/news/tech-digest/index.html").path))
        // A file someone put into the output by hand is gone too: the folder is sitegen's.
        try Data("stray".utf8).write(to: output.appendingPathComponent("stray.txt"))

        try FileManager.default.removeItem(at: content.appendingPathComponent("skills/news/tech-digest.md"))
        _ = try SiteBuilder.build(options)
        let after = try FixtureSite.tree(output)
        #expect(!after.keys.contains { $0.hasPrefix("skills/news/tech-digest") })
        #expect(after["stray.txt"] == nil)
        #expect(after["skills/news/headline-finder/index.html"] != nil)
    }

    @Test func staticFilesAreCopiedAsTheyAre() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        let bytes = Data([0x00, 0xFF, 0x0D, 0x0A, 0x3C, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x3E])
        try bytes.write(to: content.appendingPathComponent("static/files/raw.bin").creatingParent())
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        let tree = try FixtureSite.tree(output)
        #expect(tree["files/raw.bin"] == bytes)
        #expect(tree["robots.txt"] == Data("User-agent: *\nAllow: /\n".utf8))
    }

    @Test(arguments: ["index.html", "Index.HTML", "skills/news/headline-finder/index.html", "assets/style.css"])
    func staticFilesMayNotOverwriteGeneratedOnes(_ path: String) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        try FixtureSite.write(["static/" + path: "mine"], under: content)
        let output = folder.appendingPathComponent("Public")
        do {
            _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
            Issue.record("a static file overwrote the generated \(path)")
        } catch {
            // Compared case-insensitively: `Index.HTML` and `index.html` are one file on some hosts.
            #expect(
                error.diagnostics.map(\.description) == [
                    "Content/static/\(path): error: would overwrite the generated `\(path)`; rename or remove it"
                ])
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func outputThatWouldSwallowTheContentIsRefused() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "valid", into: folder)
        let before = try FixtureSite.tree(content)
        for output in [folder, content, content.appendingPathComponent("skills")] {
            #expect(throws: BuildFailure.self) {
                try SiteBuilder.build(FixtureSite.options(content: content, output: output))
            }
        }
        #expect(try FixtureSite.tree(content) == before)
    }

    @Test func writerRefusesPathsOutsideTheOutput() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        for path in [
            "../escape.html", "a/../../escape.html", "/etc/escape.html", "a//b.html", "./a.html", "a\\..\\b.html",
        ] {
            #expect(throws: OutputFolder.WriteError.self) {
                try OutputFolder.write(
                    [OutputFile(path: path, text: "x")], into: folder.appendingPathComponent("site"), from: .disk)
            }
        }
        #expect(throws: OutputFolder.WriteError.self) {
            try OutputFolder.write(
                [OutputFile(path: "a.html", text: "1"), OutputFile(path: "A.html", text: "2")],
                into: folder.appendingPathComponent("other"), from: .disk)
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.html").path))
    }
}

extension URL {
    /// Creates the parent folder and returns self, for one-line fixture writes.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
