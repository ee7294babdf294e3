import Foundation
@testable import SiteGen

/// Paths and temporary content folders for tests.
enum TestSupport {
    /// The repository root, found from this file's location.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository (where CI puts it).
    static var shared: URL {
        let beside = repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: "/work/shared")
    }

    static var sampleContent: URL { repoRoot.appendingPathComponent("Content") }

    static func read(_ url: URL) throws -> String {
        try String(decoding: Data(contentsOf: url), as: UTF8.self)
    }

    /// Loads a content folder made of the given files.
    static func load(_ files: [String: String]) throws -> LoadedContent {
        let root = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(root) }
        try FixtureSite.write(files, under: root)
        return ContentLoader.load(ContentLocation(root: root, display: "Content"))
    }
}
