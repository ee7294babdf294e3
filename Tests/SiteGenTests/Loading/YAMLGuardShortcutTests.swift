import Testing

@testable import ContentLoading
@testable import PageRendering

/// The guard skips its event pass when the bytes alone show a document is within the limits;
/// that shortcut must never pass a document the full check would refuse.
@Suite struct YAMLGuardShortcutTests {
    @Test func theShortcutNeverPassesWhatTheFullCheckRefuses() {
        let pieces = [
            "a: 1\n", "- x\n", "- \n", "? \n", "[", "]", "{", "}", "a:", " ", "\n", "b: [1, 2]\n", "- - \n", ":", ",",
            "&a x\n", "*a\n",
        ]
        var generator = Generator(state: 42)
        var shortcuts = 0
        var refusals = 0
        for _ in 0..<20_000 {
            var yaml = ""
            for _ in 0..<(1 + generator.next(12)) { yaml += generator.pick(pieces) }
            let depth = 1 + generator.next(6)
            let values = 2 + generator.next(30)
            let full = YAMLGuard.scan(yaml, maxDepth: depth, maxValues: values)
            if full != nil { refusals += 1 }
            if YAMLGuard.cannotReachLimits(yaml, maxDepth: depth, maxValues: values) {
                shortcuts += 1
                #expect(full == nil, "\(yaml.debugDescription) depth \(depth) values \(values)")
            }
        }
        #expect(shortcuts > 1_000)
        #expect(refusals > 1_000)
    }

    @Test func aliasesAndDeepNestingAlwaysTakeTheFullCheck() {
        #expect(!YAMLGuard.cannotReachLimits("a: &x 1\nb: *x\n", maxDepth: 64, maxValues: 100_000))
        #expect(
            !YAMLGuard.cannotReachLimits("a: " + String(repeating: "[", count: 63), maxDepth: 64, maxValues: 100_000))
        #expect(
            YAMLGuard.cannotReachLimits(
                "name: \"Quick Finder\"\ngroup: News\nexamples:\n  - \"one\"\n", maxDepth: 64, maxValues: 100_000))
    }

    /// Deterministic pseudo-random numbers (SplitMix64), so a failure names a reproducible case.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }
}
