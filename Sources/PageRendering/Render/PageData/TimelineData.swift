import MustacheCompiler

/// Ratings over time as `_timeline.mustache` draws it: SVG coordinates already written out.
package struct TimelineData: TemplateData {
    package struct Row: TemplateData {
        /// "March 2024".
        package let period: String
        /// Grouped digits.
        package let votes: String
        /// "4.3" in the site's language; nil for a period without votes.
        package let average: String?

        package func value(named key: String) -> TemplateValue? {
            switch key {
            case "period": .text(period)
            case "votes": .text(votes)
            case "average": average.map(TemplateValue.text)
            default: nil
            }
        }
    }

    /// The viewBox's size.
    let width: String
    let height: String
    /// The image's accessible name, also its `<title>`.
    package let label: String
    /// The table's caption: which periods, and whether earlier ones were left out.
    package let caption: String
    /// Heights of the 1…5 star lines, and where they start and end.
    let grid: [String]
    let gridLeft: String
    let gridRight: String
    let bars: [(x: String, y: String, width: String, height: String)]
    let line: String
    let dots: [(x: String, y: String)]
    let radius: String
    /// The scales' and the time axis' labels: x, y, anchor, text, kind.
    let axis: [TemplateValue]
    package let rows: [Row]
    let t: TemplateValue

    package func value(named key: String) -> TemplateValue? {
        switch key {
        case "t": t
        case "width": .text(width)
        case "height": .text(height)
        case "label": .text(label)
        case "caption": .text(caption)
        case "grid":
            .list(
                grid.map {
                    .data(TemplateDictionary(["y": .text($0), "x1": .text(gridLeft), "x2": .text(gridRight)]))
                })
        case "bars":
            .list(
                bars.map {
                    .data(
                        TemplateDictionary([
                            "x": .text($0.x), "y": .text($0.y), "width": .text($0.width), "height": .text($0.height),
                        ]))
                })
        case "line": .text(line)
        case "dots": .list(dots.map { .data(TemplateDictionary(["x": .text($0.x), "y": .text($0.y)])) })
        case "radius": .text(radius)
        case "axis": .list(axis)
        case "rows": .list(rows.map(TemplateValue.data))
        default: nil
        }
    }
}
