import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import SiteAssembly

/// A rebuild keeps files whose bytes did not change, so deploy tools that sync by modification
/// time upload only what changed.
@Suite struct UnchangedFilesTests {
    @Test func aNoChangeRebuildKeepsEveryFileAndAnEditRewritesOnlyWhatChanged() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FixtureSite.write(
            [
                "skills/news/a.md": "---\nname: Alpha\ngroup: News\n---\nFirst.\n",
                // In another group, so Beta's page shows no related card of Alpha's.
                "skills/news/b.md": "---\nname: Beta\ngroup: Sports\n---\nSecond.\n",
            ], under: content)
        let output = folder.appendingPathComponent("Public")
        let options = FixtureSite.options(content: content, output: output)
        let first = try SiteBuilder.build(options)
        #expect(first.unchangedFiles == 0)
        func inode(_ path: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            return (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
        }
        let betaBefore = try inode("skills/news/b/index.html")
        let alphaBefore = try inode("skills/news/a/index.html")

        let again = try SiteBuilder.build(options)
        #expect(again.unchangedFiles == again.files)
        #expect(try inode("skills/news/b/index.html") == betaBefore)

        try FixtureSite.write(
            ["skills/news/a.md": "---\nname: Alpha\ngroup: News\n---\nFirst, edited.\n"], under: content)
        let edited = try SiteBuilder.build(options)
        #expect(edited.unchangedFiles < edited.files)
        #expect(try inode("skills/news/b/index.html") == betaBefore)
        #expect(try inode("skills/news/a/index.html") != alphaBefore)
        let page = try TestSupport.read(output.appendingPathComponent("skills/news/a/index.html"))
        #expect(page.contains("First, edited."))
    }

    @Test func aFileEditedByHandInTheOutputIsPutBack() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let output = folder.appendingPathComponent("Public")
        let options = FixtureSite.options(content: FixtureSite.fixture("valid"), output: output)
        _ = try SiteBuilder.build(options)
        let style = output.appendingPathComponent("assets/style.css")
        let original = try Data(contentsOf: style)
        try Data("edited".utf8).write(to: style)
        let report = try SiteBuilder.build(options)
        #expect(try Data(contentsOf: style) == original)
        #expect(report.unchangedFiles == report.files - 1)
    }

    @Test func aLinkInThePreviousOutputIsNeverCarriedOver() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let output = folder.appendingPathComponent("Public")
        let options = FixtureSite.options(content: FixtureSite.fixture("valid"), output: output)
        _ = try SiteBuilder.build(options)
        // A symbolic link whose target holds exactly the bytes the build makes.
        let page = output.appendingPathComponent("404.html")
        let elsewhere = folder.appendingPathComponent("elsewhere.html")
        try FileManager.default.moveItem(at: page, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: page, withDestinationURL: elsewhere)

        _ = try SiteBuilder.build(options)
        let type = try FileManager.default.attributesOfItem(atPath: page.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        #expect(try Data(contentsOf: page) == Data(contentsOf: elsewhere))
    }
}
