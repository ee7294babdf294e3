import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

/// The paths written so far in one build, and the rule each new one must pass: a plain path
/// below the output folder, not another file's path in different case (hosts differ in case
/// sensitivity, so such two clash on some).
package struct OutputPaths {
    private var taken = Set<String>()

    package init() {}

    /// Takes `path` for one file.
    /// - Returns: its segments.
    @discardableResult
    package mutating func claim(_ path: String) throws(OutputFolder.WriteError) -> [Substring] {
        let segments = path.slashSeparated(omittingEmpty: false)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }),
            // Bytes, not Foundation's `contains`, which was most of the writer's serial loop.
            !path.utf8.contains(where: { $0 == 0x5C || $0 == 0 })
        else {
            throw OutputFolder.WriteError(description: "refusing to write outside the output folder: \(path)")
        }
        guard taken.insert(Self.caseless(path)).inserted else {
            throw OutputFolder.WriteError(description: "two files would be written to `\(path)`")
        }
        return segments
    }

    /// Gives back `path`, taken for a file the site no longer has.
    package mutating func release(_ path: String) {
        taken.remove(Self.caseless(path))
    }

    /// `path` as hosts that ignore case compare it. Most paths are lowercase ASCII already and
    /// are taken as they are: lowercasing made a new string for each of the build's files.
    static func caseless(_ path: String) -> String {
        path.utf8.contains { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 } ? path.lowercased() : path
    }
}

extension OutputFile {
    /// The file's bytes; a copy is read from `content` under the static-file limit.
    package func bytes(from content: ContentSource) throws(OutputFolder.WriteError) -> Data {
        switch contents {
        case .data(let bytes):
            return bytes
        case .copy(let source):
            do { return try content.read(source, limit: InputLimits.staticFileBytes) } catch {
                throw OutputFolder.WriteError(description: "`\(source.path)`: \(error.description)")
            }
        }
    }
}
