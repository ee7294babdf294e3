import ArgumentParser
import ContentLoading
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

    /// For the commands that work on a database (`export votes`, `import votes`): the option's, else
    /// `ratings.database` in the site.yml of `content` (a folder relative to the current one).
    func required(content: String) throws -> VoteDatabase {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let location = ContentLocation(
            root: URL(fileURLWithPath: content, relativeTo: cwd).standardizedFileURL, display: content)
        guard let database = try RatingsDatabase.named(override: try named(), content: location) else {
            throw ValidationError(
                "no ratings database: pass --ratings-database FILE-OR-URL, or set ratings.database in \(content)/site.yml"
            )
        }
        return database
    }
}
