import Foundation

/// Work started on another thread and waited for later, so independent steps overlap (rating
/// files are read while skill files are parsed). Deterministic: the result does not depend on
/// when the work runs.
package final class Background<Value: Sendable>: @unchecked Sendable {
    // `value` is written once, before `group.leave()`, and read only after `group.wait()`.
    private let group = DispatchGroup()
    private let work: @Sendable () -> Value
    private var value: Value?
    private let shared: SharedWork?

    /// - Parameter sharing: whether a thread that waits for the work runs pieces of its parallel
    ///   steps (`SharedWork`) instead of blocking, for work that is mostly `parallelMap`s.
    package init(sharing: Bool = false, _ work: @escaping @Sendable () -> Value) {
        self.work = work
        let shared = sharing ? SharedWork() : nil
        self.shared = shared
        group.enter()
        DispatchQueue.global().async {
            if let shared {
                self.value = shared.runAsCurrent(work)
                shared.end()
            } else {
                self.value = work()
            }
            self.group.leave()
        }
    }

    package func wait() -> Value {
        shared?.help()
        group.wait()
        return value ?? work()
    }

    /// The value when the work is done; nil, without waiting, while it runs.
    package var valueIfDone: Value? {
        group.wait(timeout: .now()) == .success ? value ?? work() : nil
    }
}
