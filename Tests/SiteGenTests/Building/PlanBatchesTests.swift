import Testing

@testable import SiteAssembly

@Suite struct PlanBatchesTests {
    /// Over many plan shapes: the batches take every page and every later file exactly once, in
    /// plan order, each batch about `size` items, and each its share of both.
    @Test(arguments: [0, 1, 2, 7, 255, 256, 257, 1000, 13_004])
    func everyItemOnceInOrder(pages: Int) {
        for files in [0, 1, 3, 256, 513, 20_000] {
            for size in [1, 3, 256] {
                let batches = PlanBatches(pages: pages, files: files, size: size)
                var nextPage = 0
                var nextFile = pages
                for batch in 0..<batches.count {
                    let (batchPages, later) = batches.items(batch)
                    #expect(batchPages.lowerBound == nextPage)
                    #expect(later.lowerBound == nextFile)
                    #expect(batchPages.count + later.count <= size + 2)
                    // Shares: no batch takes more than one item of either kind beyond its fair share.
                    #expect(batchPages.count <= pages / batches.count + 1)
                    #expect(later.count <= files / batches.count + 1)
                    nextPage = batchPages.upperBound
                    nextFile = later.upperBound
                }
                #expect(nextPage == pages, "pages \(pages), files \(files), size \(size)")
                #expect(nextFile == pages + files, "pages \(pages), files \(files), size \(size)")
                #expect(batches.count == max(1, (pages + files + size - 1) / size))
            }
        }
    }

    @Test func anEmptyPlanStillHasTheBatchThatWritesTheOtherFiles() {
        let batches = PlanBatches(pages: 0, files: 0, size: 256)
        #expect(batches.count == 1)
        #expect(batches.items(0) == (0..<0, 0..<0))
    }

    @Test func aSizeBelowOneIsOne() {
        #expect(PlanBatches(pages: 3, files: 2, size: 0).count == 5)
    }

    /// The files made after the pages are spread over the batches, not left to the last ones.
    @Test func laterFilesAreSharedOut() {
        let batches = PlanBatches(pages: 13_004, files: 20_000, size: 256)
        #expect(batches.count == 129)
        let first = batches.items(0)
        #expect(first.pages == 0..<100)
        #expect(first.later == 13_004..<13_159)
        let last = batches.items(batches.count - 1)
        #expect(last.pages.upperBound == 13_004)
        #expect(last.later.upperBound == 33_004)
    }
}
