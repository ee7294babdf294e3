import Foundation
import Testing

/// The author's loop from nothing (#24): `sitegen init`, `sitegen new skill`, and builds of the
/// result from a folder with no repository beside it, so the theme must come from the binary.
@Suite struct StarterCommandTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func sitegen(_ arguments: [String], in directory: URL) throws -> SitegenExecutable.Run {
        let executable = try #require(SitegenExecutable.url, "swift test builds the sitegen product beside the tests")
        return try SitegenExecutable.run(executable, arguments, in: directory)
    }

    @Test func initThenBuildMakesASiteInAnEmptyFolder() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let started = try sitegen(["init", "shop"], in: root)
        #expect(started.status == 0, "\(started.errorOutput)")
        #expect(started.output.contains("cd shop") && started.output.contains("sitegen serve"))
        let catalogue = root.appendingPathComponent("shop")
        #expect(
            try String(contentsOf: catalogue.appendingPathComponent(".gitignore"), encoding: .utf8).contains("Public/"))

        let built = try sitegen(["build"], in: catalogue)
        #expect(built.status == 0, "\(built.errorOutput)")
        #expect(built.errorOutput.isEmpty, "a new catalogue builds without warnings: \(built.errorOutput)")
        #expect(built.output.contains("Built 2 skills in 2 groups"), "\(built.output)")
        let page = try String(
            contentsOf: catalogue.appendingPathComponent("Public/skills/tools/unit-converter/index.html"),
            encoding: .utf8)
        #expect(page.contains("<h1>Unit Converter</h1>"))
        #expect(page.contains("rating-average\">4.5<"))
        #expect(
            FileManager.default.fileExists(
                atPath: catalogue.appendingPathComponent("Public/skills/fun/coin-flip/index.html").path))
        #expect(
            FileManager.default.fileExists(atPath: catalogue.appendingPathComponent("Public/assets/style.css").path))
    }

    @Test func initRefusesAFolderThatHoldsAnything() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("mine".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let refused = try sitegen(["init"], in: root)
        #expect(refused.status == 1)
        #expect(refused.errorOutput.contains("is not empty (it holds notes.txt)"), "\(refused.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["notes.txt"])
    }

    @Test func newSkillThenBuildHasItsPage() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try sitegen(["init"], in: root).status == 0)
        let added = try sitegen(["new", "skill", "tools/egg-timer"], in: root)
        #expect(added.status == 0, "\(added.errorOutput)")
        #expect(added.output.contains("Content/skills/tools/egg-timer.md"))
        let built = try sitegen(["build"], in: root)
        #expect(built.status == 0, "\(built.errorOutput)")
        let page = try String(
            contentsOf: root.appendingPathComponent("Public/skills/tools/egg-timer/index.html"), encoding: .utf8)
        #expect(page.contains("<h1>Egg Timer</h1>"))
        #expect(page.contains("Tools</a>"))

        let again = try sitegen(["new", "skill", "tools/egg-timer"], in: root)
        #expect(again.status == 1)
        #expect(again.errorOutput.contains("exists already"))
    }

    @Test func aNameThatIsNoSlugIsRefusedWithAProposal() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try sitegen(["new", "skill", "Kitchen Tools/Egg Timer!"], in: root)
        #expect(refused.status == 1)
        #expect(
            refused.errorOutput.contains("try `sitegen new skill kitchen-tools/egg-timer`"), "\(refused.errorOutput)")
        let single = try sitegen(["new", "skill", "timer"], in: root)
        #expect(single.errorOutput.contains("try `sitegen new skill tools/timer`"), "\(single.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))
    }

    @Test func versionNamesTheReleaseTheCommitAndTheAllocator() throws {
        let run = try sitegen(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        // A git checkout gives the commit; a source archive without .git says so. The allocator is
        // mimalloc only when the link put it before the C library: the command's malloc is then its.
        let line = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            line.wholeMatch(
                of:
                    /sitegen [0-9]+\.[0-9]+\.[0-9]+, commit ([0-9a-f]{12}( \(modified\))?|unknown), allocator mimalloc [0-9]+\.[0-9]+\.[0-9]+/
            ) != nil,
            "\(line)")
    }
}
