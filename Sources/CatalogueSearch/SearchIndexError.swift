import Databases

/// Why a search index could not be opened, updated or asked: the databases' error (each names
/// its database and what to do), since the index lives in the vote store's databases and reaches
/// the user the same way.
public typealias SearchIndexError = DatabaseFailure
