import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The writer refuses every path that could leave the output folder or means something else on
/// another host, before it writes anything of the batch.
@Suite struct BatchWriterPathTests {
    @Test(arguments: ["a\\b.html", "a\0b.html", "../up.html", "a/./b.html", "a//b.html", "/root.html", ""])
    func pathsThatCouldLeaveTheFolderAreRefused(_ path: String) throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let writer = BatchWriter(folder: folder.path, previous: nil)
        #expect(throws: OutputFolder.WriteError.self) {
            try writer.write(
                [OutputFile(path: "fine.html", text: "x"), OutputFile(path: path, text: "y")], from: .disk)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("fine.html").path))
    }

    @Test func plainPathsAreWritten() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try BatchWriter(folder: folder.path, previous: nil).write(
            [OutputFile(path: "a/b/c.html", text: "x")], from: .disk)
        #expect(try String(contentsOf: folder.appendingPathComponent("a/b/c.html"), encoding: .utf8) == "x")
    }

    /// Folders are made a depth at a time; a later batch's new folders may start below old ones.
    @Test func laterBatchesMakeFoldersBelowEarlierOnes() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let writer = BatchWriter(folder: folder.path, previous: nil)
        try writer.write([OutputFile(path: "a/b/c.html", text: "x")], from: .disk)
        try writer.write(
            [OutputFile(path: "a/b/d/e/f.html", text: "y"), OutputFile(path: "g/h.html", text: "z")], from: .disk)
        #expect(try String(contentsOf: folder.appendingPathComponent("a/b/d/e/f.html"), encoding: .utf8) == "y")
        #expect(try String(contentsOf: folder.appendingPathComponent("g/h.html"), encoding: .utf8) == "z")
    }

    /// Files are made relative to the open folder, but a failure names the whole path and the
    /// system's reason: a folder where a file goes, a file where a folder goes.
    @Test func aFailureNamesTheWholePathAndWhy() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let writer = BatchWriter(folder: folder.path, previous: nil)
        try writer.write([OutputFile(path: "taken/inside.html", text: "x")], from: .disk)
        let file = #expect(throws: OutputFolder.WriteError.self) {
            try BatchWriter(folder: folder.path, previous: nil).write(
                [OutputFile(path: "taken", text: "y")], from: .disk)
        }
        #expect(file?.description == "cannot create `\(folder.path)/taken`: \(String(cString: strerror(EISDIR)))")
        try "z".write(to: folder.appendingPathComponent("plain"), atomically: false, encoding: .utf8)
        let folderError = #expect(throws: OutputFolder.WriteError.self) {
            try BatchWriter(folder: folder.path, previous: nil).write(
                [OutputFile(path: "plain/below.html", text: "w")], from: .disk)
        }
        #expect(
            folderError?.description
                == "cannot create `\(folder.path)/plain/below.html`: \(String(cString: strerror(ENOTDIR)))")
    }
}
