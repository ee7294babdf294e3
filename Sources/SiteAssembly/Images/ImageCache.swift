import Foundation
import ImageCoding
import PageRendering

/// Sized copies kept between builds: in memory for a running `serve` or `collect` (the last
/// run's), and in a folder for the next `sitegen build` (`.sitegen-cache/images/` beside the
/// content folder). A copy is found by its source's bytes, its box, its format and the encoder,
/// never by a name or a date: an image edited back to what it was finds its copies again, and
/// another libvips makes new ones.
struct ImageCache: Sendable {
    /// Where the cache lives (`.sitegen-cache/`); nil keeps none on disk (a site built in memory).
    let root: URL?
    /// Copies in memory, by key: the last run's (`ImageStage.Memo`), made by this process.
    var kept: [String: Data]
    /// Whether new copies go to the folder: `sitegen check` reads the cache but never writes.
    let stores: Bool

    init(folder: URL?, stores: Bool = true) {
        root = folder
        kept = [:]
        self.stores = stores
    }

    /// The folder of this encoder's copies. One per encoder and settings: a new libvips leaves
    /// the old copies unread. Named only when an image is sized, since naming the encoder loads
    /// libvips.
    var folder: URL? { root?.appendingPathComponent(Self.folderName, isDirectory: true) }

    private static let folderName =
        "images-" + AssetFingerprint.hex(of: Data(ImageCodec.encoderSignature), digits: 8)

    /// A copy's key: the hash of the source's bytes, the box and the format's extension.
    static func key(source hash: String, box: Int, format: ImageCodec.Format) -> String {
        hash + "." + String(box) + "." + format.fileExtension
    }

    /// The copy under `key`, which holds `format`. A file on disk is one anyone with the folder
    /// could have written: it is used only when its bytes hold what its name says.
    func copy(_ key: String, format: ImageCodec.Format) -> Data? {
        if let data = kept[key] { return data }
        guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(key).path)
        else { return nil }
        return ImageCodec.kind(of: [UInt8](data)) == format.kind ? data : nil
    }

    /// Keeps a copy on disk for the next build. A folder that cannot be written only costs that
    /// build the encoding again, so a failure is not an error.
    func store(_ data: Data, as key: String) {
        guard stores, let folder else { return }
        // Atomic: written whole under another name, then renamed, so a build stopped midway leaves
        // no half copy (and the next prune removes what it left).
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: folder.appendingPathComponent(key), options: .atomic)
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
