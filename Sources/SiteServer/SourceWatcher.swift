import Foundation

/// Polls the content and templates folders and asks for a rebuild when they change. Polling
/// works the same on every system and file system (network mounts, containers), and a few
/// hundred `stat` calls a second cost nothing next to a build.
struct SourceWatcher: Sendable {
    let rebuilder: SiteRebuilder
    let interval: Duration

    /// Runs until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            await rebuilder.rebuildIfChanged()
        }
    }
}
