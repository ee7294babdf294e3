import Foundation
import Testing

@testable import PageRendering
@testable import SiteAssembly

/// The writer skips `chmod` only where the umask already gives the published modes, and still
/// sets them on files and folders that were there before it.
@Suite struct CreationMaskTests {
    @Test func theMaskIsReadFromTheStatusText() {
        #expect(CreationMask.parse(status: "Name:\tsitegen\nUmask:\t0022\nState:\tR (running)\n") == 0o022)
        #expect(CreationMask.parse(status: "Umask:\t0077\n") == 0o077)
        #expect(CreationMask.parse(status: "Name:\tsitegen\nState:\tR (running)\n") == nil)
        #expect(CreationMask.parse(status: "Umask:\tnine\n") == nil)
    }

    @Test func filesAndFoldersAlreadyThereGetThePublishedModes() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: site.appendingPathComponent("a/b.html"))
        #expect(chmod(site.appendingPathComponent("a").path, 0o700) == 0)
        #expect(chmod(site.appendingPathComponent("a/b.html").path, 0o600) == 0)

        try OutputFolder.write(
            [OutputFile(path: "a/b.html", text: "new"), OutputFile(path: "a/c/d.html", text: "d")],
            into: site, from: .disk)

        #expect(try String(contentsOf: site.appendingPathComponent("a/b.html"), encoding: .utf8) == "new")
        for (path, mode) in ["a": 0o755, "a/b.html": 0o644, "a/c": 0o755, "a/c/d.html": 0o644] as [String: mode_t] {
            var status = stat()
            #expect(lstat(site.appendingPathComponent(path).path, &status) == 0)
            #expect(status.st_mode & 0o7777 == mode, "\(path)")
        }
    }
}
