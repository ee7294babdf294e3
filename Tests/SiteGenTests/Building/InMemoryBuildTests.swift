import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// A whole site read from a dictionary and written into one: the same pipeline as on disk.
@Suite struct InMemoryBuildTests {
    @Test(arguments: ["valid", "golden-site", "hostile", "susi-repo"])
    func memoryBuildsWhatTheDiskBuilds(_ fixture: String) throws {
        let folder = FixtureSite.fixture(fixture)
        let fromDisk = TestSite()
        let diskReport = try fromDisk.build(
            BuildOptions(
                content: ContentLocation(root: folder, display: "Content"),
                templates: nil, output: fromDisk.root, outputDisplay: "Public"))
        let inMemory = try TestSite(copying: folder)
        let memoryReport = try inMemory.build()
        #expect(inMemory.outputFiles() == fromDisk.outputFiles())
        for path in fromDisk.outputFiles() where inMemory.built[path] != fromDisk.built[path] {
            Issue.record("\(path) differs between the disk and the memory build")
        }
        #expect(memoryReport.warnings.map(\.description) == diskReport.warnings.map(\.description))
        #expect(memoryReport.files == diskReport.files)
    }

    @Test func imagesAndStaticFilesAreCopiedFromTheContentSource() throws {
        let site = TestSite()
        let image = SmallImage.png
        site.write("images/pic.png", data: image)
        site.write("static/favicon.ico", "ico")
        site.skill("g/x", name: "X", group: "G", image: "images/pic.png")
        try site.build()
        #expect(site.built["media/images/pic.png"] == image)
        #expect(try site.read("favicon.ico") == "ico")
    }

    @Test func aMissingImageInMemoryIsTheDisksWarning() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G", image: "images/none.png")
        let report = try site.build()
        let warnings = report.warnings.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Content/skills/g/x.md") == true, "\(warnings)")
        #expect(
            warnings.first?.hasSuffix(
                "warning: image `images/none.png` not found in Content/; the page shows a placeholder") == true,
            "\(warnings)")
    }

    @Test func userTemplatesAreReadFromTheSource() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        site.template("footer.mustache", "<footer>from memory</footer>")
        site.template("assets/extra.css", "b{}")
        try site.build(templates: site.templates)
        #expect(try site.read("index.html").contains("<footer>from memory</footer>"))
        #expect(try site.read("assets/extra.css") == "b{}")
    }

    /// A partial that includes itself twice never ends: the build stops with the template and
    /// the page named instead of running for ever. The limit only catches a build that runs on
    /// for ever: each rendering takes a million expansions to give up (seconds in a debug build,
    /// and once over a minute beside the rest of the suite on two loaded cores).
    @Test(.timeLimit(.minutes(5))) func aTemplateThatNeverEndsFailsTheBuild() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        site.template("_boom.mustache", "{{>_boom}}{{>_boom}}")
        site.template("skill.mustache", "{{<layout}}{{$main}}{{>_boom}}{{/main}}{{/layout}}")
        do {
            try site.build(templates: site.templates)
            Issue.record("the build succeeded")
        } catch {
            let messages = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(messages.contains("Templates/skill.mustache"), "\(messages)")
            #expect(messages.contains("rendering `skills/g/x/index.html` never ends"), "\(messages)")
        }
    }

    /// The same for a fragment drawn deep inside the renderer: a star row that never ends fails
    /// the build instead of publishing cut-short markup (each of the site's star rows gives up
    /// on its own, hence the limit as above).
    @Test(.timeLimit(.minutes(5))) func aFragmentThatNeverEndsFailsTheBuild() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        site.write("ratings/counts.json", #"{"g/x": {"five_star": 3}}"#)
        site.template("_stars.mustache", "<svg>{{>_stars}}{{>_stars}}</svg>")
        do {
            try site.build(templates: site.templates)
            Issue.record("the build succeeded")
        } catch {
            let messages = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(messages.contains("Templates/_stars.mustache"), "\(messages)")
            #expect(messages.contains("rendering this template never ends"), "\(messages)")
        }
    }

    /// Memory, counting the batches written into it.
    final class CountedOutput: OutputSink {
        let memory = MemoryOutput()
        private(set) var batches = 0
        func write(_ files: [OutputFile], from content: ContentSource) throws {
            batches += 1
            try memory.write(files, from: content)
        }
        func commit() throws { try memory.commit() }
        func discard() { memory.discard() }
        var unchanged: Int { memory.unchanged }
        var note: String? { memory.note }
    }

    /// A site built in many batches, each with its share of the pages and of the API files and
    /// badges (`PlanBatches`), is the site built in one.
    @Test func batchesOfAnySizeBuildTheSameSite() throws {
        let site = try TestSite(copying: FixtureSite.fixture("valid"))
        var sites: [[String: Data]] = []
        var batches: [Int] = []
        for size in [1, 7, 1_000_000] {
            var options = site.options()
            options.batchSize = size
            let output = CountedOutput()
            let report = try SiteBuilder.build(options, into: output)
            #expect(report.files == output.memory.files.count)
            sites.append(output.memory.files)
            batches.append(output.batches)
        }
        #expect(sites[2].count > 20)
        #expect(sites[2].keys.contains { $0.hasPrefix("api/skills/") })
        #expect(sites[0] == sites[2])
        #expect(sites[1] == sites[2])
        #expect(batches[0] > batches[1] && batches[1] > batches[2] && batches[2] == 1, "\(batches)")
    }

    @Test func aSecondBuildCountsTheFilesItKept() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        let output = MemoryOutput()
        let first = try SiteBuilder.build(site.options(), into: output)
        #expect(first.unchangedFiles == 0)
        site.skill("g/y", name: "Y", group: "G")
        let second = try SiteBuilder.build(site.options(), into: output)
        #expect(second.unchangedFiles > 0 && second.unchangedFiles < second.files)
        #expect(output.files["skills/g/y/index.html"] != nil)
        let third = try SiteBuilder.build(site.options(), into: output)
        #expect(third.unchangedFiles == third.files, "each build counts its own kept files")
    }

    /// A build frees what it made once its report is gone, unless told to leave it to the
    /// process (`sitegen build`, which exits next).
    @Test(arguments: [true, false])
    func aBuildFreesItsCatalogueUnlessToldToLeaveIt(frees: Bool) throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        var options = site.options()
        options.freesMemory = frees
        weak var entry: Catalogue.Entry?
        do {
            let report = try SiteBuilder.build(options, into: MemoryOutput())
            entry = report.catalogue?.entries.first
            #expect(entry != nil)
        }
        #expect((entry == nil) == frees)
    }

    @Test func aFailedBuildLeavesTheMemorySiteAsItWas() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        let output = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: output)
        let before = output.files
        site.write("skills/g/bad.md", "---\nname: [\n---\n")
        #expect(throws: BuildFailure.self) { try SiteBuilder.build(site.options(), into: output) }
        #expect(output.files == before)
    }

    @Test func memoryOutputKeepsTheOutputFoldersPathRules() {
        let output = MemoryOutput()
        #expect(throws: OutputFolder.WriteError.self) {
            try output.write([OutputFile(path: "../escape.html", text: "x")], from: .memory([:]))
        }
        #expect(throws: OutputFolder.WriteError.self) {
            try output.write(
                [OutputFile(path: "a.html", text: "1"), OutputFile(path: "A.html", text: "2")], from: .memory([:]))
        }
    }
}
