import ArgumentParser
import Foundation
import SiteAssembly
import SiteServer
import VoteStore

struct Collect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Run the service a deployed catalogue needs beside its static files: it takes the rating form's votes.",
        discussion: """
            Reads CONTENT and site.yml (the skills, the form's fields, base_url) and receives the rating form at its \
            endpoint's path, one vote per voter per skill (a sitegen_voter cookie), into a SQLite file or PostgreSQL. \
            A vote is answered 303 only once it is stored. With --output, the pages there are rebuilt after votes \
            (1 s after the last, at most every 10 s). Put it behind a web server that serves the pages: see deploy/ \
            and docs/companion-service.md. Ctrl-C or SIGTERM stops it, after the votes under way are stored.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Folder holding skills/, ratings/ and site.yml.", valueName: "dir"))
    var content = "Content"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of Mustache templates and assets/ (with --output). Default: Templates, when it exists.",
            valueName: "dir"))
    var templates: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The site's folder, to keep its pages counting the votes; without it the pages are left to a scheduled sitegen build.",
            valueName: "dir"))
    var output: String?

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp("Where the site is deployed; overrides base_url in site.yml.", valueName: "url"))
    var baseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A SQLite file or a postgres:// URL. Default: ratings.database in site.yml, else CONTENT/votes.sqlite.",
            valueName: "file-or-url"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Address to listen on. Default: loopback, behind a reverse proxy.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The header your reverse proxy names the client in (X-Forwarded-For, X-Real-IP). Without it the connecting address is used "
                + "and any such header ignored.", valueName: "header"))
    var trustedProxy: String?

    @Option(
        name: .customLong("rate-limit"),
        help: ArgumentHelp("Votes per client address: 20/min, 5/s, 300/h, or off.", valueName: "rate"))
    var rateLimit = "20/min"

    @Flag(
        name: .long, help: "Replace the output folder even though sitegen did not write it (it has no .sitegen file).")
    var force = false

    func run() async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        var limit: RateLimitSetting?
        if rateLimit.lowercased() != "off" {
            guard let setting = RateLimitSetting(rateLimit) else {
                throw ValidationError("--rate-limit `\(rateLimit)`: give \(RateLimitSetting.usage)")
            }
            limit = setting
        }
        if let trustedProxy, trustedProxy.isEmpty || trustedProxy.contains(where: { $0 == ":" || $0 == " " }) {
            throw ValidationError("--trusted-proxy is a header name, like X-Forwarded-For")
        }
        var site = SiteOptions()
        site.content = content
        site.templates = templates
        site.output = output ?? "Public"
        site.baseURL = baseURL
        // Every field is set: an option group made here, not parsed, has no defaults to read.
        site.strict = false
        site.force = force
        let build = try site.buildOptions()
        let options = CollectOptions(
            build: build, rebuildsPages: output != nil, database: try storeDatabase(build),
            host: host, port: port, trustedProxyHeader: trustedProxy, rateLimit: limit, handlesSignals: true)
        do {
            try await CollectService.run(
                options, say: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
        } catch let failure as CollectStartFailure {
            FileHandle.standardError.write(Data("\(failure.description)\ncollect failed to start\n".utf8))
            throw ExitCode(1)
        } catch {
            FileHandle.standardError.write(Data("collect failed: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// `--database`, else `ratings.database` (what `sitegen build` reads), else `votes.sqlite` in
    /// the content folder, with a note on making the build read it too.
    func storeDatabase(_ build: BuildOptions) throws -> VoteDatabase {
        var option = RatingsDatabaseOption()
        option.ratingsDatabase = database
        if let named = try option.named() { return named }
        do {
            if let named = try RatingsDatabase.named(override: nil, content: build.content) { return named }
        } catch {
            throw ValidationError(error.diagnostics.map(\.description).joined(separator: "\n"))
        }
        let path = build.content.root.appendingPathComponent("votes.sqlite").path
        // Written straight away, not buffered, so it comes before the service's own lines.
        FileHandle.standardOutput.write(
            Data(
                ("note: votes go to \(content)/votes.sqlite; put `database: votes.sqlite` under `ratings:` in "
                    + "\(content)/site.yml so `sitegen build` counts them too\n").utf8))
        return .sqlite(path: path, display: content + "/votes.sqlite")
    }
}
