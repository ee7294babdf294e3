import ArgumentParser
import Foundation
import VoteStore

/// `--ratings-database`, for the commands that read votes from a database.
struct RatingsDatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("ratings-database"),
        help: ArgumentHelp(
            "A SQLite file or a postgres:// URL whose votes count with the rating files. Default: ratings.database in site.yml.",
            valueName: "file-or-url"))
    var ratingsDatabase: String?

    /// The database the option names (a path relative to the current folder), or nil.
    func named() throws -> VoteDatabase? {
        guard let ratingsDatabase else { return nil }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        switch VoteDatabase.named(ratingsDatabase, relativeTo: cwd, displayBase: nil) {
        case .success(let database): return database
        case .failure(let error): throw ValidationError("--ratings-database: \(error.problem)")
        }
    }
}
