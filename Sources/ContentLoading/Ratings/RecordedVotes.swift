import CatalogueModel

/// Votes a build read from a ratings database (`ratings.database`, `--ratings-database`) before
/// loading: values, so the load stage stays free of database I/O. They count as the same lines of
/// a `.jsonl` events file would, read after every rating file.
public struct RecordedVotes: Sendable, Equatable {
    /// The database as messages name it (a path, or a URL without its password).
    public var display: String
    public var votes: [Vote]

    public init(display: String, votes: [Vote]) {
        self.display = display
        self.votes = votes
    }
}
