import Foundation

/// Work started on another thread and waited for later, so independent steps overlap (rating
/// files are read while skill files are parsed). Deterministic: the result does not depend on
/// when the work runs.
package final class Background<Value: Sendable>: @unchecked Sendable {
    // `value` is written once, before `group.leave()`, and read only after `group.wait()`.
    private let group = DispatchGroup()
    private let work: @Sendable () -> Value
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        group.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.group.leave()
        }
    }

    package func wait() -> Value {
        group.wait()
        return value ?? work()
    }

    /// The value when the work is done; nil, without waiting, while it runs.
    package var valueIfDone: Value? {
        group.wait(timeout: .now()) == .success ? value ?? work() : nil
    }
}
