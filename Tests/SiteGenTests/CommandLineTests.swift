import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// What a user sees from the real `sitegen`: every problem on standard error, like a compiler,
/// and the exit status CI relies on.
@Suite struct CommandLineTests {
    @Test func errorsExitOneWithEveryProblemSorted() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FileManager.default.copyItem(
            at: FixtureSite.fixture("invalid/many-problems"), to: folder.appendingPathComponent("Content"))
        let run = try SitegenExecutable.run(sitegen, ["build"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errorOutput.split(separator: "\n").map(String.init)
                == InvalidFixtureTests.manyProblems + ["build failed: 5 errors, 2 warnings"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public").path))
    }

    @Test func warningsAloneExitZeroAndStrictExitsOne() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FileManager.default.copyItem(
            at: FixtureSite.fixture("invalid/unknown-key"), to: folder.appendingPathComponent("Content"))
        let warning =
            "Content/skills/typo.md:4:1: warning: unknown front-matter key `descripton`; did you mean `description`? (the description is the Markdown text after the closing `---`)"

        let check = try SitegenExecutable.run(sitegen, ["check"], in: folder)
        #expect(check.status == 0)
        #expect(check.errorOutput == warning + "\n")
        #expect(
            check.output == "Checked 1 skill and 0 ratings, 11 pages rendered and link-checked: no errors, 1 warning\n")

        let build = try SitegenExecutable.run(sitegen, ["build"], in: folder)
        #expect(build.status == 0)
        #expect(build.errorOutput == warning + "\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public/index.html").path))

        for command in ["check", "build"] {
            let strict = try SitegenExecutable.run(sitegen, [command, "--strict", "--output", "Strict"], in: folder)
            #expect(strict.status == 1)
            #expect(
                strict.errorOutput == warning.replacingOccurrences(of: ": warning: ", with: ": error: ")
                    + "\n\(command) failed: 1 error\n")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Strict").path))
    }

    @Test func checkNeverWrites() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FileManager.default.copyItem(at: FixtureSite.fixture("valid"), to: folder.appendingPathComponent("Content"))
        let run = try SitegenExecutable.run(sitegen, ["check"], in: folder)
        #expect(run.status == 0)
        #expect(run.output == "Checked 5 skills and 97 ratings, 19 pages rendered and link-checked: no errors\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Content"])
    }

    /// `--verbose` ends with a time per stage, in pipeline order, the total, and how many files were kept.
    @Test func verboseBuildPrintsATimePerStage() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FileManager.default.copyItem(at: FixtureSite.fixture("valid"), to: folder.appendingPathComponent("Content"))
        let run = try SitegenExecutable.run(sitegen, ["build", "--verbose"], in: folder)
        #expect(run.status == 0, "\(run.errorOutput)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let stages = lines.filter { $0.hasPrefix("  ") }
        #expect(
            stages.map { $0.split(separator: " ").dropLast(2).joined(separator: " ") }
                == [
                    "load", "images", "templates", "model", "render setup", "plan", "render", "link check", "write",
                    "total",
                ],
            "\(run.output)")
        #expect(stages.allSatisfy { $0.hasSuffix(" s") })
        #expect(lines.last?.hasSuffix("files unchanged") == true)
    }
}
