import PostgresNIO

/// What went wrong with PostgreSQL, in the server's own words where it sent some: PSQLError hides
/// them behind a generic text (it may hold data), and these are ours to show.
package enum PostgresProblem {
    package static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "PostgreSQL: \(message)" + (error.serverInfo?[.sqlState].map { " (\($0))" } ?? "")
            }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError ?? error.commitError ?? error.beginError { return describe(inner) }
        }
        return "\(error)"
    }
}
