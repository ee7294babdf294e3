import Foundation

/// Work started on another thread and waited for later, so independent steps overlap (rating
/// files are read while skill files are parsed). Deterministic: the result does not depend on
/// when the work runs, or on which thread.
package final class Background<Value: Sendable>: @unchecked Sendable {
    // `value` is written once, by the thread that took the work (`ticket`), before
    // `group.leave()`, and read only after `group.wait()`.
    private let group = DispatchGroup()
    private let work: @Sendable () -> Value
    private var value: Value?
    private let shared: SharedWork?
    private let ticket = Ticket()

    /// - Parameter sharing: whether a thread that waits for the work runs pieces of its parallel
    ///   steps (`SharedWork`) instead of blocking, for work that is mostly `parallelMap`s.
    package init(sharing: Bool = false, _ work: @escaping @Sendable () -> Value) {
        self.work = work
        let shared = sharing ? SharedWork() : nil
        self.shared = shared
        group.enter()
        ticket.hold { self.run() }
        DispatchQueue.global().async { [ticket] in ticket.take()?() }
    }

    /// The value, made by the thread that waits when no worker has started the work yet: the
    /// build's own thread is one of Dispatch's workers, so while it waits and another runs long
    /// work, work queued behind them (a batch's write) found no free worker, and the build
    /// waited for the long work instead (0.3 s at 100,000 skills).
    package func wait() -> Value {
        if let run = ticket.take() {
            run()
        } else {
            shared?.help()
        }
        group.wait()
        return value ?? work()
    }

    /// The value when the work is done; nil, without waiting, while it runs or waits to run.
    package var valueIfDone: Value? {
        group.wait(timeout: .now()) == .success ? value ?? work() : nil
    }

    private func run() {
        if let shared {
            value = shared.runAsCurrent(work)
            shared.end()
        } else {
            // Not the shared work of whatever the thread was running: its waiters take only its pieces.
            value = SharedWork.runAsNone(work)
        }
        group.leave()
    }
}

/// The work of a `Background`, for the first thread that asks: Dispatch's block or a waiter.
/// The block holds only this, and this lets go of the work (and with it the `Background` and
/// what it makes) once taken: a block still queued after a waiter ran the work kept the catalogue
/// a build made alive until a worker came to it.
private final class Ticket: @unchecked Sendable {
    // `run` is read and written with `lock` held.
    private let lock = NSLock()
    private var run: (@Sendable () -> Void)?

    func hold(_ run: @escaping @Sendable () -> Void) {
        lock.lock()
        self.run = run
        lock.unlock()
    }

    func take() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        let taken = run
        run = nil
        return taken
    }
}
