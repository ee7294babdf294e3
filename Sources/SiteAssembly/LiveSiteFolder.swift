import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

extension LiveSite {
    /// Puts the kept site into the output folder, so it holds what `sitegen build` would write.
    /// The whole site goes through a staging folder swapped in at once (the first time, and when
    /// everything was rendered again); an update of a few files replaces each changed file with
    /// one rename, so a reader opens either its old bytes or its new ones, never a part, and
    /// removes the files the site lost.
    public func mirror(_ update: Update, into options: BuildOptions, whole: Bool) throws(BuildFailure) {
        let display = options.outputDisplay
        func failure(_ error: any Error) -> BuildFailure {
            BuildFailure([.error(display, "cannot write the site: \(error)")])
        }
        if whole || update.whole {
            if let problem = OutputFolder.problem(
                output: options.output, display: display,
                protected: [options.content.root, options.templates].compactMap { $0 },
                force: options.force)
            {
                throw BuildFailure([problem])
            }
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
                throw failure(error)
            }
            return
        }
        let root = options.output.path
        do {
            for path in update.written {
                guard let data = files[path] else { continue }
                try Self.replace(root + "/" + path, with: data)
            }
            for path in update.removed {
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
            throw failure(error)
        }
    }

    /// Writes `data` beside `path` and renames it over `path`.
    private static func replace(_ path: String, with data: Data) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        let temporary = folder + "/.sitegen-new-" + (path as NSString).lastPathComponent
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw OutputFolder.WriteError(
                description: "cannot write `\(temporary)`: \(String(cString: strerror(errno)))")
        }
        let failed = FullWrite.write(data, to: descriptor)
        let modeSet = fchmod(descriptor, 0o644) == 0
        close(descriptor)
        guard failed == nil, modeSet, rename(temporary, path) == 0 else {
            let reason = failed ?? errno
            unlink(temporary)
            throw OutputFolder.WriteError(description: "cannot write `\(path)`: \(String(cString: strerror(reason)))")
        }
    }
}
