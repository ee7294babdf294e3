@testable import CatalogueModel
@testable import ContentLoading
import Foundation
import Testing

/// A kept load reads again only the files whose stamp changed (or that it is told changed).
@Suite struct ParsedContentTests {
    /// The memory source, counting the files it is asked to read.
    final class CountingSource: @unchecked Sendable {
        private let lock = NSLock()
        private var reads: [String] = []
        let site: TestSite

        init(_ site: TestSite) { self.site = site }

        var location: ContentLocation {
            let inner = site.location.source
            let source = ContentSource(status: inner.status, resolved: inner.resolved, linkTarget: inner.linkTarget,
                                       entries: inner.entries,
                                       read: { path, limit throws(RegularFile.Failure) in
                                           self.lock.withLock { self.reads.append(path) }
                                           return try inner.read(path, limit)
                                       },
                                       stamp: inner.stamp)
            return ContentLocation(root: site.content, display: "Content", source: source)
        }

        /// The files read since the last call, by name.
        func taken() -> [String] {
            lock.withLock {
                defer { reads = [] }
                return reads.map { ($0 as NSString).lastPathComponent }.sorted()
            }
        }
    }

    @Test func onlyChangedFilesAreReadAgain() {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n")
        let counting = CountingSource(site)
        var kept = ParsedContent()
        let first = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["a.md", "b.md", "votes.jsonl"])

        let again = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == [])
        #expect(again.skills == first.skills && again.ratings == first.ratings)

        site.skill("g/b", name: "B2", group: "G")
        let edited = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["b.md"])
        #expect(edited.skills.map(\.name).sorted() == ["A", "B2"])

        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n" + #"{"skill":"g/b","stars":2}"# + "\n")
        let voted = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["votes.jsonl"])
        #expect(voted.ratings["g/b"]?.stars.total == 1)

        _ = ContentLoader.load(counting.location, keeping: &kept, changed: [site.content.appendingPathComponent("skills/g/a.md").path])
        #expect(counting.taken() == ["a.md"], "a path said to have changed is read whatever its stamp")
    }
}
