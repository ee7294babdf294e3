import CatalogueModel
import CatalogueSearch
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import SiteAssembly
import VoteStore

/// What `sitegen serve` is asked to do.
package struct ServeOptions: Listener {
    package var build: BuildOptions
    /// Loopback unless told otherwise: the server accepts votes and writes files.
    package var host: String
    /// 0 picks a free port (tests).
    package var port: Int
    /// The shortest time between looks at the sources where the system cannot report changes
    /// (inotify); polls are spaced further apart on large catalogues.
    package var pollInterval: Duration
    package var maxBodyBytes: Int
    /// Stop on SIGINT and SIGTERM (the command line); tests stop the server by cancelling it.
    package var handlesSignals: Bool
    /// Time a client has to send a whole request from its first byte (or a new connection its
    /// first request): a client that dribbles bytes is closed instead of holding a connection.
    package var requestTimeout: Duration
    /// Time a keep-alive connection may wait for its next request.
    package var idleTimeout: Duration
    /// Time a response may wait for the client to read any of it: a client that asks for a large
    /// file and stops reading is closed instead of holding a connection.
    package var sendTimeout: Duration = .seconds(10)
    /// Connections open at once; more wait in the listen queue until one closes. Lowered to fit
    /// the open-file limit.
    package var maxConnections: Int
    /// `--ratings-database`; without it, `ratings.database` in site.yml when it names one. Its
    /// votes are read again before every build.
    package var ratingsDatabase: VoteDatabase?
    /// Whether pages sent carry the script that reloads them after a rebuild that changed them,
    /// and a failed build's errors (`--no-live-reload` turns both off).
    package var liveReload = true

    package init(
        build: BuildOptions, host: String = "127.0.0.1", port: Int = 8000, pollInterval: Duration = .milliseconds(500),
        maxBodyBytes: Int = 4096, handlesSignals: Bool = false, requestTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(30), maxConnections: Int = 2048
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.pollInterval = pollInterval
        self.maxBodyBytes = maxBodyBytes
        self.handlesSignals = handlesSignals
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }
}

/// `sitegen serve`: builds the site, serves the output folder the way a static host would, takes
/// votes from the rating form when its endpoint is a path on the site, and rebuilds whenever the
/// content or the templates change.
package enum SiteServer {
    /// Where local votes go, inside the content folder.
    package static let votesFile = "ratings/local-votes.jsonl"

    /// Runs until cancelled (or, with `handlesSignals`, until Ctrl-C). `say` gets every line meant
    /// for the person running it; `listening` gets the site's URL once the port is open.
    package static func run(
        _ options: ServeOptions, say: @escaping @Sendable (String) -> Void,
        listening: @escaping @Sendable (URL) async -> Void = { _ in }
    ) async throws {
        // Searches in the preview come from an index in memory, made again each start.
        let search = LiveSearch(index: try SQLiteSearchIndex.inMemory())
        let content = options.build.content
        let database = options.ratingsDatabase
        let rebuilder = SiteRebuilder(
            options: options.build, say: say,
            recordedVotes: { () async throws(BuildFailure) in
                try await RatingsDatabase.recordedVotes(override: database, content: content)
            }, servesFromMemory: true
        ) { renderer in
            do {
                try await search.follow(renderer)
            } catch {
                say("warning: the search index did not follow this build; searches answer from the last one: \(error)")
            }
        }
        let watcher = SourceWatcher(rebuilder: rebuilder, interval: options.pollInterval)
        await rebuilder.rebuild(because: "start")
        if await rebuilder.site == nil {
            say("The first build failed; serving what \(options.build.outputDisplay)/ holds until an edit fixes it")
        }

        var logger = Logger(label: "sitegen.serve")
        logger.logLevel = .warning
        let votes = VoteLog(
            folder: options.build.content.root, folderDisplay: options.build.content.display, path: votesFile)
        let receiver = RatingReceiver(rebuilder: rebuilder, votes: votes, maxBodyBytes: options.maxBodyBytes, say: say)

        let router = Router()
        router.add(middleware: PreviewHostMiddleware(host: PreviewHost(listeningOn: options.host)))
        router.add(middleware: NoSniffMiddleware())
        if options.liveReload {
            router.add(middleware: LiveReloadMiddleware(news: rebuilder.news, rebuilder: rebuilder))
        }
        router.add(middleware: NotFoundPageMiddleware(output: options.build.output, pending: rebuilder.pending))
        router.add(middleware: BasePathMiddleware(rebuilder: rebuilder))
        router.add(middleware: RatingReceiverMiddleware(receiver: receiver))
        router.add(middleware: SearchResponderMiddleware(responder: SearchResponder(following: search, say: say)))
        router.add(
            middleware: SusiReadMiddleware(
                site: { await rebuilder.site }, search: search, content: options.build.content.root, say: say))
        router.add(middleware: ByteRangeMiddleware())
        router.add(
            middleware: FileMiddleware(
                fileProvider: SiteFiles(root: options.build.output, pending: rebuilder.pending),
                searchForIndexHtml: true
            )
            .withAdditionalMediaTypes(forFileExtensions: textTypes))

        let host = options.host
        let watching = Task { await watcher.run() }
        defer { watching.cancel() }
        try await options.serve(router, logger: logger, say: say) { urlHost, port in
            let base = Slug.encodeForHref(await rebuilder.basePath)
            guard let url = URL(string: "http://\(urlHost):\(port)\(base)") else { return }
            say("Serving \(options.build.outputDisplay)/ at \(url.absoluteString) (Ctrl-C stops)")
            if !isLoopback(host) {
                say(
                    "warning: \(host) is not a loopback address: anyone who can reach this machine can read the site and post votes"
                )
            }
            say("Watching \(rebuilder.watchedNames) for changes (\(watcher.method))")
            await listening(url)
        }
    }

    /// Hummingbird names text types without a charset; pages and styles here are always UTF-8.
    static let textTypes: [String: MediaType] = [
        "html": MediaType(type: .text, subType: "html", parameter: ("charset", "utf-8")),
        "css": MediaType(type: .text, subType: "css", parameter: ("charset", "utf-8")),
        "txt": MediaType(type: .text, subType: "plain", parameter: ("charset", "utf-8")),
        "xml": MediaType(type: .application, subType: "xml", parameter: ("charset", "utf-8")),
        "json": MediaType(type: .application, subType: "json", parameter: ("charset", "utf-8")),
    ]

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%g", value)
    }
}
