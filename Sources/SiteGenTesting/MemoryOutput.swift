import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import SiteAssembly

/// A built site held in a dictionary, path → bytes: for tests, which build whole sites without
/// a folder. Writing follows the output folder's rules (`OutputPaths`), so a build that the
/// disk would refuse fails here too.
public final class MemoryOutput: OutputSink {
    /// The committed site.
    public private(set) var files: [String: Data] = [:]
    private var staged: [String: Data] = [:]
    private var paths = OutputPaths()
    /// Of the files written since the last commit or discard.
    public private(set) var unchanged = 0
    /// Whether nothing was written since the last commit or discard: the next write starts a build.
    private var between = true
    public var note: String? { nil }

    public init() {}

    public func write(_ batch: [OutputFile], from content: ContentSource) throws {
        if between {
            // Counted afresh per build, but kept after the commit for the build's report.
            unchanged = 0
            between = false
        }
        for file in batch { try paths.claim(file.path) }
        for file in batch {
            let data = try file.bytes(from: content)
            if files[file.path] == data { unchanged += 1 }
            staged[file.path] = data
        }
    }

    public func commit() throws {
        files = staged
        restart()
    }

    public func discard() { restart() }

    private func restart() {
        staged = [:]
        paths = OutputPaths()
        between = true
    }
}
