import Foundation

/// The parallel steps of a `Background`'s work, shared with the threads that wait for it.
///
/// A thread that waits for a `Background` is one of Dispatch's workers, blocked: the work's own
/// `parallelMap`s then find no free worker and run on one core while the waiter's sits idle
/// (with one-line templates the plan waited about 70 ms so for the related skills). A
/// `Background(sharing: true)` runs its work with one of these as the thread's current: each
/// `parallelMap` of that thread hands out its pieces here too, and `wait()` takes pieces until
/// the work is done instead of blocking. Only the pieces of this work are taken: a waiter runs
/// code the work would run anyway, with nothing of its own held.
package final class SharedWork: @unchecked Sendable {
    // Every field below is read and written with `condition` locked.
    private let condition = NSCondition()
    private var step: Step?
    private var finished = false

    /// One parallel step: its pieces, the next to hand out, how many are being run.
    private final class Step: @unchecked Sendable {
        let pieces: Int
        /// The step's function, where `perform` holds it: a helper may keep the step a moment
        /// after its last piece, and holding the function itself then would let it outlive
        /// `perform` (`withoutActuallyEscaping` traps on that).
        let run: UnsafePointer<@Sendable (Int) -> Void>
        var next = 0
        var running = 0
        init(pieces: Int, run: UnsafePointer<@Sendable (Int) -> Void>) {
            self.pieces = pieces
            self.run = run
        }
    }

    package init() {}

    /// Runs `run` for each of `pieces` (in any order, each once) on all cores and on the threads
    /// waiting for the work; returns when every piece has run.
    func perform(_ pieces: Int, _ run: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(run) { run in
            var run = run
            withUnsafePointer(to: &run) { run in
                let step = Step(pieces: pieces, run: run)
                condition.lock()
                self.step = step
                condition.broadcast()
                condition.unlock()
                DispatchQueue.concurrentPerform(iterations: Cores.active) { _ in
                    while let piece = take(from: step) { finish(piece, of: step) }
                }
                // Every piece is handed out; a waiter may still be running one.
                condition.lock()
                self.step = nil
                while step.running > 0 { condition.wait() }
                condition.unlock()
            }
        }
    }

    /// Runs pieces of the work's steps until the work is done.
    func help() {
        condition.lock()
        while !finished {
            guard let step, let piece = handOut(from: step) else {
                condition.wait()
                continue
            }
            condition.unlock()
            finish(piece, of: step)
            condition.lock()
        }
        condition.unlock()
    }

    /// Says the work is done: waiters stop helping.
    func end() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func take(from step: Step) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        return handOut(from: step)
    }

    /// The step's next piece, counted as running; nil when all are handed out. `condition` is locked.
    private func handOut(from step: Step) -> Int? {
        guard step.next < step.pieces else { return nil }
        step.next += 1
        step.running += 1
        return step.next - 1
    }

    private func finish(_ piece: Int, of step: Step) {
        step.run.pointee(piece)
        condition.lock()
        step.running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The shared work of the `Background` running on this thread, if any.
    static var current: SharedWork? {
        pthread_getspecific(key).map { Unmanaged<SharedWork>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with this as the thread's current shared work.
    func runAsCurrent<T>(_ body: () -> T) -> T {
        Self.run(body, current: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs `body` with no shared work current on this thread.
    static func runAsNone<T>(_ body: () -> T) -> T { run(body, current: nil) }

    private static func run<T>(_ body: () -> T, current: UnsafeMutableRawPointer?) -> T {
        let outer = pthread_getspecific(key)
        guard outer != current else { return body() }
        pthread_setspecific(key, current)
        defer { pthread_setspecific(key, outer) }
        return body()
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
