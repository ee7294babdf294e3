import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// docs/stars.md's pictures of each symbol and granularity, `docs/stars/*.svg`, drawn by the real
/// renderer. They are golden files too: `UPDATE_GOLDEN=1 swift test` redraws them, and this
/// test fails when the renderer and the pictures drift apart.
@Suite struct StarDocsPicturesTests {
    struct Picture: Sendable, CustomTestStringConvertible {
        var file: String
        var value: Double
        var style: StarRowStyle
        var testDescription: String { file }
    }

    static func style(_ change: (inout StarRowStyle) -> Void) -> StarRowStyle {
        var style = StarRowStyle()
        style.size = 24
        style.spacing = 4
        change(&style)
        return style
    }

    static let pictures: [Picture] = [
        Picture(file: "symbol-star.svg", value: 3.5, style: style { _ in }),
        Picture(file: "symbol-circle.svg", value: 3.5, style: style { $0.symbol = .circle }),
        Picture(file: "symbol-heart.svg", value: 3.5, style: style { $0.symbol = .heart }),
        Picture(file: "symbol-custom.svg", value: 3.5, style: style { $0.symbol = .bolt }),
        Picture(file: "granularity-1.svg", value: 3.7, style: style { $0.granularity = 1 }),
        Picture(file: "granularity-0.5.svg", value: 3.7, style: style { $0.granularity = 0.5 }),
        Picture(file: "granularity-0.25.svg", value: 3.7, style: style { $0.granularity = 0.25 }),
        Picture(file: "granularity-0.3.svg", value: 3.7, style: style { $0.granularity = 0.3 }),
        Picture(file: "granularity-0.svg", value: 3.7, style: style { $0.granularity = 0 }),
        Picture(
            file: "count-10.svg", value: 7.4,
            style: style {
                $0.count = 10
                $0.size = 16
                $0.spacing = 2
            }),
        Picture(
            file: "spacing-0.svg", value: 3.7,
            style: style {
                $0.spacing = 0
                $0.granularity = 0
            }),
        Picture(
            file: "size-16.svg", value: 3.7,
            style: style {
                $0.size = 16
                $0.spacing = 2
            }),
    ]

    /// An inline row made a file of its own: the SVG namespace, and a colour for `currentColor`
    /// (the theme's light-mode star colour, which also reads on GitHub's dark background).
    static func standalone(_ svg: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" color=\"#b26a00\"" + svg.dropFirst("<svg".count) + "\n"
    }

    @Test(arguments: pictures)
    func pictureMatchesTheRenderer(_ picture: Picture) throws {
        let svg = Self.standalone(StarRow(style: picture.style).svg(value: picture.value))
        let parsed = RatingXML.parse(svg)
        #expect(parsed.error == nil)
        #expect(parsed.attributes.first?["xmlns"] == "http://www.w3.org/2000/svg")
        try RatingGoldenFile.check(
            svg, against: RatingGoldenFile.repository.appendingPathComponent("docs/stars/\(picture.file)"))
    }
}
