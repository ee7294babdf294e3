/// When the pages follow the votes (`sitegen collect --output`): a rebuild `quiet` after the last
/// accepted vote, or at the latest `longest` after the first one not yet built, so a burst of
/// votes costs one rebuild and a steady stream still shows on the pages every `longest`.
actor RebuildSchedule {
    let quiet: Duration
    let longest: Duration
    /// Gets the number of votes since the last rebuild; returns when the pages show them.
    let rebuild: @Sendable (Int) async -> Void

    private var pending = 0
    private var firstPending: ContinuousClock.Instant?
    /// Bumped by every vote: a timer whose generation is stale does nothing.
    private var generation = 0
    private var timer: Task<Void, Never>?

    init(quiet: Duration, longest: Duration, rebuild: @escaping @Sendable (Int) async -> Void) {
        self.quiet = quiet
        self.longest = longest
        self.rebuild = rebuild
    }

    func voteAccepted() {
        pending += 1
        let now = ContinuousClock.now
        let first = firstPending ?? now
        firstPending = first
        let deadline = min(now + quiet, first + longest)
        generation += 1
        let mine = generation
        timer?.cancel()
        timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            await self.fire(mine)
        }
    }

    private func fire(_ mine: Int) async {
        guard mine == generation, pending > 0 else { return }
        let votes = pending
        pending = 0
        firstPending = nil
        timer = nil
        await rebuild(votes)
    }

    func stop() {
        timer?.cancel()
        generation += 1
    }
}
