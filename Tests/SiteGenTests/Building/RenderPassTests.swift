import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// A batch's pages and the files made after them are made in one pass on all cores
/// (`SiteRenderer.make(_:pages:later:looking:)`): it must give what making each apart gives,
/// pages first, then files, each in plan order, whatever the ranges, with one look per run of
/// pages (and none for the files).
@Suite struct RenderPassTests {
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func oneKindAfterTheOtherAsEachMadeApart(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let renderer = KeptPlanTests.renderer(&random)
        let plan = renderer.plan()
        let pages = plan.jobs.count
        let files = plan.fileJobs.count
        // The splits below take up to page 20 and file 42.
        try #require(pages >= 20 && files >= 42)
        // Ranges that end mid-run, take nothing of one kind, or everything.
        let splits: [(Range<Int>, Range<Int>)] = [
            (0..<pages, pages..<(pages + files)),
            (3..<(3 + 17), (pages + 5)..<(pages + 5 + 37)),
            (0..<0, pages..<(pages + 16)),
            (1..<9, pages..<pages),
        ]
        for (pageRange, later) in splits {
            let made = try renderer.make(plan, pages: pageRange, later: later) { run, _ in run.count }
            let apart =
                try renderer.render(Array(plan.jobs[pageRange]))
                + plan.fileJobs[(later.lowerBound - pages)..<(later.upperBound - pages)].map { $0.make() }
            #expect(made.files.map(\.path) == apart.map(\.path), "\(pageRange), \(later)")
            #expect(made.files == apart, "\(pageRange), \(later)")
            #expect(made.looks.reduce(0, +) == pageRange.count)
            #expect(made.looks.count == (pageRange.count + 7) / 8)
        }
    }
}
