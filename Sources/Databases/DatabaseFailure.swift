/// Why a database (the vote store's, the search index's) could not be opened or used: each says
/// which database and what to do.
public struct DatabaseFailure: Error, Equatable, CustomStringConvertible {
    /// The database as the user named it (a path, or a URL without its password).
    public var database: String
    public var problem: String
    /// The server could not be reached or did not answer in time: the same request may work in
    /// a few seconds (a 503 with `Retry-After`, not a 500).
    public var unavailable: Bool

    public init(database: String, _ problem: String, unavailable: Bool = false) {
        self.database = database
        self.problem = problem
        self.unavailable = unavailable
    }

    /// What a client that got a 503 should wait, in seconds, before sending it again.
    public static let retryAfterSeconds = 5

    public var description: String { "\(database): \(problem)" }

    /// Runs `body`, turning whatever it throws into an error naming `database`, in the words of
    /// `describe` (each backend knows where its library keeps the message).
    package static func naming<T>(
        _ database: String, _ describe: (any Error) -> String,
        _ body: () async throws -> T
    ) async throws(DatabaseFailure) -> T {
        do {
            return try await body()
        } catch {
            throw DatabaseFailure(database: database, describe(error))
        }
    }
}
