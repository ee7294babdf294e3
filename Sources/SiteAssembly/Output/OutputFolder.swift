import CFolderSwap
import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the site: everything goes into a staging folder beside the output, which takes the old
/// output's place in one atomic exchange once complete. A failed build leaves the previous site
/// exactly as it was, files of deleted skills never survive, and a web server reading the output
/// never finds it missing.
package enum OutputFolder {
    package struct WriteError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Refuses outputs that would destroy the user's sources or a folder sitegen did not write.
    /// - Parameter force: replace a non-empty folder that has no sitegen mark (`--force`).
    package static func problem(output: URL, display: String, protected: [URL], force: Bool = false) -> Diagnostic? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        if out == "/" || out == FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path {
            return .error(display, "refusing to use `\(out)` as the output folder: it is replaced on every build")
        }
        for folder in protected {
            let source = folder.standardizedFileURL.resolvingSymlinksInPath().path
            if source == out || source.hasPrefix(out + "/") || out.hasPrefix(source + "/") {
                return .error(
                    display,
                    "the output folder overlaps `\(folder.path)`; it is replaced on every build, so choose another --output"
                )
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue {
            return .error(display, "the output path is a file, not a folder")
        }
        if force || OutputMark.isMarked(out) || OutputMark.isEarlierOutput(out) { return nil }
        guard let entries = OutputMark.entries(of: out) else {
            return .error(display, "cannot read the output folder: \(String(cString: strerror(errno)))")
        }
        if entries.isEmpty { return nil }
        let shown = entries.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        return .error(
            display,
            "the output folder holds \(entries.count.grouped) entr\(entries.count == 1 ? "y" : "ies") (\(shown)) "
                + "and was not written by sitegen (it has no `\(OutputMark.fileName)` file); every build replaces the whole "
                + "folder, so choose an empty or new folder, or pass --force to replace it")
    }

    /// - Returns: how many files were already in the output, byte for byte, and kept as they were.
    @discardableResult
    package static func replace(_ output: URL, with files: [OutputFile], from content: ContentSource) throws -> Int {
        let staging = try Staging(output: output)
        do {
            try staging.write(files, from: content)
            try staging.commit()
            return staging.unchanged
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Writes `files` into `folder` (created if missing).
    package static func write(_ files: [OutputFile], into folder: URL, from content: ContentSource) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let writer = BatchWriter(folder: folder.path, previous: nil)
        try writer.write(files, from: content)
    }

    /// The folder a build writes into, beside the output. Files that come out exactly as they are
    /// in the current output are hard-linked from there instead of written, so they keep their
    /// modification time and deploy tools that sync by time upload only what changed.
    final class Staging {
        package let output: URL
        package let folder: URL
        private let writer: BatchWriter
        /// Set when the file system could not exchange the folders and two renames were used:
        /// for a moment there was no output folder.
        private(set) var exchangeFallback: String?

        package init(output: URL) throws {
            let fm = FileManager.default
            self.output = output
            let parent = output.deletingLastPathComponent()
            let pid = ProcessInfo.processInfo.processIdentifier
            folder = parent.appendingPathComponent(Leftovers.stagingName(output: output.lastPathComponent, pid: pid))
            Leftovers.remove(beside: output)
            if OutputMark.isMarked(folder.path) { Self.removeTree(folder) }
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o755)
            // Marked before anything else is written, so a build killed at any point leaves a
            // folder the next build knows as its own.
            try OutputMark.contents.write(to: folder.appendingPathComponent(OutputMark.fileName))
            chmod(folder.appendingPathComponent(OutputMark.fileName).path, 0o644)
            var isDirectory: ObjCBool = false
            let hasOutput = fm.fileExists(atPath: output.path, isDirectory: &isDirectory) && isDirectory.boolValue
            writer = BatchWriter(folder: folder.path, previous: hasOutput ? output.path : nil)
        }

        /// Writes one batch of files (on all cores).
        package func write(_ files: [OutputFile], from content: ContentSource) throws {
            try writer.write(files, from: content)
        }

        /// How many files were linked from the previous output rather than written.
        package var unchanged: Int { writer.unchanged }

        /// Puts the staging folder in place of the output: one atomic exchange where the file
        /// system allows it, so the output never goes missing; then the old site is removed.
        func commit() throws {
            let fm = FileManager.default
            var status = stat()
            guard lstat(output.path, &status) == 0 else {
                try fm.moveItem(at: folder, to: output)
                return
            }
            if sitegen_exchange_paths(folder.path, output.path) == 0 {
                Self.removeTree(folder)
                return
            }
            let reason = errno
            guard reason == ENOSYS || reason == EINVAL || reason == ENOTSUP || reason == EOPNOTSUPP else {
                throw WriteError(
                    description:
                        "cannot put the new site in place of `\(output.path)`: \(String(cString: strerror(reason)))")
            }
            exchangeFallback =
                "this file system cannot exchange two folders in one step (\(String(cString: strerror(reason)))); "
                + "the output folder was missing for a moment while the new site replaced it"
            let old = output.deletingLastPathComponent()
                .appendingPathComponent(
                    Leftovers.oldName(output: output.lastPathComponent, pid: ProcessInfo.processInfo.processIdentifier))
            if OutputMark.isMarked(old.path) { Self.removeTree(old) }
            try fm.moveItem(at: output, to: old)
            do {
                try fm.moveItem(at: folder, to: output)
            } catch {
                try? fm.moveItem(at: old, to: output)
                throw error
            }
            Self.removeTree(old)
        }

        static func removeTree(_ folder: URL) { TreeRemoval.remove(folder.path, last: OutputMark.fileName) }

        /// Removes the staging folder; the output stays as it was.
        func discard() { Self.removeTree(folder) }
    }

    /// Staging and old-output folders that a killed build left beside the output
    /// (`.Public.staging-PID`, `.Public.old-PID`).
    enum Leftovers {
        static func stagingName(output: String, pid: Int32) -> String { ".\(output).staging-\(pid)" }
        static func oldName(output: String, pid: Int32) -> String { ".\(output).old-\(pid)" }

        /// Removes the leftovers of builds whose process is gone, and only folders sitegen
        /// marked: a name alone could be anyone's.
        package static func remove(beside output: URL) {
            let parent = output.deletingLastPathComponent()
            let name = output.lastPathComponent
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
            for entry in entries {
                guard let pid = processID(in: entry, output: name), !isRunning(pid) else { continue }
                let folder = parent.appendingPathComponent(entry)
                if OutputMark.isMarked(folder.path) {
                    Staging.removeTree(folder)
                } else {
                    // Killed between making the folder and marking it: only an empty one goes.
                    rmdir(folder.path)
                }
            }
        }

        /// The process id in a leftover's name, or nil when `entry` is not one of `output`'s.
        static func processID(in entry: String, output: String) -> Int32? {
            for prefix in [".\(output).staging-", ".\(output).old-"] where entry.hasPrefix(prefix) {
                return Int32(entry.dropFirst(prefix.count))
            }
            return nil
        }

        static func isRunning(_ pid: Int32) -> Bool {
            guard pid > 0 else { return false }
            if pid == ProcessInfo.processInfo.processIdentifier { return false }
            return kill(pid, 0) == 0 || errno == EPERM
        }
    }
}
