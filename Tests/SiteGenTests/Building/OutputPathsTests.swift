import Testing

@testable import SiteAssembly

/// The writer's claim on each path: two files whose paths differ only in case would be one file
/// on a case-insensitive file system (macOS, Windows shares), so the second is refused.
@Suite struct OutputPathsTests {
    @Test func pathsThatDifferOnlyInCaseAreOneFile() throws {
        var paths = OutputPaths()
        try paths.claim("skills/a/index.html")
        #expect(throws: OutputFolder.WriteError.self) { try paths.claim("Skills/A/index.html") }
        // Beyond ASCII, as Unicode lowercases.
        try paths.claim("grüße/Ä.html")
        #expect(throws: OutputFolder.WriteError.self) { try paths.claim("GRÜßE/ä.html") }
        paths.release("SKILLS/a/INDEX.html")
        try paths.claim("skills/a/index.html")
    }

    /// The claim takes a lowercase ASCII path as it is, without lowercasing it: the same key as
    /// `lowercased()` gives, for paths of any mix of ASCII case, digits, punctuation and beyond.
    @Test func theCaselessKeyIsTheLowercasedPath() {
        let pieces = [
            "a", "Z", "q", "M", "0", "9", "-", "_", ".", "/", "ä", "Ä", "ß", "İ", "Σ", "ﬀ", "é", "😀", "@", "[",
        ]
        var random = SplitMix64(seed: 7)
        var unchanged = 0
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                pieces[
                    Int.random(in: 0..<(Int.random(in: 0..<4, using: &random) == 0 ? pieces.count : 9), using: &random)]
            }.joined()
            #expect(OutputPaths.caseless(path) == path.lowercased(), "\(path)")
            if path == path.lowercased() { unchanged += 1 }
        }
        #expect(unchanged > 500)
    }
}
