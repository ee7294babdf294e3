import Foundation

/// The built `sitegen` command, for tests of what a user sees: exit codes, standard error and
/// separate processes.
enum SitegenExecutable {
    static let url: URL? = built("sitegen")

    /// `swift test` builds every product; the executable sits beside the test bundle.
    static func built(_ name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Run {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// One of the repository's Python scripts (`scripts/check-layers`), run from the repository root.
    static func python(_ script: String, _ arguments: [String]) throws -> Run {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script] + arguments, in: TestSupport.repoRoot)
    }

    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["SOURCE_DATE_EPOCH"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        // Files, not pipes: a child that fills one pipe while the test reads the other would hang.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            errorOutput: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
