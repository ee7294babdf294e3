import GRDB

/// What went wrong with SQLite, with its result code: GRDB's description repeats the statement
/// (which may hold a voter's data), and the code is what the SQLite manual indexes.
package enum SQLiteProblem {
    package static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message.map { "SQLite error \(error.resultCode.rawValue): \($0)" } ?? "\(error)"
        }
        return "\(error)"
    }
}
