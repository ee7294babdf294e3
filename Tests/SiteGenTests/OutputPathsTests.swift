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
}
