import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

extension LiveSite {
    /// Puts the kept site into the output folder, so it holds what `sitegen build` would write:
    /// through a staging folder swapped in at once (the first time, and when everything was
    /// rendered again).
    public func mirrorWhole(into options: BuildOptions) throws(BuildFailure) {
        if let problem = OutputFolder.problem(for: options) { throw BuildFailure([problem]) }
        do {
            let staging = try OutputFolder.Staging(output: options.output)
            do {
                try staging.write(
                    files.map { OutputFile(path: $0.key, data: $0.value) }, from: options.content.source)
                try staging.commit()
            } catch {
                staging.discard()
                throw error
            }
        } catch {
            throw Self.writeFailure(error, options)
        }
    }

    /// The files `update` wrote, with their bytes.
    public func written(by update: Update) -> [(path: String, data: Data)] {
        update.written.compactMap { path in files[path].map { (path, $0) } }
    }

    /// Brings an output folder that holds the site before `update` up to date with it: each
    /// written file replaced with one rename, so a reader opens either its old bytes or its new
    /// ones, never a part, and the files the site lost removed. Takes the written files apart
    /// from the kept site (`written(by:)`), so the site can go on to the next build meanwhile.
    public static func mirror(
        _ written: [(path: String, data: Data)], removing removed: [String], into options: BuildOptions
    )
        throws(BuildFailure)
    {
        let root = options.output.path
        do {
            // On all cores: a new skill rewrites some 600 files, whose writing was a tenth of its wait.
            let failures = written.parallelMap { file -> String? in
                do {
                    try replace(root + "/" + file.path, with: file.data)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first {
                throw OutputFolder.WriteError(description: failure)
            }
            for path in removed {
                guard unlink(root + "/" + path) == 0 || errno == ENOENT else {
                    throw OutputFolder.WriteError(
                        description: "cannot remove `\(path)`: \(String(cString: strerror(errno)))")
                }
                // A folder the site no longer has goes too, as a full build would not make it.
                var folder = (path as NSString).deletingLastPathComponent
                while !folder.isEmpty, rmdir(root + "/" + folder) == 0 {
                    folder = (folder as NSString).deletingLastPathComponent
                }
            }
        } catch {
            throw writeFailure(error, options)
        }
    }

    private static func writeFailure(_ error: any Error, _ options: BuildOptions) -> BuildFailure {
        BuildFailure([.error(options.outputDisplay, "cannot write the site: \(error)")])
    }

    /// Writes `data` beside `path` and renames it over `path`.
    private static func replace(_ path: String, with data: Data) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.sitegen-new-" + (path as NSString).lastPathComponent
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW
        var descriptor = open(temporary, flags, 0o644)
        // The folder is made only when missing: asking for it first cost a new skill's 600
        // files about a third of their writing.
        if descriptor < 0, errno == ENOENT {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o755])
            } catch {
                // Another file's writer may have made it meanwhile (files are written in parallel).
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw error
                }
            }
            descriptor = open(temporary, flags, 0o644)
        }
        guard descriptor >= 0 else {
            throw OutputFolder.WriteError(
                description: "cannot write `\(temporary)`: \(String(cString: strerror(errno)))")
        }
        let failed = DescriptorBytes.write(data, to: descriptor)
        let modeSet = fchmod(descriptor, 0o644) == 0
        close(descriptor)
        guard failed == nil, modeSet, rename(temporary, path) == 0 else {
            let reason = failed ?? errno
            unlink(temporary)
            throw OutputFolder.WriteError(description: "cannot write `\(path)`: \(String(cString: strerror(reason)))")
        }
    }
}
