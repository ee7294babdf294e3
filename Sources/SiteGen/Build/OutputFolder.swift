import Foundation

/// Writes the site: everything goes into a staging folder beside the output, which replaces the
/// old output only once complete. A failed build leaves the previous site exactly as it was, and
/// files of deleted skills never survive.
enum OutputFolder {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Refuses outputs that would destroy the user's sources.
    static func problem(output: URL, display: String, protected: [URL]) -> Diagnostic? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        if out == "/" || out == FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path {
            return .error(display, "refusing to use `\(out)` as the output folder: it is replaced on every build")
        }
        for folder in protected {
            let source = folder.standardizedFileURL.resolvingSymlinksInPath().path
            if source == out || source.hasPrefix(out + "/") || out.hasPrefix(source + "/") {
                return .error(display, "the output folder overlaps `\(folder.path)`; it is replaced on every build, so choose another --output")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), !isDirectory.boolValue {
            return .error(display, "the output path is a file, not a folder")
        }
        return nil
    }

    /// - Returns: how many files were already in the output, byte for byte, and kept as they were.
    @discardableResult
    static func replace(_ output: URL, with files: [OutputFile]) throws -> Int {
        let staging = try Staging(output: output)
        do {
            try staging.write(files)
            try staging.commit()
            return staging.unchanged
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Writes `files` into `folder` (created if missing).
    static func write(_ files: [OutputFile], into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let writer = BatchWriter(folder: folder.path, previous: nil)
        try writer.write(files)
    }

    /// The folder a build writes into, beside the output. Files that come out exactly as they are
    /// in the current output are hard-linked from there instead of written, so they keep their
    /// modification time and deploy tools that sync by time upload only what changed.
    final class Staging {
        let output: URL
        let folder: URL
        private let old: URL
        private let writer: BatchWriter

        init(output: URL) throws {
            let fm = FileManager.default
            self.output = output
            let parent = output.deletingLastPathComponent()
            let name = output.lastPathComponent
            let pid = ProcessInfo.processInfo.processIdentifier
            folder = parent.appendingPathComponent(".\(name).staging-\(pid)")
            old = parent.appendingPathComponent(".\(name).old-\(pid)")
            try? fm.removeItem(at: folder)
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            var isDirectory: ObjCBool = false
            let hasOutput = fm.fileExists(atPath: output.path, isDirectory: &isDirectory) && isDirectory.boolValue
            writer = BatchWriter(folder: folder.path, previous: hasOutput ? output.path : nil)
        }

        /// Writes one batch of files (on all cores).
        func write(_ files: [OutputFile]) throws { try writer.write(files) }

        /// How many files were linked from the previous output rather than written.
        var unchanged: Int { writer.unchanged }

        /// Puts the staging folder in place of the output.
        func commit() throws {
            let fm = FileManager.default
            if fm.fileExists(atPath: output.path) {
                try? fm.removeItem(at: old)
                try fm.moveItem(at: output, to: old)
                do {
                    try fm.moveItem(at: folder, to: output)
                } catch {
                    try? fm.moveItem(at: old, to: output)
                    throw error
                }
                Self.removeTree(old)
            } else {
                try fm.moveItem(at: folder, to: output)
            }
        }

        /// Removes a folder, its top-level entries on all cores (a site's `skills/` and `api/`
        /// hold most of its files, so two cores share the work about evenly).
        static func removeTree(_ folder: URL) {
            let children = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            _ = children.parallelMap { child in (try? FileManager.default.removeItem(at: child)) != nil }
            try? FileManager.default.removeItem(at: folder)
        }

        /// Removes the staging folder; the output stays as it was.
        func discard() { try? FileManager.default.removeItem(at: folder) }
    }
}
