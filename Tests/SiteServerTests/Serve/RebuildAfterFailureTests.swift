import CatalogueModel
import ContentLoading
import Foundation
import SiteAssembly
import Synchronization
import Testing

@testable import SiteServer

/// A build that fails before the kept site sees its changed paths (the ratings database could
/// not be read) must not lose them: the kept build keeps what it was not told about (the theme,
/// the skills), so the next build looks at every file and shows the change.
@Suite struct RebuildAfterFailureTests {
    @Test func aTemplateEditedWhileTheDatabaseWasDownShowsAfterIt() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rebuild-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        let templates = root.appendingPathComponent("Templates")
        let skill = content.appendingPathComponent("skills/games/dice.md")
        let footer = templates.appendingPathComponent("footer.mustache")
        for folder in [skill.deletingLastPathComponent(), templates] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("---\nname: Dice\ngroup: Games\n---\nRolls dice.\n".utf8).write(to: skill)
        try Data("<footer>first footer</footer>\n".utf8).write(to: footer)
        let options = BuildOptions(
            content: ContentLocation(root: content, display: "Content"), templates: templates,
            output: root.appendingPathComponent("Public"))
        let databaseDown = Mutex(false)
        let rebuilder = SiteRebuilder(
            options: options, say: { _ in },
            recordedVotes: { () async throws(BuildFailure) -> RecordedVotes? in
                if databaseDown.withLock({ $0 }) { throw BuildFailure([.error("ratings database", "unreachable")]) }
                return nil
            })
        await rebuilder.watchPrecisely(true)
        await rebuilder.rebuild(because: "start")
        let index = root.appendingPathComponent("Public/index.html")
        #expect(try String(contentsOf: index, encoding: .utf8).contains("first footer"))

        databaseDown.withLock { $0 = true }
        try Data("<footer>second footer</footer>\n".utf8).write(to: footer)
        await rebuilder.rebuildIfChanged(paths: [footer.path])
        #expect(try String(contentsOf: index, encoding: .utf8).contains("first footer"))

        // The database is back; the next change the kernel names is a skill's, not the template's.
        databaseDown.withLock { $0 = false }
        try Data("---\nname: Dice\ngroup: Games\n---\nRolls two dice.\n".utf8).write(to: skill)
        await rebuilder.rebuildIfChanged(paths: [skill.path])
        let page = try String(contentsOf: index, encoding: .utf8)
        #expect(page.contains("second footer"), "\(page.suffix(400))")
    }
}
