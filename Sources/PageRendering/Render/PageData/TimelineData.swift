import MustacheCompiler

/// Ratings over time as `_timeline.mustache` draws it: SVG coordinates already written out.
package struct TimelineData: PageData {
    package struct Row: PageData {
        /// "March 2024".
        package let period: String
        /// Grouped digits.
        package let votes: String
        /// "4.3" in the site's language; nil for a period without votes.
        package let average: String?

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .period: .text(period)
            case .votes: .text(votes)
            case .average: average.map(TemplateValue.text)
            default: nil
            }
        }

        package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8])
            -> TemplatePrinted
        {
            switch name {
            case .period: printer.print(period, into: &output)
            case .votes: printer.print(votes, into: &output)
            case .average: printer.print(average, into: &output)
            default: .absent
            }
        }
    }

    /// One label of a scale or of the time axis.
    struct AxisText: PageData {
        let x: String, y: String, anchor: String, text: String, kind: String

        func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .x: .text(x)
            case .y: .text(y)
            case .anchor: .text(anchor)
            case .text: .text(text)
            case .kind: .text(kind)
            default: nil
            }
        }

        func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
            switch name {
            case .x: printer.print(x, into: &output)
            case .y: printer.print(y, into: &output)
            case .anchor: printer.print(anchor, into: &output)
            case .text: printer.print(text, into: &output)
            case .kind: printer.print(kind, into: &output)
            default: .absent
            }
        }
    }

    /// A grid line, a bar or a dot: typed values rather than a dictionary per shape, as a chart
    /// draws dozens of them on every skill page.
    struct Shape: PageData {
        let x: String, y: String, width: String, height: String, x1: String, x2: String

        /// A shape answers only the names it has (an empty one it has not), so any other name
        /// is looked up around it, as it was when each shape was a dictionary.
        func value(_ key: PageName) -> TemplateValue? {
            let text =
                switch key {
                case .x: x
                case .y: y
                case .width: width
                case .height: height
                case .x1: x1
                case .x2: x2
                default: ""
                }
            return text.isEmpty ? nil : .text(text)
        }

        func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
            switch name {
            case .x: Self.print(x, printer, &output)
            case .y: Self.print(y, printer, &output)
            case .width: Self.print(width, printer, &output)
            case .height: Self.print(height, printer, &output)
            case .x1: Self.print(x1, printer, &output)
            case .x2: Self.print(x2, printer, &output)
            default: .absent
            }
        }

        /// A value it has, printed; one it has not (empty), absent.
        private static func print(_ text: String, _ printer: TemplatePrinter, _ output: inout [UInt8])
            -> TemplatePrinted
        {
            text.isEmpty ? .absent : printer.print(text, into: &output)
        }
    }

    /// What every skill's chart draws alike, made once per build (`TimelineChart`): the same
    /// object on every page, not its strings and grid copied into each.
    final class Frame: Sendable {
        /// The viewBox's size.
        let width: String
        let height: String
        /// The 1…5 star lines, each with where it starts and ends.
        let grid: TemplateValue
        let radius: String
        /// The labels of the vote scale's foot and of the star scale.
        let fixedAxis: [AxisText]
        let t: TemplateValue

        init(
            width: String, height: String, grid: TemplateValue, radius: String, fixedAxis: [AxisText], t: TemplateValue
        ) {
            self.width = width
            self.height = height
            self.grid = grid
            self.radius = radius
            self.fixedAxis = fixedAxis
            self.t = t
        }
    }

    let frame: Frame
    /// The image's accessible name, also its `<title>`.
    package let label: String
    /// The table's caption: which periods, and whether earlier ones were left out.
    package let caption: String
    /// "5 of 3,288 ratings carry a date", when some of the skill's ratings carry none: the chart
    /// shows only those that do.
    package let datedNote: String?
    let bars: [(x: String, y: String, width: String, height: String)]
    let line: String
    let dots: [(x: String, y: String)]
    /// The scales' and the time axis' labels.
    let axis: [AxisText]
    package let rows: [Row]

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .t: frame.t
        case .width: .text(frame.width)
        case .height: .text(frame.height)
        case .label: .text(label)
        case .caption: .text(caption)
        case .datedNote: datedNote.map(TemplateValue.text)
        case .grid: frame.grid
        case .bars:
            .list(bars.map { .data(Shape(x: $0.x, y: $0.y, width: $0.width, height: $0.height, x1: "", x2: "")) })
        case .line: .text(line)
        case .dots: .list(dots.map { .data(Shape(x: $0.x, y: $0.y, width: "", height: "", x1: "", x2: "")) })
        case .radius: .text(frame.radius)
        case .axis: .list(axis.map(TemplateValue.data))
        case .rows: .list(rows.map(TemplateValue.data))
        default: nil
        }
    }

    package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
        switch name {
        case .width: printer.print(frame.width, into: &output)
        case .height: printer.print(frame.height, into: &output)
        case .label: printer.print(label, into: &output)
        case .caption: printer.print(caption, into: &output)
        case .datedNote: printer.print(datedNote, into: &output)
        case .line: printer.print(line, into: &output)
        case .radius: printer.print(frame.radius, into: &output)
        case .t, .grid, .bars, .dots, .axis, .rows: .unhandled
        default: .absent
        }
    }
}
