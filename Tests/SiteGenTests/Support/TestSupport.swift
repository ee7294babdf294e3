import Foundation

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Paths and temporary content folders for tests.
enum TestSupport {
    /// The repository root, found from this file's location.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Copies of the project's sample files in SUSI's and sitegen's formats, kept with the tests:
    /// a clone holds nothing beside the repository.
    static var shared: URL { repoRoot.appendingPathComponent("Tests/Fixtures") }

    static var sampleContent: URL { repoRoot.appendingPathComponent("Content") }

    /// Where the built-in theme's asset at `path` is linked from pages: its name with its hash.
    static func hashedAsset(_ path: String) -> String {
        AssetFingerprint.path(path, of: Data((DefaultTheme.files[path] ?? "").utf8))
    }

    static func read(_ url: URL) throws -> String {
        try String(decoding: Data(contentsOf: url), as: UTF8.self)
    }

    /// Reads `yaml` as a content folder's `site.yml` (in memory).
    static func readConfig(_ yaml: String) -> (SiteConfig, [Diagnostic]) {
        let site = TestSite()
        site.write("site.yml", yaml)
        var log = DiagnosticLog()
        let config = SiteConfigReader.read(site.location, &log)
        return (config, log.items)
    }

    /// Loads a content folder made of the given files (in memory).
    static func load(_ files: [String: String]) -> LoadedContent {
        let site = TestSite()
        for (path, text) in files { site.write(path, text) }
        return site.load()
    }
}

extension OutputFile {
    /// A generated file's bytes as text; empty for a copied one.
    var generatedText: String {
        guard case .data(let data) = contents else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Array where Element == String {
    /// Up to `count` of the pieces, drawn at random and joined: generated text for properties.
    func randomlyJoined(upTo count: Int, using random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in randomElement(using: &random) ?? "" }.joined()
    }
}
