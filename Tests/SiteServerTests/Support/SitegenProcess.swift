import Foundation
import Testing

/// The built `sitegen` run as its own process in `folder`, under a shell's `ulimit` (the open-file
/// limits a test cannot set for itself without changing them for every test in the process), its
/// output collected in a file.
final class SitegenProcess {
    let process = Process()
    private let log: URL
    private let handle: FileHandle

    /// - Parameters:
    ///   - limit: what `ulimit` is given before `sitegen` starts (`-Sn 512`).
    ///   - arguments: `sitegen`'s arguments.
    init(in folder: URL, limit: String, arguments: String) throws {
        let sitegen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("sitegen")
        try #require(FileManager.default.isExecutableFile(atPath: sitegen.path), "no built sitegen beside the tests")
        log = folder.appendingPathComponent("sitegen.log")
        try Data().write(to: log)
        handle = try FileHandle(forWritingTo: log)
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit \(limit) && exec \"$0\" \(arguments)", sitegen.path]
        process.currentDirectoryURL = folder
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// Everything it has printed so far.
    var printed: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Polls what it printed every 100 ms for 30 s at most; the first value `find` gives.
    func waitFor<T>(_ find: (String) -> T?) async throws -> T? {
        for _ in 0..<300 {
            if let found = find(printed) { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        return find(printed)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? handle.close()
    }
}
