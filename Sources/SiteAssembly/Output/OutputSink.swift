import ContentLoading
import Foundation
import PageRendering

/// Where a build puts the site's files: the staging folder beside the output
/// (`OutputFolder.Staging`), or memory (`MemoryOutput`). Batches are written as they are
/// rendered, but nothing is in place until `commit`; `discard` leaves the previous site as it was.
public protocol OutputSink: AnyObject {
    /// One batch of files. A file to copy is read from `content`, the source the site was loaded from.
    func write(_ files: [OutputFile], from content: ContentSource) throws
    /// Puts everything written in place of the previous site.
    func commit() throws
    /// Drops everything written since the last commit.
    func discard()
    /// How many files were already there with the same bytes, and kept.
    var unchanged: Int { get }
    /// What the user should know about how the site was put in place, if anything.
    var note: String? { get }
}

extension OutputFolder.Staging: OutputSink {
    package var note: String? { exchangeFallback }
}
