import CVips

/// The one door to libvips (Debian libvips42, loaded when first needed): what an image's bytes hold, how large it is,
/// and a copy shrunk to fit a square box in a web format. Bytes in, bytes out: reading and
/// writing files, caching and what to say of a bad image are the build's.
public enum ImageCodec {
    /// What a file's bytes hold, by their content (a name can say PNG of a JPEG).
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case png = "PNG"
        case jpeg = "JPEG"
        case gif = "GIF"
        case webp = "WebP"
        case heif = "AVIF/HEIF"
        case svg = "SVG"

        /// The file name extensions that name this kind.
        public var extensions: Set<String> {
            switch self {
            case .png: ["png"]
            case .jpeg: ["jpg", "jpeg"]
            case .gif: ["gif"]
            case .webp: ["webp"]
            case .heif: ["avif", "heic", "heif"]
            case .svg: ["svg"]
            }
        }
    }

    /// An encoding a rendition is written in.
    public enum Format: Sendable, Equatable, CaseIterable {
        case webp, png, jpeg

        public var fileExtension: String {
            switch self {
            case .webp: "webp"
            case .png: "png"
            case .jpeg: "jpg"
            }
        }

        fileprivate var code: Int32 {
            switch self {
            case .webp: 0
            case .png: 1
            case .jpeg: 2
            }
        }
    }

    /// libvips, loaded and started once per process; nil when it is not installed or could not
    /// start (then nothing is decoded). Written once, by the lazy initialiser's own lock, and
    /// only read after: the calls it holds are libvips' own, safe from any thread.
    private nonisolated(unsafe) static let vips: sitegen_vips? = {
        var vips = sitegen_vips()
        return sitegen_vips_load(&vips) == 0 ? vips : nil
    }()

    /// Whether libvips is installed (`libvips.so.42`) and started: without it a build publishes
    /// images as they are.
    public static var isAvailable: Bool { vips != nil }

    /// libvips' version and the settings `sized` encodes with: part of every cached rendition's key,
    /// so that another encoder or other settings make new files.
    public static let encoderVersion: String = {
        guard var vips else { return "none" }
        let version = (0..<3).map { String(sitegen_vips_version(&vips, Int32($0))) }.joined(separator: ".")
        return "vips \(version) webp82 png9 jpeg85"
    }()

    /// What the bytes hold, or nil when libvips has no loader for them (or only one it blocks).
    public static func kind(of bytes: [UInt8]) -> Kind? {
        guard var vips, !bytes.isEmpty else { return nil }
        let loader = bytes.withUnsafeBytes { raw in sitegen_vips_loader(&vips, raw.baseAddress, raw.count) }
        guard let loader else {
            sitegen_vips_error_clear(&vips)
            return nil
        }
        let name = String(cString: loader).lowercased()
        return Kind.allCases.first { kind in
            switch kind {
            case .png: name.contains("png")
            case .jpeg: name.contains("jpeg")
            case .gif: name.contains("gif")
            case .webp: name.contains("webp")
            case .heif: name.contains("heif")
            case .svg: name.contains("svg")
            }
        }
    }

    /// Width and height from the header alone, before any pixel is decoded: what a pixel limit
    /// is checked against. Nil when the header cannot be read.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard var vips, !bytes.isEmpty else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        let status = bytes.withUnsafeBytes { raw in
            sitegen_vips_header(&vips, raw.baseAddress, raw.count, &width, &height)
        }
        guard status == 0, width > 0, height > 0 else {
            sitegen_vips_error_clear(&vips)
            return nil
        }
        return (Int(width), Int(height))
    }

    /// The image shrunk to fit `box` × `box` (never enlarged, turned upright by its EXIF
    /// orientation, no metadata kept), in `format`. Nil when it cannot be decoded whole: a
    /// truncated or damaged file is refused, not drawn in part. Check `size(of:)` first: this
    /// decodes every pixel.
    public static func sized(_ bytes: [UInt8], box: Int, as format: Format) -> [UInt8]? {
        guard var vips, !bytes.isEmpty, box > 0, let box = Int32(exactly: box) else { return nil }
        var out: UnsafeMutableRawPointer?
        var count = 0
        let status = bytes.withUnsafeBytes { raw in
            sitegen_vips_sized(&vips, raw.baseAddress, raw.count, box, format.code, &out, &count)
        }
        defer { sitegen_vips_free(&vips, out) }
        guard status == 0, let out, count > 0 else {
            sitegen_vips_error_clear(&vips)
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: out, count: count))
    }
}
