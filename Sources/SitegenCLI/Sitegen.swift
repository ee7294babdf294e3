import ArgumentParser
import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import SiteAssembly
import SiteServer
import VoteStore

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Builds a static website from a catalogue of assistant skills and their ratings.",
        discussion: """
            Reads skills (Markdown with YAML front matter, SUSI JSON, SUSI skill repositories) from CONTENT/skills/ and ratings \
            (star counts, SUSI rating dumps, one vote per line) from CONTENT/ratings/, and writes a complete \
            static site to OUTPUT. Settings live in CONTENT/site.yml. See docs/content.md and \
            docs/configuration.md for the formats.
            """,
        version: "sitegen \(Sitegen.version), commit \(BuildInfo.commit), allocator \(Allocator.name)",
        subcommands: [Build.self, Check.self, Serve.self, Collect.self, Init.self, New.self, Import.self, Export.self],
        defaultSubcommand: nil
    )

    /// Raised with each release; the commit says exactly which code a binary holds.
    static let version = "0.7.0"

    static func main() async {
        // libvips' own warnings ("error in tile 0 x 0") stay off standard error: the build says
        // what failed, naming the file. Set before any thread starts, since setenv may race getenv.
        setenv("VIPS_WARNING", "0", 0)
        await main(nil)
    }
}

/// Options shared by every command that reads a catalogue.
struct SiteOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder holding skills/, ratings/ and site.yml (or a SUSI skill repository checkout, which holds models/).",
            valueName: "dir"))
    var content = "Content"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of Mustache templates and assets/; files missing there come from the built-in theme. Default: Templates, when it exists.",
            valueName: "dir"))
    var templates: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder the site is written to. It belongs to sitegen: it is replaced on every build.", valueName: "dir"))
    var output = "Public"

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Where the site is deployed (https://example.org/catalogue/ or /catalogue/); overrides base_url in site.yml.",
            valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(
        name: .long,
        help:
            "Replace the output folder even though sitegen did not write it (it has no .sitegen file). Everything in it is lost."
    )
    var force = false

    func buildOptions() throws -> BuildOptions {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        var templatesURL: URL?
        var templatesDisplay = "Templates"
        if let templates {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(templates).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw ValidationError("templates folder `\(templates)` not found")
            }
            templatesURL = url(templates)
            templatesDisplay = templates
        } else if FileManager.default.fileExists(atPath: url("Templates").path) {
            templatesURL = url("Templates")
        }
        var options = BuildOptions(
            content: ContentLocation(root: url(content), display: content), templates: templatesURL,
            templatesDisplay: templatesDisplay, output: url(output), outputDisplay: output, baseURL: baseURL,
            strict: strict,
            force: force
        )
        // Beside the content, in the project the user keeps: where Hugo keeps `resources/`.
        options.imageCache = url(content).deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        return options
    }
}

/// Diagnostics go to standard error, one per line, like a compiler's; many alike warnings are
/// summarised unless `verbose` (see `WarningSummary`).
enum Report {
    static func print(_ diagnostics: [Diagnostic], verbose: Bool = false) {
        for line in WarningSummary.lines(diagnostics, verbose: verbose) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Information, not problems: standard output, so `--strict` and CI logs stay about errors.
    static func note(_ notes: [String]) {
        for note in notes { Swift.print("note: " + note) }
    }

    static func fail(_ failure: BuildFailure, verb: String, verbose: Bool = false) -> ExitCode {
        print(failure.diagnostics, verbose: verbose)
        let errors = failure.errors.count
        let warnings = failure.diagnostics.count - errors
        var line = "\(verb) failed: \(errors) error\(errors == 1 ? "" : "s")"
        if warnings > 0 { line += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return ExitCode(1)
    }
}

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site from CONTENT into OUTPUT.",
        discussion: "Nothing in OUTPUT changes unless the whole build succeeds."
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var database: RatingsDatabaseOption

    @Flag(name: .long, help: "Print every warning (not a summary of many alike) and the time each stage took.")
    var verbose = false

    @Option(
        name: .customLong("build-date"),
        help: ArgumentHelp(
            "Show \"Updated <date>\" in the footer. Default: SOURCE_DATE_EPOCH when set, else no date.",
            valueName: "yyyy-mm-dd"))
    var buildDate: String?

    func resolvedBuildDate() throws -> BuildDate? {
        do {
            return try BuildDate.resolve(option: buildDate, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws { _ = try resolvedBuildDate() }

    func run() async throws {
        var options = try site.buildOptions()
        options.buildDate = try resolvedBuildDate()
        // The command exits when the build is done: the system takes the memory back faster.
        options.freesMemory = false
        let override = try database.named()
        do {
            options.recordedVotes = try await RatingsDatabase.recordedVotes(
                override: override, content: options.content)
            let report = try SiteBuilder.build(options)
            defer { ProcessLifetime.keep(report) }
            Report.print(report.warnings, verbose: verbose)
            Report.note(report.notes)
            Swift.print(report.summary + " → \(options.outputDisplay)/")
            if verbose {
                for line in report.stageLines { Swift.print(line) }
                Swift.print("\(report.unchangedFiles.grouped) of \(report.files.grouped) files unchanged")
            }
        } catch {
            throw Report.fail(error, verb: "build", verbose: verbose)
        }
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read and validate CONTENT and the templates without writing anything.",
        discussion: "Exits 1 when there are errors (or warnings, with --strict): a CI step for content repositories."
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var database: RatingsDatabaseOption

    @Flag(name: .long, help: "Print every warning, not a summary of many alike.")
    var verbose = false

    func run() async throws {
        var options = try site.buildOptions()
        let override = try database.named()
        do {
            options.recordedVotes = try await RatingsDatabase.recordedVotes(
                override: override, content: options.content)
            let report = try SiteBuilder.check(options)
            Report.print(report.warnings, verbose: verbose)
            Swift.print(report.checkSummary)
        } catch {
            throw Report.fail(error, verb: "check", verbose: verbose)
        }
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it on this machine, and rebuild when CONTENT or the templates change.",
        discussion: """
            Serves OUTPUT like a static host (under the base URL's path, with the site's 404 page) and, when \
            rating_form.endpoint is a path on the site, takes the rating form's votes there: each valid vote is \
            appended to CONTENT/ratings/local-votes.jsonl and the site is rebuilt. Open pages reload by themselves \
            after a rebuild that changed them, and show a failed build's errors until the next good one (a script \
            added to the pages as they are sent; OUTPUT holds exactly what `sitegen build` writes). Ctrl-C stops.
            """
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var database: RatingsDatabaseOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Address to listen on. Other than loopback, anyone who can reach this machine can vote.",
            valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port = 8000

    @Flag(
        name: .customLong("live-reload"), inversion: .prefixedNo,
        help: "Reload open pages after a rebuild that changed them, and show a failed build's errors on them.")
    var liveReload = true

    func run() async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        var options = ServeOptions(build: try site.buildOptions(), host: host, port: port, handlesSignals: true)
        options.ratingsDatabase = try database.named()
        options.liveReload = liveReload
        do {
            // Unbuffered, so each line shows the moment it happens, even through a pipe.
            try await SiteServer.run(
                options, say: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
        } catch {
            FileHandle.standardError.write(Data("serve failed: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
