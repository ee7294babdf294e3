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

    /// A fresh temporary folder, removed by the caller with `cleanup`.
    static func temporaryFolder(_ name: String = "sitegen-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes files (relative path → text) below `root`.
    static func write(_ files: [String: String], into root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func read(_ url: URL) throws -> String {
        try String(decoding: Data(contentsOf: url), as: UTF8.self)
    }

    static func options(content: URL, output: URL, baseURL: String? = nil, templates: URL? = nil) -> BuildOptions {
        BuildOptions(content: ContentLocation(root: content, display: "Content"), templates: templates,
                     output: output, outputDisplay: "Public", baseURL: baseURL)
    }

    /// Loads a content folder made of the given files.
    static func load(_ files: [String: String]) throws -> LoadedContent {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write(files, into: root)
        return ContentLoader.load(ContentLocation(root: root, display: "Content"))
    }
}
