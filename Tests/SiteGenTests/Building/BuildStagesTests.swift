import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// One log through every stage, and a time for each named stage.
@Suite struct BuildStagesTests {
    /// A sink whose commit fails, as a full disk would make it.
    final class FailingCommit: OutputSink {
        struct Full: Error, CustomStringConvertible { var description: String { "no space left on device" } }
        var unchanged: Int { 0 }
        var note: String? { nil }
        private(set) var discarded = false
        func write(_ files: [OutputFile], from content: ContentSource) throws {}
        func commit() throws { throw Full() }
        func discard() { discarded = true }
    }

    @Test func aFailureAfterAWarningStillReportsTheWarning() {
        let site = TestSite()
        site.write("site.yml", "titel: Typo\n")
        site.skill("g/x", name: "X", group: "G")
        let sink = FailingCommit()
        do {
            _ = try SiteBuilder.build(site.options(), into: sink)
            Issue.record("the build should fail when the site cannot be put in place")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(
                messages.contains { $0.hasPrefix("Content/site.yml:1:1: warning: unknown site.yml key `titel`") },
                "\(messages)")
            #expect(messages.last == "Public: error: cannot write the site: no space left on device")
        }
        #expect(sink.discarded)
    }

    /// A sink whose first write fails, as a full disk would make it, counting what it is asked.
    final class FailingWrite: OutputSink {
        var unchanged: Int { 0 }
        var note: String? { nil }
        private(set) var writes = 0
        private(set) var committed = false
        private(set) var discarded = false
        func write(_ files: [OutputFile], from content: ContentSource) throws {
            writes += 1
            throw FailingCommit.Full()
        }
        func commit() throws { committed = true }
        func discard() { discarded = true }
    }

    /// A batch is written while the next one renders; a write that fails still stops the build
    /// there: no later batch is written, nothing is committed, and the error is the write's.
    @Test func aFailedWriteStopsTheBuildAtThatBatch() {
        let site = TestSite()
        // More pages than one batch holds (256).
        for i in 0..<300 { site.skill("g/s\(i)", name: "S\(i)", group: "G") }
        let sink = FailingWrite()
        do {
            _ = try SiteBuilder.build(site.options(), into: sink)
            Issue.record("the build should fail when a batch cannot be written")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "Public: error: cannot write the site: no space left on device"
                ])
        }
        #expect(sink.writes == 1)
        #expect(sink.discarded)
        #expect(!sink.committed)
    }

    @Test func everyStageIsNamedAndTimedRenderApartFromTheLinkCheck() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        let built = try site.build()
        #expect(
            built.stages.map(\.name) == [
                "load", "images", "templates", "model", "render setup", "plan", "render", "link check", "write",
            ])
        #expect(built.stages.allSatisfy { $0.seconds >= 0 })
        let checked = try SiteBuilder.check(site.options())
        #expect(
            checked.stages.map(\.name) == [
                "load", "images", "templates", "model", "render setup", "plan", "render", "link check",
            ]
        )
    }

    @Test func verboseLinesShowEachStageThenTheTotal() {
        var report = BuildReport(
            skills: 0, groups: 0, pages: 0, files: 0, votesRead: 0, ratingFiles: 0, warnings: [],
            seconds: 1.5, stages: [("load", 0.25), ("link check", 1.25)])
        report.notes = []
        #expect(report.stageLines == ["  load         0.250 s", "  link check   1.250 s", "  total        1.500 s"])
    }
}
