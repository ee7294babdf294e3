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

    static func replace(_ output: URL, with files: [OutputFile]) throws {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).staging-\(pid)")
        let old = parent.appendingPathComponent(".\(name).old-\(pid)")
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        do {
            try write(files, into: staging)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        if fm.fileExists(atPath: output.path) {
            try? fm.removeItem(at: old)
            try fm.moveItem(at: output, to: old)
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                try? fm.moveItem(at: old, to: output)
                throw error
            }
            try? fm.removeItem(at: old)
        } else {
            try fm.moveItem(at: staging, to: output)
        }
    }

    static func write(_ files: [OutputFile], into folder: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        var made = Set<String>()
        var written = Set<String>()
        for file in files {
            let segments = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }),
                  !file.path.contains("\\"), !file.path.contains("\0") else {
                throw WriteError(description: "refusing to write outside the output folder: \(file.path)")
            }
            // Hosts differ in case sensitivity: two files whose paths differ only in case clash on some.
            guard written.insert(file.path.lowercased()).inserted else {
                throw WriteError(description: "two files would be written to `\(file.path)`")
            }
            let target = folder.appendingPathComponent(file.path)
            let directory = target.deletingLastPathComponent()
            if made.insert(directory.path).inserted {
                try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            switch file.contents {
            case .data(let data):
                try data.write(to: target)
            case .copy(let source):
                try fm.copyItem(at: source, to: target)
            }
        }
    }
}
