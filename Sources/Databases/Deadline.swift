import Synchronization

/// An operation raced against a clock.
package enum Deadline {
    /// `body`'s result, or `timeout` thrown after `deadline`, whichever is first; the loser is
    /// cancelled. Unstructured on purpose: a statement on a connection that went silent may not
    /// heed cancellation, and a task group would wait for it; a rebuild a voter stopped waiting
    /// for goes on.
    package static func run<T: Sendable>(
        within deadline: Duration, orThrow timeout: @autoclosure @escaping @Sendable () -> any Error,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = DeadlineRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let work = Task {
                    let result: Result<T, any Error>
                    do { result = .success(try await body()) } catch { result = .failure(error) }
                    if race.finish() { continuation.resume(with: result) }
                }
                let timer = Task {
                    try? await Task.sleep(for: deadline)
                    guard !Task.isCancelled, race.finish() else { return }
                    continuation.resume(throwing: timeout())
                }
                race.start(work: work, timer: timer)
            }
        } onCancel: {
            race.cancel()
        }
    }
}

/// Who of an operation and its deadline came first; the loser is cancelled.
private final class DeadlineRace: Sendable {
    private struct State {
        var finished = false
        var cancelled = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let cancel = state.withLock { state in
            state.tasks = [work, timer]
            return state.finished || state.cancelled
        }
        if cancel {
            work.cancel()
            timer.cancel()
        }
    }

    /// True for the first caller only; cancels the other task.
    func finish() -> Bool {
        let (first, tasks) = state.withLock { state in
            defer { state.finished = true }
            return (!state.finished, state.tasks)
        }
        if first { for task in tasks { task.cancel() } }
        return first
    }

    func cancel() {
        let tasks = state.withLock { state in
            state.cancelled = true
            return state.tasks
        }
        for task in tasks { task.cancel() }
    }
}
