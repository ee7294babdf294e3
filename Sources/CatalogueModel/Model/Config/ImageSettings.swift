/// `images` in site.yml: the boxes skill images are shown in, which the build makes copies of
/// at 1× and 2× in WebP and a fallback format, and the largest image it decodes at all.
public struct ImageSettings: Sendable, Equatable {
    /// `images.card`: the box, in CSS pixels, a card shows the image in (`card.mustache`).
    public var card = 56
    /// `images.page`: the box of the skill page's header image (`skill.mustache`).
    public var page = 112
    /// `images.max_pixels`: width × height above which an image is not decoded (a 30,000 ×
    /// 30,000 PNG of a few kilobytes asks for 3.6 GB): the page shows the placeholder.
    public var maxPixels = 40_000_000
    /// `images.resize`: false publishes images as they are, with no copies.
    public var resize = true

    public init() {}

    /// The square boxes, in pixels, a copy of each image is made at: each shown box at 1× and 2×,
    /// smallest first, each once (a card's 2× is the page's 1× by default).
    public var boxes: [Int] { Array(Set([card, card * 2, page, page * 2])).sorted() }

    /// The largest box a value of a setting may name: an icon's box, not a poster's.
    public static let largestBox = 1024
}
