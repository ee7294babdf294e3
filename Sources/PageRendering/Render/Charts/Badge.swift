import CatalogueModel
import Parallel

/// A skill's rating badge (`skills/<id>/badge.svg`), shields.io's flat style: a grey label on the
/// left, the rating on the right in a colour for its average. The text is SVG text, so it can
/// be read, found and translated; its boxes are as wide as `BadgeText` measures it.
package struct Badge: Sendable, Equatable {
    package let label: String
    package let value: String
    /// The full text, for `<title>` and `aria-label`.
    package let title: String
    package let colour: Colour

    /// A background and the text on it, at least 4.5:1 apart (WCAG 1.4.3).
    package struct Colour: Sendable, Equatable {
        package let background: String
        package let text: String

        static let label = Colour(background: "#555555", text: "#ffffff")
        static let good = Colour(background: "#2e7d32", text: "#ffffff")
        static let fair = Colour(background: "#97ca00", text: "#1a1a1a")
        static let poor = Colour(background: "#fe7d37", text: "#1a1a1a")
        static let bad = Colour(background: "#c62828", text: "#ffffff")
        static let unrated = Colour(background: "#6e6e6e", text: "#ffffff")

        package static let all = [label, good, fair, poor, bad, unrated]

        /// By the average as the badge shows it (4.0 is green even when the mean is 3.96), so
        /// the colour never disagrees with the number beside it.
        package static func forAverage(tenths: Int?) -> Colour {
            switch tenths {
            case nil: unrated
            case let t? where t >= 40: good
            case let t? where t >= 30: fair
            case let t? where t >= 20: poor
            default: bad
            }
        }
    }

    /// Space between a text and its box's edges.
    static let padding = 6.0
    static let height = 20

    package init(skillName: String, rating: RatingSummary, strings: UIStrings) {
        (label, value) = Self.texts(rating, strings)
        title = strings.text("badge_title", ["name": skillName, "label": label, "value": value])
        colour = .forAverage(tenths: rating.averageTenths)
    }

    /// The label and the value a badge shows for `rating`.
    private static func texts(_ rating: RatingSummary, _ strings: UIStrings) -> (label: String, value: String) {
        let label = strings.text("badge_label")
        guard let average = rating.averageTenths else { return (label, strings.text("badge_unrated")) }
        return (label, strings.count("badge_value", rating.total, ["average": strings.numbers.tenths(average)]))
    }

    /// The width of the badge for `rating`, which a skill's page shows beside its snippets:
    /// the same as `width`, without the title and colour only the SVG needs.
    package static func width(rating: RatingSummary, strings: UIStrings) -> Int {
        let (label, value) = texts(rating, strings)
        return boxWidth(label) + boxWidth(value)
    }

    /// Whole pixels, so the boxes' edges fall on the pixel grid.
    private static func boxWidth(_ text: String) -> Int { Int((BadgeText.width(text) + 2 * padding).rounded(.up)) }
    var labelWidth: Int { Self.boxWidth(label) }
    var valueWidth: Int { Self.boxWidth(value) }
    package var width: Int { labelWidth + valueWidth }

    package var svg: String {
        let l = labelWidth
        let w = width
        let title = XML.escape(title)
        func text(_ content: String, centre: Double, colour: String) -> String {
            "<text x=\"\(SVGNumber.format(centre))\" y=\"14\" fill=\"\(colour)\">\(XML.escape(content))</text>"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(Self.height)" viewBox="0 0 \(w) \(Self.height)" role="img" aria-label="\(title)">
            <title>\(title)</title>
            <clipPath id="r"><rect width="\(w)" height="\(Self.height)" rx="3"/></clipPath>
            <g clip-path="url(#r)"><rect width="\(l)" height="\(Self.height)" fill="\(Colour.label.background)"/><rect x="\(l)" width="\(valueWidth)" height="\(Self.height)" fill="\(colour.background)"/></g>
            <g text-anchor="middle" font-family="\(BadgeText.fontFamily)" font-size="\(BadgeText.fontSize)">\(text(label, centre: Double(l) / 2, colour: Colour.label.text))\(text(value, centre: Double(l) + Double(valueWidth) / 2, colour: colour.text))</g>
            </svg>

            """
    }

    /// One file job per skill, keyed by its entry: a kept build remakes only the badges of the
    /// skills whose ratings (or names) changed.
    /// - Parameter only: the entries whose badges are made (all when nil), as in `JSONAPI.files`.
    static func files(_ catalogue: Catalogue, strings: UIStrings, only: Set<ObjectIdentifier>? = nil) -> PlacedJobs<
        SiteRenderer.FileJob
    > {
        let urls = catalogue.urls
        // By index into one shared catalogue, as `JSONAPI.files` does.
        let shared = Shared(catalogue)
        var jobs = PlacedJobs<SiteRenderer.FileJob>()
        for (index, entry) in catalogue.entries.enumerated() {
            jobs.append(for: entry, only: only) {
                let path = urls.badge(page: entry.path)
                return SiteRenderer.FileJob(path: path, key: PageKey(entries: [entry])) {
                    let entry = shared.value.entries[index]
                    let badge = Badge(skillName: entry.skill.name, rating: entry.rating, strings: strings)
                    return OutputFile(path: path, text: badge.svg)
                }
            }
        }
        return jobs
    }
}
