import Foundation

extension Array where Element: Sendable {
    /// Maps every element on all cores, returning results in the input's order, so parallel
    /// work never changes the output.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        parallelMap(scratch: {}) { _, element in transform(element) }
    }

    /// `parallelMap`, each element taken on its own rather than in runs of neighbours: for work
    /// that ranges widely from one element to the next (a site's folders, from one file to
    /// thousands), where a run could hold the largest together on one core.
    package func parallelMapSingly<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        parallelMap(chunks: count, scratch: {}) { _, element in transform(element) }
    }

    /// `parallelMap`, each run of elements handed the same `scratch`, made by `make` once per
    /// run: room a transform reuses from one element to the next instead of making it anew.
    package func parallelMap<T: Sendable, Scratch>(
        scratch make: @Sendable () -> Scratch, _ transform: @Sendable (inout Scratch, Element) -> T
    ) -> [T] {
        // Many small chunks, taken in turn: a core that finishes early takes the next instead of
        // waiting at the end for the slowest of a few large ones. Still few enough that
        // scheduling costs little next to the work in each.
        parallelMap(chunks: Swift.min(count, Cores.active * 32), scratch: make, transform)
    }

    /// The elements in `chunks` runs of neighbours, taken in turn by the cores.
    private func parallelMap<T: Sendable, Scratch>(
        chunks: Int, scratch make: @Sendable () -> Scratch, _ transform: @Sendable (inout Scratch, Element) -> T
    ) -> [T] {
        guard count > 1 else {
            var scratch = make()
            return map { transform(&scratch, $0) }
        }
        return withUnsafeBufferPointer { input in
            // Each result is put straight into the array's memory, by the thread that made it:
            // results gathered into slots first were copied out one by one on one core (with a
            // retain and a release for each) while the others waited.
            [T](unsafeUninitializedCapacity: count) { output, initialized in
                let input = UnsafeSendable(input)
                let output = UnsafeSendable(output)
                // Within a `Background(sharing: true)`, the threads waiting for it take chunks too.
                let perform: (@Sendable (Int) -> Void) -> Void =
                    SharedWork.current.map { shared in { shared.perform(chunks, $0) } }
                    ?? { DispatchQueue.concurrentPerform(iterations: chunks, execute: $0) }
                perform { chunk in
                    let lower = chunk * input.value.count / chunks
                    let upper = (chunk + 1) * input.value.count / chunks
                    let base = output.value.baseAddress.unsafelyUnwrapped
                    var scratch = make()
                    for index in lower..<upper {
                        (base + index).initialize(to: transform(&scratch, input.value[index]))
                    }
                }
                // Every index belongs to exactly one chunk, and every chunk ran.
                initialized = input.value.count
            }
        }
    }
}

extension Range where Bound == Int {
    /// `transform` of every index, on all cores, in order.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Int) -> T) -> [T] {
        Array(self).parallelMap(transform)
    }
}

private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
