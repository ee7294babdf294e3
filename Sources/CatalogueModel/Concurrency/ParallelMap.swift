import Foundation

extension Array where Element: Sendable {
    /// Maps every element on all cores, returning results in the input's order, so parallel
    /// work never changes the output.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        self.withUnsafeBufferPointer { input in
            let input = UnsafeSendable(input)
            // Chunks keep scheduling overhead small next to the work in each element.
            let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 8)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = chunk * input.value.count / chunks
                let upper = (chunk + 1) * input.value.count / chunks
                for index in lower..<upper { results.set(index, transform(input.value[index])) }
            }
        }
        return results.values()
    }
}

extension Range where Bound == Int {
    /// `transform` of every index, on all cores, in order.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Int) -> T) -> [T] {
        Array(self).parallelMap(transform)
    }
}

/// Write-once slots filled from several threads; each index is written by exactly one of them.
/// Raw memory rather than an array, so concurrent writes to distinct indices never trip Swift's
/// exclusivity checks on a shared array.
private final class ResultSlots<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = UnsafeMutablePointer<T?>.allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func set(_ index: Int, _ value: T) { storage[index] = value }

    func values() -> [T] { (0..<count).compactMap { storage[$0] } }
}

private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
