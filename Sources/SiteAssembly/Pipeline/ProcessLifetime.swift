/// Values handed to the process rather than freed: a command that exits right after its work
/// leaves the freeing to the system, which takes the whole address space back at once instead of
/// object by object (see `BuildOptions.freesMemory`).
package enum ProcessLifetime {
    package static func keep<T>(_ value: T) {
        let kept = Kept(value)
        kept.cycle = kept
    }

    private final class Kept<T> {
        let value: T
        /// Itself: a reference cycle that nothing breaks, so the value is never released.
        var cycle: Kept?
        init(_ value: T) { self.value = value }
    }
}
