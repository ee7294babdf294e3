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

        /// What a file in this format holds.
        public var kind: Kind {
            switch self {
            case .webp: .webp
            case .png: .png
            case .jpeg: .jpeg
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

    /// What `sized` makes, for naming it: libvips' version and a probe image encoded in every
    /// format, so that another libvips, another libwebp, libspng or libjpeg, or other settings
    /// give other bytes. The build hashes it into every cached copy's folder. Empty without libvips.
    public static let encoderSignature: [UInt8] = {
        guard var vips else { return [] }
        let version = (0..<3).map { String(sitegen_vips_version(&vips, Int32($0))) }.joined(separator: ".")
        var signature = Array("vips \(version)".utf8)
        for format in Format.allCases { signature += sized(probe, box: 4, as: format) ?? [] }
        return signature
    }()

    /// An 8 × 8 colour gradient, shrunk to 4 × 4 for `encoderSignature`.
    private static let probe: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x4B, 0x6D, 0x29,
        0xDC, 0x00, 0x00, 0x00, 0x84, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x0D, 0xC8, 0xD1, 0x00, 0x04,
        0x31, 0x10, 0x03, 0xD0, 0x20, 0x2C, 0xC2, 0x20, 0x2C, 0x42, 0x10, 0x8A, 0x10, 0x84, 0x22, 0x04,
        0xA1, 0x08, 0x41, 0x58, 0x84, 0x41, 0x38, 0x84, 0x41, 0xB9, 0xBE, 0xCF, 0x07, 0x00, 0x85, 0x87,
        0x28, 0xE1, 0x35, 0x18, 0xAC, 0x86, 0x06, 0xFB, 0xF6, 0x53, 0x55, 0xAC, 0x57, 0x45, 0xD7, 0x4A,
        0xA9, 0x6B, 0x4F, 0x19, 0xE0, 0xED, 0x97, 0xA4, 0xB8, 0x4C, 0x85, 0xBB, 0xE9, 0xE1, 0x01, 0xF4,
        0x96, 0x6E, 0x2F, 0x49, 0xD6, 0x8E, 0xDC, 0x3A, 0xA3, 0x00, 0x66, 0x79, 0xD1, 0xB7, 0xB7, 0xED,
        0xF8, 0xB4, 0x33, 0xFE, 0x80, 0xAC, 0x8A, 0x98, 0xAD, 0xDC, 0x3E, 0x49, 0x3A, 0xDF, 0xA4, 0x81,
        0x56, 0xF5, 0x66, 0x5B, 0x7D, 0xDC, 0xB7, 0xBF, 0xEE, 0x9E, 0xFE, 0x01, 0xB3, 0x6B, 0xCC, 0x39,
        0x9A, 0x78, 0xBE, 0xCC, 0xED, 0xDF, 0xCC, 0xFC, 0x01, 0xEE, 0x3F, 0x54, 0x01, 0xA4, 0xA8, 0xA9,
        0xCE, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

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
