import Foundation
import ImageCoding
import PageRendering

/// Sized copies kept between builds: in memory for a running `serve` or `collect` (the last good
/// build's), and in a folder for the next `sitegen build` (`.sitegen-cache/images/` beside the
/// content folder). A copy is found by its source's bytes, its box, its format and the encoder,
/// never by a name or a date: an image edited back to what it was finds its copies again, and
/// another libvips makes new ones.
struct ImageCache: Sendable {
    /// Where the cache lives (`.sitegen-cache/`); nil keeps none on disk (a site built in memory).
    let root: URL?
    /// The copies of the last good build, by key.
    let kept: [String: Data]
    /// Whether new copies go to the folder: `sitegen check` reads the cache but never writes.
    let stores: Bool

    init(folder: URL?, kept: [String: Data] = [:], stores: Bool = true) {
        root = folder
        self.kept = kept
        self.stores = stores
    }

    /// The folder of this encoder's copies. One per encoder and settings: a new libvips leaves
    /// the old copies unread. Named only when an image is sized, since naming the encoder loads
    /// libvips.
    var folder: URL? { root?.appendingPathComponent(Self.folderName, isDirectory: true) }

    private static let folderName =
        "images-" + AssetFingerprint.hex(of: Data(ImageCodec.encoderVersion.utf8), digits: 8)

    /// A copy's key: the hash of the source's bytes, the box and the format's extension.
    static func key(source hash: String, box: Int, format: ImageCodec.Format) -> String {
        hash + "." + String(box) + "." + format.fileExtension
    }

    func copy(_ key: String) -> Data? {
        if let data = kept[key] { return data }
        guard let folder else { return nil }
        return FileManager.default.contents(atPath: folder.appendingPathComponent(key).path)
    }

    /// Keeps a copy on disk for the next build. A folder that cannot be written only costs that
    /// build the encoding again, so a failure is not an error.
    func store(_ data: Data, as key: String) {
        guard stores, let folder else { return }
        let file = folder.appendingPathComponent(key)
        // Written whole under another name first: a build stopped midway leaves no half copy.
        let partial = folder.appendingPathComponent(".\(key).\(ProcessInfo.processInfo.processIdentifier).partial")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: partial)
            if rename(partial.path, file.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        } catch {
            try? FileManager.default.removeItem(at: partial)
        }
    }

    /// Removes what this build did not use: the copies of images gone or changed, and the folders
    /// of other encoders, so the cache holds the site's images once, not their history.
    func prune(keeping used: Set<String>) {
        guard let folder else { return }
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where !used.contains(name) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
        let parent = folder.deletingLastPathComponent()
        for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix("images-") && name != folder.lastPathComponent {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
