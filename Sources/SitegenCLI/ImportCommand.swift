import ArgumentParser
import Foundation
import PageRendering
import SiteAssembly

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert skills from another format into Markdown skill files, or votes into the ratings database.",
        subcommands: [ImportSusi.self, ImportVotes.self]
    )
}

struct ImportSusi: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "susi",
        abstract: "Convert the .txt skill files of a SUSI skill repository into Markdown skill files.",
        discussion: """
            Reads models/<model>/<group>/<language>/<skill>.txt below REPO-DIR with the rules a build uses and \
            writes <model>/<group>/<language>/<skill>.md below --to, with name, group, language, model, author, \
            author_url, image, examples, dynamic_content, terms_of_use, developer_privacy_policy and tags in the \
            front matter and the description as the body. Images are copied to images/susi/ in the content folder \
            that holds --to. ::author_email is not carried over. Existing files are never overwritten without --force; \
            each file is written beside its place and renamed into it, and a symbolic link on the way (below --to, \
            or below the content folder for images) is refused before anything is written.
            """
    )

    @Argument(
        help: ArgumentHelp("A checkout of a SUSI skill repository (e.g. susi_skill_data).", valueName: "repo-dir"))
    var repository: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the Markdown files go: a content folder's skills/ folder or a folder inside it.", valueName: "dir"))
    var to = "Content/skills"

    @Flag(name: .long, help: "Overwrite files that already exist.")
    var force = false

    @Flag(name: .long, help: "Print every warning, not a summary of many alike.")
    var verbose = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        let options = SusiImport.Options(
            repository: url(repository), repositoryDisplay: repository,
            destination: url(to), destinationDisplay: to, force: force)
        do {
            let report = try SusiImport.run(options)
            Report.print(report.warnings, verbose: verbose)
            print(report.summary)
        } catch {
            throw Report.fail(error, verb: "import", verbose: verbose)
        }
    }
}
