import CatalogueModel
import Foundation
import ImageCoding
import PageRendering

/// One image's bytes, checked and sized for every box (`ImageSettings.boxes`), or the reason
/// it is shown as the placeholder. Bytes in, copies out: what is said of it is `ImageStage`'s.
struct SizedImage: Sendable {
    enum Outcome: Sendable {
        /// How pages show it, and the copies they name. `kind` is what the bytes hold.
        case sized(SizedImages.Sizing, copies: [Copy], kind: ImageCodec.Kind)
        /// Why the page shows the placeholder instead.
        case refused(String)
    }

    struct Copy: Sendable {
        var suffix: String
        var key: String
        var data: Data
        /// Whether it came from the cache rather than the encoder.
        var reused: Bool
    }

    let outcome: Outcome
    /// Every copy made or found, shown or not, by key: what the cache keeps.
    let made: [Copy]

    /// - Parameter hash: the bytes' SHA-256 in hex, the copies' key.
    init(_ data: Data, hash: String, settings: ImageSettings, cache: ImageCache) {
        var made: [Copy] = []
        outcome = Self.size(data, hash: hash, settings: settings, cache: cache, made: &made)
        self.made = made
    }

    private static func size(
        _ data: Data, hash: String, settings: ImageSettings, cache: ImageCache, made: inout [Copy]
    ) -> Outcome {
        let bytes = [UInt8](data)
        guard let kind = ImageCodec.kind(of: bytes) else {
            return .refused("is not an image libvips can read (PNG, JPEG, GIF, WebP or AVIF)")
        }
        // An SVG can carry script, and a name that hides one would publish it: never sized or copied.
        if kind == .svg { return .refused("holds SVG, which can carry script; give a PNG, JPEG or WebP") }
        guard let (width, height) = ImageCodec.size(of: bytes) else {
            return .refused("has a \(kind.rawValue) header that cannot be read")
        }
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= settings.maxPixels else {
            return .refused(
                "is \(width) × \(height) pixels, more than `images.max_pixels` (\(settings.maxPixels)) allows; it is not decoded"
            )
        }
        let fallback: ImageCodec.Format = kind == .jpeg ? .jpeg : .png
        var webp: [Int: Copy] = [:]
        var fallbacks: [Int: Copy] = [:]
        for box in settings.boxes {
            for format in [ImageCodec.Format.webp, fallback] {
                let key = ImageCache.key(source: hash, box: box, format: format)
                let suffix = SizedImages.suffix(box: box, fileExtension: format.fileExtension)
                let copy: Copy
                if let kept = cache.copy(key, format: format) {
                    copy = Copy(suffix: suffix, key: key, data: kept, reused: true)
                } else {
                    guard let encoded = ImageCodec.sized(bytes, box: box, as: format) else {
                        return .refused("cannot be decoded whole: the \(kind.rawValue) data is truncated or damaged")
                    }
                    copy = Copy(suffix: suffix, key: key, data: Data(encoded), reused: false)
                    cache.store(copy.data, as: key)
                }
                made.append(copy)
                if format == .webp { webp[box] = copy } else { fallbacks[box] = copy }
            }
        }
        // The original serves a box where it weighs no more than a copy and is at most twice the
        // box's 2× (an icon already near its size): a copy there would only add bytes.
        let largest = max(width, height)
        var shown: [Int: Int] = [:]
        var copies = Set<Int>()
        for (box, copy) in fallbacks {
            if data.count <= copy.data.count, largest <= box * 4, kind.extensions.contains(fallback.fileExtension) {
                shown[box] = data.count
            } else {
                shown[box] = copy.data.count
                copies.insert(box)
            }
        }
        // WebP first only where it is lighter in all than what would be shown without it.
        let webpBytes = webp.values.reduce(0) { $0 + $1.data.count }
        let useWebP = webpBytes < shown.values.reduce(0, +)
        let sizing = SizedImages.Sizing(fallback: fallback.fileExtension, copies: copies, webp: useWebP)
        let published =
            fallbacks.filter { copies.contains($0.key) }.map(\.value) + (useWebP ? Array(webp.values) : [])
        return .sized(sizing, copies: published.sorted { $0.suffix < $1.suffix }, kind: kind)
    }
}
