import ArgumentParser
import CatalogueModel
import ContentLoading
import Foundation
import VoteStore

struct ImportVotes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "votes",
        abstract: "Record the votes of an events file (.jsonl) in the ratings database.",
        discussion: """
            The way back from `sitegen export votes`: each line's skill, stars, user, timestamp and comment (when the \
            line has one) is recorded as `sitegen collect` records a vote, one vote per voter per skill, a later vote \
            replacing the voter's earlier one and never the other way round, so importing a file twice changes \
            nothing. Every line needs a user and a timestamp; a line that is not such a vote stops the import before \
            anything is recorded. A missing SQLite file is created.
            """
    )

    @Argument(help: ArgumentHelp("The events file, as `sitegen export votes` writes it.", valueName: "file"))
    var file: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder holding site.yml, whose ratings.database is used when --ratings-database is not given.",
            valueName: "dir"))
    var content = "Content"

    @OptionGroup var database: RatingsDatabaseOption

    func run() async throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let named = try database.required(content: content)
            let text: String
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file, relativeTo: cwd))
                guard let decoded = String(data: data, encoding: .utf8) else {
                    throw BuildFailure([
                        .error(file, "is not UTF-8 text; an events file is UTF-8 JSON, one vote a line")
                    ])
                }
                text = decoded
            } catch let failure as BuildFailure {
                throw failure
            } catch {
                throw BuildFailure([.error(file, "cannot read the votes: \(error.localizedDescription)")])
            }
            let votes = try VoteEventLines.votes(in: text, file: file)
            let outcomes: [VoteRecording]
            do {
                outcomes = try await named.withStore(create: true) { store in
                    var outcomes: [VoteRecording] = []
                    for vote in votes { outcomes.append(try await store.record(vote)) }
                    return outcomes
                }
            } catch let error as VoteStoreError {
                throw BuildFailure([.error(error.database, error.problem)])
            } catch {
                throw BuildFailure([.error(named.display, "\(error)")])
            }
            let added = outcomes.filter { $0 == .added }.count
            let replaced = outcomes.filter { $0 == .replaced }.count
            let kept = outcomes.count - added - replaced
            FileHandle.standardError.write(
                Data(
                    ("Imported \(votes.count.grouped) vote\(votes.count == 1 ? "" : "s") from \(file) → \(named.display): "
                        + "\(added.grouped) new, \(replaced.grouped) replacing a voter's earlier vote, "
                        + "\(kept.grouped) older than the vote stored (not recorded)\n").utf8))
        } catch let failure as BuildFailure {
            throw Report.fail(failure, verb: "import")
        }
    }
}
