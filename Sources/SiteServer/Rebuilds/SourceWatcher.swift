import Foundation

/// Asks for a rebuild when the content or the templates change. On Linux the kernel says when
/// (inotify, `FolderEvents`), so an idle server does no work at all. Elsewhere, or when a folder
/// cannot be watched (missing, out of watches), it polls: every poll takes a fingerprint, a stat
/// of every file, so polls are spaced to spend at most about 5% of a core on that however large
/// the catalogue.
struct SourceWatcher: Sendable {
    let rebuilder: SiteRebuilder
    /// The shortest time between polls.
    let interval: Duration
    /// Editors save in bursts (write, rename, change attributes): one look once a burst settles,
    /// that is once no event came for `quiet` and no file is left open for writing, or after
    /// `settle` at the most. Short, as it adds to every edit's wait for its page; a look in the
    /// middle of a burst only costs a second build. A save's events come microseconds apart:
    /// waiting the whole 20 ms was a tenth of an edit's wait.
    let settle: Duration
    let quiet: Duration
    #if canImport(Glibc)
        private let events: FolderEvents?
    #endif

    /// Starts watching at once, so an edit made while the first build runs is not missed.
    init(
        rebuilder: SiteRebuilder, interval: Duration, settle: Duration = .milliseconds(20),
        quiet: Duration = .milliseconds(3)
    ) {
        self.rebuilder = rebuilder
        self.interval = interval
        self.settle = settle
        self.quiet = quiet
        #if canImport(Glibc)
            events = FolderEvents(folders: rebuilder.watched.map(\.url))
        #endif
    }

    /// How changes are noticed, for the person running the server.
    var method: String {
        #if canImport(Glibc)
            if events != nil { return "through inotify" }
        #endif
        return "every \(SiteServer.seconds(interval)) s or more"
    }

    /// Runs until the task is cancelled.
    func run() async {
        #if canImport(Glibc)
            if let events {
                defer { events.stop() }
                await rebuilder.watchPrecisely(true)
                for await _ in events.changes {
                    let burst = ContinuousClock.now
                    repeat {
                        do { try await Task.sleep(for: .milliseconds(1)) } catch { return }
                    } while !events.settled(quiet: quiet) && ContinuousClock.now - burst < settle
                    guard events.catchUp() else { break }
                    await rebuilder.rebuildIfChanged(paths: events.takeChanged())
                }
                await rebuilder.watchPrecisely(false)
                guard !Task.isCancelled else { return }
                rebuilder.say(
                    "note: stopped watching \(rebuilder.watchedNames) through inotify (a folder was removed, or the system is out of watches); polling instead"
                )
            }
        #endif
        await poll()
    }

    private func poll() async {
        var wait = interval
        while !Task.isCancelled {
            do { try await Task.sleep(for: wait) } catch { return }
            wait = Self.pollWait(after: await rebuilder.rebuildIfChanged(), interval: interval)
        }
    }

    /// Waiting 19 times as long as a look took keeps looking to 5% of the time.
    static func pollWait(after looking: Duration, interval: Duration) -> Duration {
        max(interval, looking * 19)
    }
}
