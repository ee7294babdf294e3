import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// WCAG 1.4.11 (non-text contrast, ≥ 3:1) for the default star and bar colours, read from the
/// theme's stylesheet and from `ChartStyle`, in both colour schemes.
@Suite struct RatingColorContrastTests {
    static let stylesheet = RatingGoldenFile.repository.appendingPathComponent("Templates/assets/style.css")

    /// Custom properties of the first `:root { … }` (light) and of the `:root` inside
    /// `@media (prefers-color-scheme: dark)`.
    static func palettes() throws -> (light: [String: String], dark: [String: String]) {
        let css = try String(contentsOf: stylesheet, encoding: .utf8)
        func block(after marker: String, in text: Substring) throws -> Substring {
            let start = try #require(text.range(of: marker), "no `\(marker)` in style.css")
            let open = try #require(text[start.upperBound...].firstIndex(of: "{"))
            let close = try #require(text[open...].firstIndex(of: "}"))
            return text[text.index(after: open)..<close]
        }
        let light = try block(after: ":root", in: css[...])
        let media = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        let dark = try block(after: ":root", in: css[media.upperBound...])
        return (variables(light), variables(dark))
    }

    static func variables(_ block: Substring) -> [String: String] {
        var out: [String: String] = [:]
        let code = String(block).replacingOccurrences(of: #"(?s)/\*.*?\*/"#, with: "", options: .regularExpression)
        for declaration in code.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            out[parts[0].trimmingCharacters(in: .whitespacesAndNewlines)] = parts[1].trimmingCharacters(
                in: .whitespacesAndNewlines
            ).lowercased()
        }
        return out
    }

    /// sRGB relative luminance (WCAG 2.x definition) of `#rrggbb`.
    static func luminance(_ hex: String) throws -> Double {
        let digits = hex.dropFirst()
        try #require(hex.hasPrefix("#") && digits.count == 6, "\(hex) is not #rrggbb")
        let value = try #require(Int(digits, radix: 16))
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func contrast(_ a: String, _ b: String) throws -> Double {
        let la = try luminance(a)
        let lb = try luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test func contrastFormulaMatchesKnownValues() throws {
        #expect(abs(try Self.contrast("#000000", "#ffffff") - 21) < 1e-9)
        #expect(abs(try Self.contrast("#777777", "#ffffff") - 4.48) < 0.01)
        #expect(try Self.contrast("#f9a825", "#ffffff") < 3, "SUSI's amber 800 is too light for white")
    }

    @Test func stylesheetBarColoursAreChartStyleDefaults() throws {
        let (light, dark) = try Self.palettes()
        for (offset, stars) in (1...5).reversed().enumerated() {
            #expect(light["--bar-\(stars)"] == ChartStyle.defaultColors[offset])
            #expect(dark["--bar-\(stars)"] == ChartStyle.defaultDarkColors[offset])
        }
    }

    @Test func barsStandOutFromPageCardAndTrack() throws {
        let (light, dark) = try Self.palettes()
        for (palette, colors, scheme) in [
            (light, ChartStyle.defaultColors, "light"), (dark, ChartStyle.defaultDarkColors, "dark"),
        ] {
            for background in ["--bg", "--surface", "--track"] {
                let behind = try #require(palette[background], "\(background) missing in the \(scheme) palette")
                for color in colors {
                    let ratio = try Self.contrast(color, behind)
                    #expect(ratio >= 3, "\(scheme): bar \(color) on \(background) \(behind) is only \(ratio):1")
                }
            }
        }
    }

    @Test func starsStandOutFromPageAndCard() throws {
        let (light, dark) = try Self.palettes()
        for (palette, scheme) in [(light, "light"), (dark, "dark")] {
            let star = try #require(palette["--star"])
            for background in ["--bg", "--surface"] {
                let behind = try #require(palette[background])
                let ratio = try Self.contrast(star, behind)
                #expect(ratio >= 3, "\(scheme): star \(star) on \(background) \(behind) is only \(ratio):1")
            }
        }
    }

    @Test func forcedColoursKeepStarsAndBarsInSystemColours() throws {
        let css = try String(contentsOf: Self.stylesheet, encoding: .utf8)
        let start = try #require(css.range(of: "@media (forced-colors: active)"))
        let block = css[start.upperBound...]
        #expect(block.contains(".stars { color: CanvasText; }"))
        #expect(block.contains(".bar-track { fill: Canvas; stroke: CanvasText; }"))
        #expect(block.contains(".rating-chart .bar-fill { fill: CanvasText; }"))
    }
}
