import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import SiteAssembly

/// A real SUSI repository (fossasia/susi_skill_data) holds a 2.6 MB skill file, very long
/// descriptions, thousands of example lines, CRLF and lone CR, BOMs, invalid UTF-8 and files with
/// nothing but metadata. Limits exist to stop abuse, not to refuse real content: such a repository
/// builds, every good skill is published, and each kind of trouble is one summarised warning.
@Suite struct MessySusiRepositoryTests {
    static let good =
        "::name Good %d\n::author Someone\n::description A good skill.\n\nhello %d\n!example:hello %d\nHi there.\n"

    /// Writes a generated checkout with `goodSkills` good files beside one file of each kind of mess.
    static func repository(in folder: URL, goodSkills: Int) throws -> URL {
        let root = folder.appendingPathComponent("susi_skill_data")
        let language = root.appendingPathComponent("models/general/Messy/en")
        try FileManager.default.createDirectory(at: language, withIntermediateDirectories: true)
        func write(_ name: String, _ bytes: Data) throws { try bytes.write(to: language.appendingPathComponent(name)) }
        for index in 0..<goodSkills {
            try write("good \(index).txt", Data(String(format: good, index, index, index).utf8))
        }
        // Larger than the real 2.6 MB file by far: a description of about 20 MB.
        var huge = Data("::name Enormous\n::description ".utf8)
        huge.append(Data(repeating: 0x61, count: 20 * 1024 * 1024))
        huge.append(Data("\n\nbig\nBig answer.\n".utf8))
        try write("enormous.txt", huge)
        // A 2.6 MB file like the real "Artificial Markup Language.txt": many intents.
        var markup = "::name Artificial Markup Language\n::description A very large skill.\n\n"
        for index in 0..<40_000 {
            markup += "question \(index)|ask \(index)\n!example:question \(index)\nAnswer number \(index).\n\n"
        }
        try write("Artificial Markup Language.txt", Data(markup.utf8))
        try write(
            "long description.txt",
            Data(
                ("::name Long Description\n::description " + String(repeating: "word ", count: 40_000)
                    + "\n\nlong\nLong.\n").utf8))
        try write("long name.txt", Data(("::name " + String(repeating: "Name", count: 100) + "\n\nname\nName.\n").utf8))
        try write(
            "long example.txt",
            Data(
                ("::name Long Example\n\n" + "x|y\n!example:" + String(repeating: "very long ", count: 100)
                    + "\nAnswer.\n").utf8))
        try write(
            "crlf.txt",
            Data(
                "::name Windows Lines\r\n::description Written on Windows.\r\n\r\nhello windows\r\n!example:hello windows\r\nHi.\r\n"
                    .utf8))
        try write(
            "lone cr.txt",
            Data(
                "::name Old Mac Lines\r::description Written on a classic Mac.\r\rhello mac\r!example:hello mac\rHi.\r"
                    .utf8))
        try write("bom.txt", Data([0xEF, 0xBB, 0xBF]) + Data("::name Byte Order Mark\n\nbom\nBom.\n".utf8))
        var latin1 = Data("::name Caf".utf8)
        latin1.append(contentsOf: [0xE9, 0x0A])
        latin1.append(Data("\nlatin\nLatin.\n".utf8))
        try write("latin1.txt", latin1)
        try write(
            "metadata only.txt",
            Data("::name Only Metadata\n::author Nobody\n::description Nothing but metadata.\n".utf8))
        try write("stub.txt", Data("::name <skill name>\n::author <author name>\n".utf8))
        return root
    }

    @Test func aMessyRepositoryBuildsWithOneWarningPerKind() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        _ = try Self.repository(in: folder, goodSkills: 30)
        let run = try SitegenExecutable.run(sitegen, ["build", "--content", "susi_skill_data"], in: folder)
        #expect(run.status == 0, "\(run.errorOutput)")
        let skills = folder.appendingPathComponent("Public/skills/models/general/messy/en")
        let pages = try FileManager.default.contentsOfDirectory(atPath: skills.path).sorted()
        for index in 0..<30 { #expect(pages.contains("good-\(index)"), "good \(index) missing") }
        for page in [
            "artificial-markup-language", "long-description", "crlf", "lone-cr", "bom",
            "latin1", "metadata-only", "long-example", "long-name",
        ] {
            #expect(pages.contains(page), "\(page) missing from \(pages)")
        }
        #expect(!pages.contains("enormous"))
        let lines = run.errorOutput.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains(": error: ") }, "\(run.errorOutput)")
        for expected in [
            "enormous.txt: warning: file is 20,971,568 bytes; the limit is 16,777,216 bytes (16 MiB), so this skill is skipped",
            "long name.txt:1: warning: `name` is 400 characters long; the limit is 200, so it is shortened",
            "long example.txt:1: warning: an example is 999 characters long; the limit is 500, so it is left out",
            "latin1.txt:1:11: warning: not valid UTF-8",
            "Artificial Markup Language.txt:1: warning: 40,000 examples; only the first 100 are published",
            "stub.txt:1:1: warning: `::name <skill name>` is an unfilled template value",
        ] {
            #expect(lines.contains { $0.contains(expected) }, "no warning for \(expected):\n\(run.errorOutput)")
        }
        // Shortened, not dropped: the page carries the first 199 characters and an ellipsis.
        let longName = try String(contentsOf: skills.appendingPathComponent("long-name/index.html"), encoding: .utf8)
        #expect(longName.contains("<h1>" + String(String(repeating: "Name", count: 100).prefix(199)) + "…</h1>"))
    }

    /// Many warnings of a kind are one summary line each, with `--verbose` for all.
    @Test func manyAlikeWarningsAreSummarisedByKind() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let root = try Self.repository(in: folder, goodSkills: 1)
        let language = root.appendingPathComponent("models/general/Messy/en")
        for index in 0..<25 {
            try Data(("::name Long \(index) " + String(repeating: "x", count: 300) + "\n\na\nb\n").utf8)
                .write(to: language.appendingPathComponent("long \(index).txt"))
        }
        let run = try SitegenExecutable.run(sitegen, ["build", "--content", "susi_skill_data"], in: folder)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(
            run.errorOutput.contains("note: 23 more warnings like these (SUSI text shortened)"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("26 SUSI text shortened"), "\(run.errorOutput)")
    }

    @Test func theCatalogueAsAWholeIsBounded() {
        let budget = ReadBudget(limit: 10)
        #expect(budget.take(6))
        #expect(!budget.take(6))
        #expect(budget.take(4))
        #expect(
            budget.exceeded("Content/skills/x.md").description.hasPrefix(
                "Content/skills/x.md: error: the catalogue's skill files together exceed 10 bytes"))
    }
}
