import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// A build publishes only what is inside the content folder, never hangs on what it finds there,
/// and says so when the content folder is not one (hardening issue, part 1).
@Suite struct ContentBoundaryTests {
    /// A small catalogue under `folder/Content` with one skill and one static file.
    static func catalogue(in folder: URL) throws -> URL {
        try FixtureSite.write(
            [
                "Content/skills/tools/echo.md": "---\nname: Echo\ngroup: Tools\n---\nSays it back.\n",
                "Content/static/hello.txt": "hello\n",
            ], under: folder)
        return folder.appendingPathComponent("Content")
    }

    static func buildErrors(_ content: URL, output: URL) -> [String] {
        do {
            _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    /// `static/.well-known/` is where a site's `security.txt` lives (RFC 9116): published, while
    /// every other hidden file and folder stays out of the site.
    @Test func theWellKnownFolderIsPublishedAndOtherHiddenFilesAreNot() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        try FixtureSite.write(
            [
                "static/.well-known/security.txt": "Contact: mailto:security@example.org\n",
                "static/.well-known/.secret": "hidden inside\n",
                "static/.git/config": "[core]\n",
                "static/.htpasswd": "admin:x\n",
                "static/docs/.well-known/deep.txt": "only at the top\n",
            ], under: content)
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        let published = try FixtureSite.tree(output)
        #expect(published[".well-known/security.txt"] == Data("Contact: mailto:security@example.org\n".utf8))
        let hidden = published.keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(Set(hidden) == [OutputMark.fileName, ".well-known/security.txt"])
        #expect(published["hello.txt"] != nil)
    }

    /// A sparse vote log reads as one line of NUL bytes: refused by its length, without decoding it.
    @Test func aSparseVoteLogIsRefusedOnItsFirstLine() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        let log = content.appendingPathComponent("ratings/votes.jsonl")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        #expect(truncate(log.path, 8 * 1024 * 1024) == 0)
        let errors = Self.buildErrors(content, output: folder.appendingPathComponent("Public"))
        #expect(
            errors == [
                "Content/ratings/votes.jsonl:1:1: error: line 1 is 8,388,608 bytes; a vote takes one line of at most 1,048,576 bytes (1 MiB); the file was not read"
            ])
    }

    /// `ln -s /etc Content/static` must not publish /etc; nor may `skills`, `ratings` or `site.yml`
    /// lead out of the content folder.
    @Test(arguments: ["static", "skills", "ratings", "site.yml"])
    func aTopLevelLinkOutOfTheContentFolderIsAnError(name: String) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        let outside = folder.appendingPathComponent("outside")
        try FixtureSite.write(["outside/secret.txt": "secret\n", "outside/passwd": "root:x:0:0\n"], under: folder)
        let link = content.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: link)
        let target = name == "site.yml" ? outside.appendingPathComponent("passwd") : outside
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let output = folder.appendingPathComponent("Public")
        let errors = Self.buildErrors(content, output: output)
        #expect(
            errors.contains(
                "Content/\(name): error: is a symbolic link to `\(target.path)`, outside the content folder; sitegen reads only what is inside the content folder (a link out could publish any file on this machine), so copy it in instead"
            ), "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aTopLevelLinkThatStaysInsideIsFollowed() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        try FileManager.default.removeItem(at: content.appendingPathComponent("static"))
        try FixtureSite.write(["Content/shared/static/robots.txt": "User-agent: *\n"], under: folder)
        try FileManager.default.createSymbolicLink(
            atPath: content.appendingPathComponent("static").path, withDestinationPath: "shared/static")
        let output = folder.appendingPathComponent("Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(
            try String(contentsOf: output.appendingPathComponent("robots.txt"), encoding: .utf8) == "User-agent: *\n")
    }

    /// A FIFO would block a plain read forever; sockets and devices are no content either.
    @Test(arguments: ["static/pipe", "skills/tools/pipe.md"])
    func aFIFOIsSkippedWithAWarningAndNeverBlocks(path: String) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        #expect(mkfifo(content.appendingPathComponent(path).path, 0o644) == 0)
        let output = folder.appendingPathComponent("Public")
        let report = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(
            report.warnings.map(\.description) == [
                "Content/\(path): warning: is a FIFO (named pipe), not a regular file; skipped"
            ])
        #expect(report.skills == 1)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path))
    }

    @Test func aFileSwappedForAFIFOAfterListingIsRefusedWithoutBlocking() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: RegularFile.Failure.notRegular("a FIFO (named pipe)")) {
            try RegularFile.read(fifo, limit: 100)
        }
    }

    /// Published files are readable by any web server: 0644 and 0755 whatever the umask, and a
    /// file left in the old output with other permissions is written anew, not linked.
    @Test func publishedFilesHaveOrdinaryPermissions() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        #expect(chmod(content.appendingPathComponent("static/hello.txt").path, 0o600) == 0)
        let run = try SitegenExecutable.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 077 && exec \"$0\" build", sitegen.path], in: folder)
        #expect(run.status == 0, "\(run.errorOutput)")
        let output = folder.appendingPathComponent("Public")
        #expect(try Self.modes(below: output).filter { $0.value != ($0.key.hasSuffix("/") ? 0o755 : 0o644) } == [:])

        // Made private by hand: the next build must not keep it so by linking it.
        #expect(chmod(output.appendingPathComponent("hello.txt").path, 0o600) == 0)
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(try Self.modes(below: output)["hello.txt"] == 0o644)
    }

    /// Permission bits of everything below `root`; folders end in `/`.
    static func modes(below root: URL) throws -> [String: mode_t] {
        var modes: [String: mode_t] = [:]
        let paths = try #require(FileManager.default.subpaths(atPath: root.path))
        for path in paths {
            var status = stat()
            #expect(lstat(root.appendingPathComponent(path).path, &status) == 0)
            let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
            modes[path + (isFolder ? "/" : "")] = status.st_mode & 0o7777
        }
        #expect(modes.count > 10)
        return modes
    }

    @Test func aContentPathThatIsAFileIsAnError() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let file = folder.appendingPathComponent("Content")
        try Data("not a folder".utf8).write(to: file)
        let errors = Self.buildErrors(file, output: folder.appendingPathComponent("Public"))
        #expect(
            errors.first
                == "Content: error: is a file, not a folder; pass --content the folder that holds skills/, ratings/ and site.yml"
        )
    }

    @Test func anEmptyContentFolderIsAnErrorUnlessAllowed() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("Public")
        #expect(
            Self.buildErrors(content, output: output) == [
                "Content/skills: error: no skill files found (.md, .json, or SUSI .txt under Content/skills/); check --content, add a skill, or set `allow_empty: true` in site.yml to build an empty catalogue"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
        try Data("allow_empty: true\n".utf8).write(to: content.appendingPathComponent("site.yml"))
        let report = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(report.skills == 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test(arguments: ["skills", "ratings"])
    func aFolderThatIsAFileIsAnError(name: String) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        try? FileManager.default.removeItem(at: content.appendingPathComponent(name))
        try Data("oops".utf8).write(to: content.appendingPathComponent(name))
        #expect(
            Self.buildErrors(content, output: folder.appendingPathComponent("Public")).contains(
                "Content/\(name): error: is a file, not a folder"))
    }

    /// `skills/` or `ratings/` that cannot be read fail the build with the system's reason; they
    /// used to give a site with 0 skills, or silently no ratings. Root reads everything, so the
    /// command runs as `nobody` when the tests run as root.
    @Test(arguments: ["skills", "ratings"])
    func anUnreadableFolderIsAnErrorWithTheReason(name: String) throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        try FixtureSite.write(["Content/ratings/counts.json": "{\"tools/echo\": {\"five_star\": 2}}\n"], under: folder)
        #expect(chmod(folder.path, 0o777) == 0)
        #expect(chmod(content.appendingPathComponent(name).path, 0o000) == 0)
        defer { chmod(content.appendingPathComponent(name).path, 0o755) }
        let run: SitegenExecutable.Run
        if geteuid() == 0 {
            run = try SitegenExecutable.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", sitegen.path, "build"], in: folder)
        } else {
            run = try SitegenExecutable.run(sitegen, ["build"], in: folder)
        }
        #expect(run.status == 1)
        #expect(
            run.errorOutput.contains("Content/\(name): error: cannot read the folder: Permission denied"),
            "\(run.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public").path))
    }

    /// A NUL cut a description short without a word; it is now an error where it stands.
    @Test func controlCharactersInTheCatalogueAreErrorsWithTheirPosition() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try Self.catalogue(in: folder)
        try FixtureSite.write(
            [
                "Content/skills/tools/nul.md":
                    "---\nname: Nul\ngroup: Tools\n---\nBefore\u{0}after, and a bell\u{7}.\n",
                "Content/skills/tools/escaped.json":
                    #"{"skill_name": "Escaped", "group": "Tools", "descriptions": "cut\u0000here"}"#,
                "Content/site.yml": "title: My\u{1B}[31m catalogue\n",
            ], under: folder)
        let errors = Self.buildErrors(content, output: folder.appendingPathComponent("Public"))
        #expect(
            errors == [
                "Content/site.yml:1:10: error: the file holds the control character U+001B (escape), which cannot appear on a page; remove it",
                "Content/skills/tools/escaped.json:1: error: `description` holds the control character U+0000 (NUL), which cannot appear on a page; remove it",
                "Content/skills/tools/nul.md:5:7: error: the file holds the control character U+0000 (NUL) (and 1 more), which cannot appear on a page; remove it",
            ])
    }

    @Test func controlCharactersInSUSIFilesAreRemovedWithAWarning() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FixtureSite.write(
            [
                "Content/models/general/Tools/en/bell.txt":
                    "::name Bell\u{7}Ringer\n::description Rings\u{0} twice\n\nring\n!example:ring\n"
            ], under: folder)
        let output = folder.appendingPathComponent("Public")
        let report = try SiteBuilder.build(
            FixtureSite.options(content: folder.appendingPathComponent("Content"), output: output))
        #expect(
            report.warnings.map(\.description) == [
                "Content/models/general/Tools/en/bell.txt:1:12: warning: control character U+0007 (BEL) and 1 more removed: it cannot appear on a page"
            ])
        let skill = try #require(report.catalogue?.entries.first?.skill)
        #expect(skill.name == "BellRinger")
        #expect(skill.description.contains("Rings twice"))
    }
}
