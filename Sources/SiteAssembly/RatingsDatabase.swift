import CatalogueModel
import ContentLoading
import Foundation
import VoteStore

/// The one place a build reads the ratings database (`ratings.database` in site.yml, or
/// `--ratings-database`): before the pipeline, which then sees the votes as values
/// (`BuildOptions.recordedVotes`) and counts them as it counts a `.jsonl` events file.
public enum RatingsDatabase {
    /// The database a build of `content` reads: `override` when given, else `ratings.database`
    /// from site.yml (a path relative to the content folder); nil when neither names one.
    public static func named(override: VoteDatabase?, content: ContentLocation) throws(BuildFailure) -> VoteDatabase? {
        if let override { return override }
        // Problems in site.yml are the load stage's to report; here only the one key matters.
        var ignored = DiagnosticLog()
        guard let text = SiteConfigReader.read(content, &ignored).ratingsDatabase else { return nil }
        switch VoteDatabase.named(text, relativeTo: content.root, displayBase: content.display) {
        case .success(let database): return database
        case .failure(let error):
            throw BuildFailure([.error(content.display + "/site.yml", "`ratings.database`: \(error.problem)")])
        }
    }

    /// Reads every vote of the database `named` finds into `options.recordedVotes` (nothing when
    /// none is named). A missing file or an unreachable server fails before anything is written.
    public static func read(into options: inout BuildOptions, override: VoteDatabase?) async throws(BuildFailure) {
        guard let database = try named(override: override, content: options.content) else { return }
        options.recordedVotes = RecordedVotes(display: database.display, votes: try await votes(database))
    }

    public static func votes(_ database: VoteDatabase) async throws(BuildFailure) -> [Vote] {
        do {
            return try await database.readVotes()
        } catch {
            throw BuildFailure([.error(error.database, error.problem)])
        }
    }

    /// Writes the database's votes as an events file at `destination` (replaced whole, never
    /// half-written); returns how many.
    public static func export(_ database: VoteDatabase, to destination: URL, display: String) async throws(BuildFailure) -> Int {
        let votes = try await votes(database)
        do {
            // `Content/ratings/` of a catalogue that had only kept votes in the database.
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(VoteEventLines.text(votes).utf8).write(to: destination, options: .atomic)
        } catch {
            throw BuildFailure([.error(display, "cannot write the votes: \(error.localizedDescription)")])
        }
        return votes.count
    }
}
