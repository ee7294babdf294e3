import ContentLoading
import Foundation
import SiteAssembly
import Testing

@testable import SiteServer

/// A build whose files the output folder cannot take. `serve` answers from memory, so it goes on
/// serving the build from there and says the folder could not be written; `collect`, whose pages
/// a host serves from the folder, counts the build as failed, since the folder does not show it.
@Suite struct UnwrittenBuildTests {
    @Test(arguments: [true, false])
    func aBuildTheFolderCannotTakeIsServedFromMemoryOnlyUnderServe(servesFromMemory: Bool) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unwritten-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try TestServer.writeContent(to: content, siteYAML: "title: Unwritten\n")
        let options = BuildOptions(
            content: ContentLocation(root: content, display: "Content"), templates: nil,
            output: root.appendingPathComponent("Public"), outputDisplay: "Public")
        let lines = Lines()
        let rebuilder = SiteRebuilder(options: options, say: lines.append, servesFromMemory: servesFromMemory)
        await rebuilder.watchPrecisely(true)
        await rebuilder.rebuild(because: "start")

        // An empty folder where the page goes: the new page cannot be renamed over it.
        let page = root.appendingPathComponent("Public/skills/games/dice-roller/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: false)
        let skill = content.appendingPathComponent("skills/games/dice-roller.md")
        try Data("---\nname: Dice Roller\ngroup: Games\n---\nRolls two dice.\n".utf8).write(to: skill)
        await rebuilder.rebuildIfChanged(paths: [skill.path])
        // Under `serve` the build is done before its files are written: wait for the writing.
        for _ in 0..<100 where !lines.all.contains(where: { $0.hasPrefix("Public: error: cannot write the site: ") }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(lines.all.contains { $0.hasPrefix("Public: error: cannot write the site: ") }, "\(lines.all)")

        let held = rebuilder.pending.entry(at: "/skills/games/dice-roller/index.html")
        let heldPage: String? = if case .file(let data, _) = held { String(decoding: data, as: UTF8.self) } else { nil }
        if servesFromMemory {
            #expect(heldPage?.contains("Rolls two dice.") == true, "\(String(describing: held))")
            #expect(lines.all.contains { $0.hasPrefix("Built in") && $0.contains("dice-roller.md changed") })
            #expect(
                lines.all.contains(
                    "Public/ could not be written; serving the last build from memory until one is written"))
        } else {
            #expect(held == nil)
            #expect(lines.all.contains { $0.hasPrefix("Build failed") }, "\(lines.all)")
            #expect(!lines.all.contains { $0.contains("from memory") }, "\(lines.all)")
        }
    }
}
