import CatalogueModel
import ContentLoading
import Foundation

/// The one place a build reads the ratings database (`ratings.database` in site.yml, or
/// `--ratings-database`): the command line calls it before the pipeline, which then sees the
/// votes as values (`BuildOptions.recordedVotes`) and counts them as it counts a `.jsonl`
/// events file. It lives here, not in SiteAssembly, so the engine's library (which the fuzz
/// package links) carries no database code.
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

    /// Every vote of the database `named` finds, or nil when none is named. A missing file or an
    /// unreachable server fails, before anything is built or written.
    public static func recordedVotes(override: VoteDatabase?, content: ContentLocation) async throws(BuildFailure)
        -> RecordedVotes?
    {
        guard let database = try named(override: override, content: content) else { return nil }
        return RecordedVotes(display: database.display, votes: try await votes(database))
    }

    public static func votes(_ database: VoteDatabase) async throws(BuildFailure) -> [Vote] {
        do {
            return try await database.readVotes()
        } catch {
            throw BuildFailure([.error(error.database, error.problem)])
        }
    }
}
