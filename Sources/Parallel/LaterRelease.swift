import Foundation

/// Frees a large value on another thread. A kept build replaces the last build's catalogue,
/// renderer and page keys: freeing them takes tens of milliseconds at 10,000 skills, and a voter
/// or an author waiting for the page need not wait for it.
package enum LaterRelease {
    /// Takes `value` (the caller keeps no reference) and drops it on a background queue.
    package static func drop<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        dropping.enter()
        DispatchQueue.global(qos: .utility).async {
            box.empty()
            dropping.leave()
        }
    }

    /// Waits until every value dropped so far is freed: a benchmark that times builds one after
    /// another would otherwise time each with the last one's freeing on the other cores.
    package static func settle() { dropping.wait() }

    private static let dropping = DispatchGroup()

    // The value is dropped by `empty()` on the queue, not when the closure is released, which
    // could happen on the caller's thread.
    private final class Box: @unchecked Sendable {
        // Written once here and emptied once on the queue; nothing else reads it.
        private var value: Any?
        init(_ value: consuming some Sendable) { self.value = value }
        func empty() { value = nil }
    }
}
