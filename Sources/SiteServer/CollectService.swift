import CatalogueModel
import CatalogueSearch
import ContentLoading
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import SiteAssembly
import VoteStore

/// Why `sitegen collect` could not start: each says what to change.
package struct CollectStartFailure: Error, CustomStringConvertible {
    package let diagnostics: [Diagnostic]
    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// `sitegen collect`: the service a deployed catalogue runs beside its static files. It takes the
/// rating form's votes into the vote store (one per voter per skill), and with `--output` keeps
/// the pages there counting them. The static files themselves are the web server's to serve.
package enum CollectService {
    /// Runs until cancelled (or, with `handlesSignals`, until SIGINT or SIGTERM). `say` gets every
    /// line meant for the operator (one per request); `listening` gets the service's URL once the
    /// port is open.
    package static func run(
        _ options: CollectOptions, say: @escaping @Sendable (String) -> Void,
        listening: @escaping @Sendable (URL) async -> Void = { _ in }
    ) async throws {
        try await options.database.withStore(create: true) { store in
            try await withSearchIndex(options.database) { index in
                try await serve(options, store: store, search: LiveSearch(index: index), say: say, listening: listening)
            }
        }
    }

    /// The search index lives in the vote database: the same SQLite file, or the same PostgreSQL
    /// database (its own tables), so one backup holds both and several instances share it.
    private static func withSearchIndex<T: Sendable>(
        _ database: VoteDatabase,
        _ body: (any SearchIndex) async throws -> T
    ) async throws -> T {
        switch database {
        case .sqlite(let path, let display): try await body(SQLiteSearchIndex(path: path, display: display))
        case .postgres(let address): try await PostgresSearchIndex.with(address) { try await body($0) }
        }
    }

    private static func serve(
        _ options: CollectOptions, store: any VoteStore, search: LiveSearch,
        say: @escaping @Sendable (String) -> Void,
        listening: @escaping @Sendable (URL) async -> Void
    ) async throws {
        let database = options.database
        let site: CollectedSite
        var pages: SiteRebuilder?
        var watching: Task<Void, Never>?
        defer { watching?.cancel() }
        if options.rebuildsPages {
            let rebuilder = SiteRebuilder(
                options: options.build, say: say,
                recordedVotes: { () async throws(BuildFailure) in
                    do {
                        return RecordedVotes(display: database.display, votes: try await store.votes())
                    } catch {
                        throw BuildFailure([.error(database.display, (error as? VoteStoreError)?.problem ?? "\(error)")]
                        )
                    }
                }
            ) { renderer in
                do {
                    try await search.follow(renderer)
                } catch {
                    say(
                        "warning: the search index did not follow this build; searches answer from the last one: \(error)"
                    )
                }
            }
            await rebuilder.rebuild(because: "start")
            guard await rebuilder.site != nil else {
                throw CollectStartFailure([
                    .error(options.build.content.display, "the first build failed (above); fix it and start again")
                ])
            }
            site = .rebuilt(rebuilder)
            pages = rebuilder
            // A deploy of new content (git pull) reaches the pages and the list of known skills;
            // other instances' votes reach them as their own do.
            let watcher = SourceWatcher(rebuilder: rebuilder, interval: .seconds(2))
            watching = Task {
                await withDiscardingTaskGroup { group in
                    group.addTask { await watcher.run() }
                    group.addTask { await OtherInstances.follow(store, rebuilding: rebuilder, say: say) }
                }
            }
        } else {
            site = .fixed(try load(options.build))
            if await site.current?.hasSearch == true {
                say(
                    "note: search answers only with --output: its results page is rendered with the site's templates as each build follows the content"
                )
            }
        }
        guard let start = await site.current else { return }
        try check(start, content: options.build.content.display)

        var logger = Logger(label: "sitegen.collect")
        logger.logLevel = .warning
        let limiter = options.rateLimit.map { RateLimiter($0.limit) }
        let collector = VoteCollector(
            store: store, reception: VoteReception(maxBodyBytes: options.maxBodyBytes, say: say),
            limiter: limiter, rebuilder: pages, pageWait: options.pageWait, say: say)
        let router = Router(context: CollectContext.self)
        router.add(middleware: RequestLogMiddleware(trustedHeader: options.trustedProxyHeader?.lowercased(), say: say))
        router.add(middleware: VoteCollectorMiddleware(collector: collector, site: site))
        router.add(middleware: SearchResponderMiddleware(responder: SearchResponder(following: search, say: say)))
        router.add(
            middleware: SusiReadMiddleware(
                site: { await site.current }, search: search, content: options.build.content.root, say: say))
        router.get("/healthz") { _, _ in "ok\n" }

        let host = options.host
        try await options.serve(router, logger: logger, say: say) { urlHost, port in
            guard let url = URL(string: "http://\(urlHost):\(port)/") else { return }
            let path = start.form.flatMap { VoteCollector.path(of: $0, basePath: start.basePath) } ?? "/"
            say(
                "Collecting votes for \(start.baseURL) at \(url.absoluteString.dropLast())\(path) into \(database.display) (Ctrl-C stops)"
            )
            if options.trustedProxyHeader == nil && !SiteServer.isLoopback(host) {
                say(
                    "note: no --trusted-proxy: the rate limit counts each connecting address; behind a proxy, name its client header"
                )
            }
            await listening(url)
        }
    }

    /// The catalogue, read once, for a service that leaves the pages to a scheduled build.
    static func load(_ options: BuildOptions) throws(CollectStartFailure) -> ServedSite {
        let loaded = ContentLoader.load(options.content, baseURLOverride: options.baseURL)
        guard loaded.errors.isEmpty else { throw CollectStartFailure(loaded.errors) }
        return ServedSite(catalogue: Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config))
    }

    /// What a deployed service needs from site.yml: a form that posts here, and the base URL the
    /// pages (and so the votes' `Origin`) are at.
    static func check(_ site: ServedSite, content: String) throws(CollectStartFailure) {
        let file = content + "/site.yml"
        guard let form = site.form else {
            throw CollectStartFailure([
                .error(
                    file,
                    "no `rating_form.endpoint`: the pages have no rating form, so there are no votes to "
                        + "collect; set it to the path the service answers at (/api/ratings)")
            ])
        }
        if form.postsToSUSI || form.susiWebClient != nil {
            throw CollectStartFailure([
                .error(file, "`rating_form` sends votes to SUSI.AI, not to this service; set `endpoint: /api/ratings`")
            ])
        }
        guard VoteOrigin.Endpoint(pageURL: site.baseURL) != nil else {
            throw CollectStartFailure([
                .error(
                    file,
                    "`base_url` is `\(site.baseURL)`: the service needs the deployed site's address "
                        + "(base_url: https://example.org/) to check where votes come from and send voters back; or pass --base-url"
                )
            ])
        }
    }
}
