import CatalogueModel

/// The local skill images the build made smaller copies of (`images` in site.yml), by content
/// path, and the copies. A copy is published beside the original as `images/tea-timer.png.56.webp`:
/// named by its source and box, so a page names it without knowing its bytes.
public struct SizedImages: Sendable, Equatable {
    /// How one image is shown at each box (`ImageSettings.boxes`).
    public struct Sizing: Sendable, Equatable {
        /// The fallback copies' extension: `png`, or `jpg` for a JPEG.
        public var fallback: String
        /// The boxes with a fallback copy of their own; at the others the original is smaller
        /// than a copy would be (an icon already near its box), and serves instead.
        public var copies: Set<Int>
        /// Whether every box has a WebP copy, shown first: only when they weigh less than the fallbacks.
        public var webp: Bool

        public init(fallback: String, copies: Set<Int>, webp: Bool) {
            self.fallback = fallback
            self.copies = copies
            self.webp = webp
        }

        /// Whether any copy is shown: otherwise the page shows the original as it would unsized.
        public var isSized: Bool { webp || !copies.isEmpty }
    }

    /// By content path: only the images a page shows a copy of (`Sizing.isSized`).
    public var sizings: [String: Sizing]
    /// The copies, each at its path below the media folder (`images/tea-timer.png.56.webp`), sorted.
    public var files: [OutputFile]
    /// The content paths of the images refused (shown as the placeholder).
    public var refused: Set<String> = []

    public init(sizings: [String: Sizing] = [:], files: [OutputFile] = []) {
        self.sizings = sizings
        self.files = files
    }

    public static let none = SizedImages()

    /// Whether every page shows the images as `other` does: the same sizings and refusals. The
    /// copies' bytes may differ; pages name copies, not bytes.
    public func showsLike(_ other: SizedImages) -> Bool { sizings == other.sizings && refused == other.refused }

    /// What a copy's name adds to its source's: `.56.webp`.
    public static func suffix(box: Int, fileExtension: String) -> String { ".\(box).\(fileExtension)" }
}
