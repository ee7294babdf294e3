import ArgumentParser
import CatalogueModel
import ContentLoading
import Foundation
import VoteStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write data sitegen keeps elsewhere as content files.",
        subcommands: [ExportVotes.self]
    )
}

struct ExportVotes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "votes",
        abstract: "Write the ratings database's current votes as an events file (.jsonl).",
        discussion: """
            One vote per voter per skill, as the database holds them, in the format of CONTENT/ratings/*.jsonl: for \
            catalogues that keep their votes in git. A build that reads both the database and the export counts each \
            vote once (a voter's vote replaces their earlier one).
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder holding site.yml, whose ratings.database is read when --ratings-database is not given.",
            valueName: "dir"))
    var content = "Content"

    @OptionGroup var database: RatingsDatabaseOption

    @Option(
        name: .long, help: ArgumentHelp("File to write (replaced whole), or - for standard output.", valueName: "file"))
    var to = "-"

    func run() async throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let named = try database.required(content: content)
            let votes = try await RatingsDatabase.votes(named)
            let text = Data(VoteEventLines.text(votes).utf8)
            if to == "-" {
                FileHandle.standardOutput.write(text)
                return
            }
            let destination = URL(fileURLWithPath: to, relativeTo: cwd)
            do {
                // `Content/ratings/` of a catalogue that has kept its votes only in the database so far.
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Replaced whole, never left half-written.
                try text.write(to: destination, options: .atomic)
            } catch {
                throw BuildFailure([.error(to, "cannot write the votes: \(error.localizedDescription)")])
            }
            let count = votes.count
            FileHandle.standardError.write(
                Data("Exported \(count.grouped) vote\(count == 1 ? "" : "s") from \(named.display) → \(to)\n".utf8))
        } catch let failure as BuildFailure {
            throw Report.fail(failure, verb: "export")
        }
    }
}
