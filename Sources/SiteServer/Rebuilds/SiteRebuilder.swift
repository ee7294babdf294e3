import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import SiteAssembly

/// Runs builds one at a time and remembers the last good one. Requests that arrive while a build
/// runs share the next build, so fifty votes in a burst cost two builds, not fifty; every caller
/// returns only once a build that started after its request has finished (a voter's next page
/// load shows their vote). Builds are incremental (`LiveSite`): an edit or a vote renders and
/// writes only the files that depend on it. A failed build leaves the last good site in place.
actor SiteRebuilder {
    let options: BuildOptions
    let watched: [(url: URL, display: String)]
    let say: @Sendable (String) -> Void
    /// Read before each build: the votes of the ratings database, which change without any file
    /// in the watched folders changing.
    let recordedVotes: @Sendable () async throws(BuildFailure) -> RecordedVotes?

    /// Every finished build, for the pages that reload after one (`LiveReloadMiddleware`).
    let news = BuildNews()
    /// The last build's files while the output folder does not hold them yet.
    nonisolated let pending = PendingFiles()
    /// Whether the site is served from `pending` and the folder (`serve`): a build then counts as
    /// done before its files are written. Else (`collect`, for a host that serves the folder) a
    /// build is done once the folder holds it.
    let servesFromMemory: Bool
    /// The last good build; nil until one succeeded.
    private(set) var site: ServedSite?
    /// The sources as the latest build (running, good or failed) saw them when it started.
    private(set) var latestFingerprint: SourceFingerprint?
    /// Warnings and notes of the previous build: repeated ones are counted, not reprinted.
    private var lastRemarks: [String] = []
    /// The site as the last good build left it, kept between builds.
    private var live = LiveSite()
    /// Whether the output folder holds `live`'s files; if not, the next build writes it whole.
    private var folderCurrent = false

    private var requested = 0
    private var building = false
    private var reasons: [String] = []
    /// Whether every change reaches `rebuildIfChanged` with the paths that changed (inotify):
    /// a build then looks again at those paths only, not the whole folders.
    private var precise = false
    /// Paths changed since the last build started, when all changes came with their paths.
    private var changedPaths: Set<String>? = []
    /// Votes appended since the last build started, for it to count without reading their file.
    private var appended: [AppendedVotes] = []
    private var waiters: [(ticket: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Runs after each good build, before the callers waiting for it return (the search index
    /// follows the site here, so a vote's or an edit's next search sees it).
    let afterBuild: (@Sendable (SiteRenderer) async -> Void)?

    init(
        options: BuildOptions, say: @escaping @Sendable (String) -> Void,
        recordedVotes: @escaping @Sendable () async throws(BuildFailure) -> RecordedVotes? = { nil },
        servesFromMemory: Bool = false, afterBuild: (@Sendable (SiteRenderer) async -> Void)? = nil
    ) {
        self.options = options
        self.servesFromMemory = servesFromMemory
        self.recordedVotes = recordedVotes
        self.afterBuild = afterBuild
        var watched = [(url: options.content.root, display: options.content.display)]
        if let templates = options.templates { watched.append((templates, options.templatesDisplay)) }
        self.watched = watched
        self.say = say
    }

    var basePath: String { site?.basePath ?? "/" }

    /// "Content/ and Templates/", for messages about watching.
    nonisolated var watchedNames: String { watched.map { $0.display + "/" }.joined(separator: " and ") }

    /// Builds (or joins the build about to start) and returns when it is served: in the output
    /// folder, or with `servesFromMemory` from memory while its files are on their way there.
    func rebuild(because reason: String, appended votes: AppendedVotes? = nil) async {
        if let votes {
            appended.append(votes)
            changedPaths?.insert(URL(fileURLWithPath: votes.path).standardizedFileURL.path)
        }
        requested += 1
        let ticket = requested
        if !reasons.contains(reason) { reasons.append(reason) }
        if !building { startBuild() }
        await withCheckedContinuation { waiters.append((ticket, $0)) }
    }

    func watchPrecisely(_ on: Bool) {
        precise = on
    }

    /// The watcher's look: at `paths` when it knows which files changed, else at everything.
    /// The fingerprint is taken here, on the actor, so a look never races a build that is
    /// starting: a vote's own build is not followed by a second one for the same file. Returns
    /// how long taking the fingerprint took, which paces polling.
    @discardableResult
    func rebuildIfChanged(paths: Set<String>? = nil) async -> Duration {
        let started = ContinuousClock.now
        // Named paths are looked at alone: copying and comparing every entry of a large
        // catalogue's fingerprint was milliseconds of each save's wait.
        let reason: String? = {
            guard let latest = latestFingerprint else { return nil }
            if let paths {
                let changes = latest.changes(at: paths, in: watched)
                return changes.isEmpty ? nil : SourceFingerprint.describe(changes)
            }
            let now = SourceFingerprint.take(watched)
            return now == latest ? nil : now.changes(since: latest)
        }()
        let looking = started.duration(to: .now)
        guard let reason else { return looking }
        if let paths { changedPaths?.formUnion(paths) } else { changedPaths = nil }
        await rebuild(because: reason)
        return looking
    }

    private func startBuild() {
        building = true
        // Taken before the build reads anything, so an edit during the build is seen by the next look.
        if precise, let paths = changedPaths, latestFingerprint != nil {
            latestFingerprint?.refresh(paths, in: watched)
        } else {
            latestFingerprint = SourceFingerprint.take(watched)
        }
        // Only with inotify do the paths name every change; the build then looks at those alone.
        let changed = precise ? changedPaths : nil
        changedPaths = []
        let covers = requested
        let reason =
            reasons.count > 3
            ? reasons.prefix(2).joined(separator: "; ") + "; and \(reasons.count - 2) more"
            : reasons.joined(separator: "; ")
        reasons = []
        let appended = appended
        self.appended = []
        let options = options
        let live = live
        let recordedVotes = recordedVotes
        // The build's copy is the only one, so the kept votes grow in place instead of copied.
        self.live = LiveSite()
        let whole = !folderCurrent
        let pending = pending
        // Served before the rest of the build: the edited skill's page, for the author looking
        // at it. Not after a failed build: the page would come with the errors of the last.
        let early: (@Sendable (String, Data) -> Void)?
        if servesFromMemory && !whole && !news.failing {
            early = { [news] path, page in
                pending.holdEarly((path, page), at: Date())
                news.shown(early: path)
            }
        } else {
            early = nil
        }
        Task.detached {
            let started = ContinuousClock.now
            var built: (LiveSite, Result<LiveSite.Update, BuildFailure>)
            var applied = true
            do throws(BuildFailure) {
                var options = options
                options.recordedVotes = try await recordedVotes()
                built = await Self.apply(options, live: live, changed: changed, appended: appended, early: early)
            } catch {
                built = (live, .failure(error))
                applied = false
            }
            let (kept, result) = built
            let shownEarly = pending.takeEarly(keeping: (try? result.get()) != nil)
            guard case .success(let update) = result else {
                // Nothing was written: the folder is as it was.
                await self.publish(result, covers: covers, reason: reason, took: started.duration(to: .now))
                await self.finished(covers: covers, kept: kept, mirrored: !whole, applied: applied)
                return
            }
            let everything = whole || update.whole
            let written = everything ? [] : kept.written(by: update)
            // A page shown early with the bytes the build ended with is news no more.
            let announced = Set(shownEarly.filter { kept.files[$0.key] == $0.value }.keys)
            guard !everything, self.servesFromMemory else {
                // Written before the build counts as done: the whole site (swapped in at once), or
                // a few files for a host that serves the folder (`collect`).
                let mirrored = await Self.run { () throws(BuildFailure) in
                    if everything {
                        try kept.mirrorWhole(into: options)
                        // Held files of a build whose writing failed are in the folder now.
                        pending.release()
                    } else {
                        try LiveSite.mirror(written, removing: update.removed, into: options)
                    }
                }
                if case .success = mirrored, let renderer = kept.renderer { await self.afterBuild?(renderer) }
                await self.publish(
                    mirrored.map { update }, covers: covers, reason: reason, took: started.duration(to: .now))
                await self.finished(covers: covers, kept: kept, mirrored: (try? mirrored.get()) != nil, applied: true)
                return
            }
            // The build is served from memory while its files are written, and counts as done
            // before they are. Its line is printed once they are on disk: "files written" is then
            // true for whoever reads the folder after reading the line.
            pending.hold(written, removed: update.removed, at: Date())
            async let mirrored = Self.run { () throws(BuildFailure) in
                try LiveSite.mirror(written, removing: update.removed, into: options)
            }
            if let renderer = kept.renderer { await self.afterBuild?(renderer) }
            let took = started.duration(to: .now)
            await self.publish(
                result, covers: covers, reason: reason, took: took, reporting: false, announced: announced)
            let outcome = await mirrored
            await self.report(result, reason: reason, took: took)
            switch outcome {
            case .success: pending.release()
            case .failure(let failure): await self.writingFailed(failure)
            }
            await self.finished(covers: covers, kept: kept, mirrored: (try? outcome.get()) != nil, applied: true)
        }
    }

    /// Reports a build (unless the caller reports it later) and lets the callers it covers return.
    private func publish(
        _ result: Result<LiveSite.Update, BuildFailure>, covers: Int, reason: String, took: Duration,
        reporting: Bool = true, announced: Set<String> = []
    ) {
        if reporting { report(result, reason: reason, took: took) }
        switch result {
        case .success(let update):
            if let catalogue = update.report.catalogue { site = ServedSite(catalogue: catalogue) }
            news.built(written: update.written.filter { !announced.contains($0) }, removed: update.removed)
        case .failure(let failure):
            news.failed(failure.diagnostics)
        }
        let done = waiters.filter { $0.ticket <= covers }
        waiters.removeAll { $0.ticket <= covers }
        for waiter in done { waiter.continuation.resume() }
    }

    /// A build already served from memory could not be written to the output folder. It stays
    /// served from memory (`PendingFiles`), and the next build writes the folder whole.
    private func writingFailed(_ failure: BuildFailure) {
        for diagnostic in failure.diagnostics { say(diagnostic.description) }
        say("\(options.outputDisplay)/ could not be written; serving the last build from memory until one is written")
        lastRemarks = []
        news.failed(failure.diagnostics)
    }

    /// - Parameter applied: whether the kept site saw the build's changed paths; when the build
    ///   failed before (the ratings database could not be read), the next build looks at every
    ///   file instead, or it would keep what those paths changed (a template, a skill) unread.
    private func finished(covers: Int, kept: LiveSite, mirrored: Bool, applied: Bool) {
        if !applied { changedPaths = nil }
        live = kept
        folderCurrent = mirrored
        if requested > covers { startBuild() } else { building = false }
    }

    /// `took` times a failed build, which has no report of its own.
    private func report(_ result: Result<LiveSite.Update, BuildFailure>, reason: String, took: Duration) {
        switch result {
        case .success(let update):
            let built = update.report
            let remarks = built.warnings.map(\.description) + built.notes.map { "note: " + $0 }
            let pagesWritten = update.written.count { $0.hasSuffix(".html") }
            var line =
                "Built in \(String(format: "%.2f", built.seconds)) s (\(reason)): \(built.skills) skills, \(built.pages) pages, \(built.votesRead.grouped) ratings; "
                + (update.whole ? "all rendered" : "\(update.rendered.grouped) rendered")
                + ", \(update.written.count.grouped) files written (\(pagesWritten.grouped) page\(pagesWritten == 1 ? "" : "s"))"
                + (update.removed.isEmpty ? "" : ", \(update.removed.count.grouped) removed")
            if remarks == lastRemarks, !remarks.isEmpty {
                line += "; \(built.warnings.count) warning\(built.warnings.count == 1 ? "" : "s") as before"
            } else {
                remarks.forEach(say)
            }
            lastRemarks = remarks
            say(line)
        case .failure(let failure):
            for diagnostic in failure.diagnostics { say(diagnostic.description) }
            let errors = failure.errors.count
            let seconds = String(format: "%.2f", RateLimiter.seconds(took))
            say(
                "Build failed in \(seconds) s (\(reason)): \(errors) error\(errors == 1 ? "" : "s"); still serving the last good site"
            )
            lastRemarks = []
        }
    }

    /// The build is synchronous file and CPU work: it runs on a dispatch queue so it never holds
    /// a thread of the pool the server's requests run on. Returns the kept site after the build.
    private static func apply(
        _ options: BuildOptions, live: LiveSite, changed: Set<String>?, appended: [AppendedVotes],
        early: (@Sendable (String, Data) -> Void)?
    ) async -> (LiveSite, Result<LiveSite.Update, BuildFailure>) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                var live = live
                let applied = Result { () throws(BuildFailure) in
                    try live.apply(
                        options, changed: changed ?? [], changedOnly: changed != nil, appended: appended, early: early)
                }
                continuation.resume(returning: (live, applied))
            }
        }
    }

    /// Runs file work on a dispatch queue, as `apply` does.
    private static func run(_ work: @escaping @Sendable () throws(BuildFailure) -> Void) async
        -> Result<Void, BuildFailure>
    {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(BuildFailure) in try work() })
            }
        }
    }
}
