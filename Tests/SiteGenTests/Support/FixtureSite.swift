import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Fixture sites and temporary folders for end-to-end tests.
enum FixtureSite {
    /// `Tests/Fixtures/`, found from this file so tests run from any working directory.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    /// A fresh folder, removed by `remove`.
    static func temporaryFolder(_ label: String = #function) throws -> URL {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-\(safe.prefix(40))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// Options that show paths as `Content/…` and `Templates/…`, as a user running in the
    /// project folder would see them.
    static func options(
        content: URL, output: URL, templates: URL? = nil, strict: Bool = false,
        buildDate: BuildDate? = nil
    ) -> BuildOptions {
        BuildOptions(
            content: ContentLocation(root: content, display: "Content"), templates: templates,
            templatesDisplay: "Templates", output: output, outputDisplay: "Public", strict: strict,
            buildDate: buildDate)
    }

    /// Where a build into memory says its output is; nothing is written there.
    static let memoryOutput = URL(fileURLWithPath: "/memory/Public")

    /// A fixture's content read into memory, shown as `Content/…`.
    static func memoryContent(_ name: String) throws -> ContentLocation {
        try TestSite(copying: fixture(name)).location
    }

    /// Options for a build into memory of `content` (see `memoryContent`).
    static func options(
        _ content: ContentLocation, templates: URL? = nil, strict: Bool = false,
        buildDate: BuildDate? = nil
    ) -> BuildOptions {
        BuildOptions(
            content: content, templates: templates, templatesDisplay: "Templates", output: memoryOutput,
            outputDisplay: "Public", strict: strict, buildDate: buildDate)
    }

    /// Builds into memory.
    /// - Returns: the report and the site's files by path.
    static func build(_ options: BuildOptions) throws(BuildFailure) -> (report: BuildReport, files: [String: Data]) {
        let output = MemoryOutput()
        let report = try SiteBuilder.build(options, into: output)
        return (report, output.files)
    }

    /// Copies a fixture into `folder/Content` so a test may change it.
    static func copy(fixture name: String, into folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: fixture(name), to: target)
        return target
    }

    /// Writes files (path → text) below `root`.
    static func write(_ files: [String: String], under root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Every regular file below `root`, by relative path.
    static func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return files
        }
        for case let url as URL in enumerator {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    /// The diagnostics of a check that is expected to fail, as the CLI prints them.
    static func failure(_ options: BuildOptions) -> [String] {
        do {
            _ = try SiteBuilder.check(options)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}
