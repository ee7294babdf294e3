import MustacheCompiler

/// The rating distribution as `_chart.mustache` draws it: rows 5 → 1.
package struct ChartData: PageData {
    package struct Bar: PageData {
        package let stars: Int
        /// "1 star", "4 stars".
        package let label: String
        /// Grouped digits ("1,875").
        package let count: String
        package let percent: Int
        /// The filled length in percent of the track; nil for a level without votes.
        let fill: String?

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .stars: .number(stars)
            case .label: .text(label)
            case .count: .text(count)
            case .percent: .number(percent)
            case .fill: fill.map(TemplateValue.text)
            default: nil
            }
        }

        package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8])
            -> TemplatePrinted
        {
            switch name {
            case .label: printer.print(label, into: &output)
            case .count: printer.print(count, into: &output)
            case .fill: printer.print(fill, into: &output)
            case .stars, .percent: .unhandled
            default: .absent
            }
        }
    }

    /// Bar height in pixels, and the radius that rounds its ends.
    package let height: Int
    let radius: String
    let bars: [Bar]
    /// `t`: the caption and column headings.
    let t: TemplateValue

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .t: t
        case .height: .number(height)
        case .radius: .text(radius)
        case .bars: .list(bars.map(TemplateValue.data))
        default: nil
        }
    }
}
