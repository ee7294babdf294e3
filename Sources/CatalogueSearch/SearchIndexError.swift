import VoteStore

/// Why a search index could not be opened, updated or asked: the vote store's error (each names
/// its database and what to do), since both live in the same databases and reach the user the
/// same way.
public typealias SearchIndexError = VoteStoreError

extension VoteStoreError {
    static func newerSearchSchema(_ database: String, found: Int) -> VoteStoreError {
        VoteStoreError(
            database: database,
            "the search index schema is version \(found), but this sitegen knows versions up to "
                + "\(SearchSchema.latest): it was written by a newer sitegen; use that one (nothing was changed)")
    }
}
