import CatalogueModel
import Foundation
import ServiceLifecycle

/// What open pages of `serve` learn about builds (live reload). Each finished build, good or
/// failed, is a new generation; a page knows the generation it was served at and asks what
/// happened since: which files were written or removed, and whether the latest build failed.
final class BuildNews: @unchecked Sendable {
    struct Report: Sendable, Equatable {
        /// The latest finished build; equal to `since` when nothing happened in the wait.
        var generation: Int
        var since: Int
        /// Output paths (`skills/news/x/index.html`) written or removed after `since`; nil when
        /// there were too many to list, and every page counts as changed.
        var changed: [String]?
        /// The diagnostics of the latest build when it failed, as the terminal printed them.
        var failure: [Diagnostic]?
    }

    /// Past this many changed paths an answer says "everything" instead of listing them.
    static let listLimit = 500

    /// Names this server's run in the pages it serves: a page from an earlier run (the server
    /// was restarted) has a generation that means nothing here, and reloads.
    let run = UUID().uuidString.lowercased()

    // Everything below is only touched under `lock`.
    private let lock = NSLock()
    private var generation = 0
    private var failure: [Diagnostic]?
    /// Output path → the generation that last wrote or removed it.
    private var touched: [String: Int] = [:]
    private var waiters: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// A good build that wrote `written` and removed `removed`.
    func built(written: [String], removed: [String]) {
        publish { generation in
            failure = nil
            for path in written { touched[path] = generation }
            for path in removed { touched[path] = generation }
        }
    }

    /// Whether the latest build failed: its errors are on every page until one succeeds.
    var failing: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failure != nil
    }

    /// A page served before the rest of its build is done (`PendingFiles.holdEarly`): a page
    /// open at that path reloads now, not when the build ends.
    func shown(early path: String) {
        publish { generation in touched[path] = generation }
    }

    /// A failed build: the site did not change.
    func failed(_ diagnostics: [Diagnostic]) {
        publish { _ in failure = diagnostics }
    }

    private func publish(_ change: (Int) -> Void) {
        lock.lock()
        generation += 1
        change(generation)
        let woken = waiters.values
        waiters = [:]
        lock.unlock()
        for waiter in woken { waiter.finish() }
    }

    /// What happened after `since`, at once when a build finished since, else as soon as one
    /// does, or after `limit` with nothing. A shutting-down server answers at once: a page's wait
    /// never holds up Ctrl-C. A page of another run, or one claiming a build that never
    /// happened, hears that everything changed.
    func report(after since: Int, ofRun pageRun: String, waitingUpTo limit: Duration) async -> Report {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.forget(id) }
        let (known, waits) = lock.withLock { () -> (Report?, Bool) in
            guard pageRun == run, since <= generation else {
                return (Report(generation: generation, since: since, changed: nil, failure: failure), false)
            }
            if generation == since { waiters[id] = continuation }
            return (nil, generation == since)
        }
        if let known { return known }
        if waits {
            let timer = Task {
                try? await Task.sleep(for: limit)
                continuation.finish()
            }
            defer { timer.cancel() }
            for try await _ in stream.cancelOnGracefulShutdown() { break }
        }
        return current(since: since)
    }

    /// The latest build, what a page is served at; without what the builds changed.
    var latest: Report {
        lock.lock()
        defer { lock.unlock() }
        return Report(generation: generation, since: generation, changed: [], failure: failure)
    }

    /// The news after `since` as it stands.
    func current(since: Int) -> Report {
        lock.lock()
        defer { lock.unlock() }
        var changed: [String]? = []
        for (path, touchedAt) in touched where touchedAt > since {
            changed?.append(path)
            if (changed?.count ?? 0) > Self.listLimit {
                changed = nil
                break
            }
        }
        return Report(generation: generation, since: since, changed: changed?.sorted(), failure: failure)
    }

    private func forget(_ id: UUID) {
        lock.lock()
        waiters[id] = nil
        lock.unlock()
    }
}
