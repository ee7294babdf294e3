import Foundation
import Testing

/// The layers hold only while nothing imports upward; the compiler does not refuse it on its own
/// (SwiftPM lets a target import any module already built), so `scripts/check-layers` does.
@Suite struct LayerTests {
    @Test func everyTargetImportsOnlyTheLayersBelowIt() throws {
        let run = try checkLayers([])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("every target imports only the layers below it"))
    }

    /// The checker itself: upward, sideways and unlisted imports, a target without a row, an
    /// upward dependency in Package.swift and file APIs in the model are each reported.
    @Test func theCheckerFindsEachKindOfLeak() throws {
        let run = try checkLayers(["--self-test"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("self-test: ok"))
    }

    private func checkLayers(_ arguments: [String]) throws -> SitegenExecutable.Run {
        try SitegenExecutable.python("scripts/check-layers", arguments)
    }
}
