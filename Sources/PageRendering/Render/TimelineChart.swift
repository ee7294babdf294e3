import CatalogueModel
import MustacheCompiler

/// Ratings over time on the skill page: the votes of each period as bars on the left scale, and
/// the period's average (1-5 stars) as a line with a dot per period on the right scale. A period
/// without votes has no bar and no dot, and the line breaks there rather than inventing an
/// average. The SVG is an image with a label; the numbers are in a table behind it, so nothing
/// rests on reading the picture. Geometry only: `_timeline.mustache` holds the markup.
public struct TimelineChart: Sendable {
    /// The drawing's own units; CSS scales it to the column.
    static let width = 400.0
    static let height = 180.0
    /// Room for the vote scale on the left, the star scale on the right and the dates below.
    static let plot = (left: 34.0, right: 372.0, top: 10.0, bottom: 150.0)
    /// A bar's share of its period's slot, and its widest: a few periods get bars, not blocks.
    static let barShare = 0.6
    static let barMaxWidth = 28.0
    static let dotRadius = 3.0

    let strings: UIStrings
    let periods: TimelinePeriodText

    /// One per build: it keeps the period labels it has made.
    public init(strings: UIStrings) {
        self.strings = strings
        periods = TimelinePeriodText(strings: strings)
    }

    public struct Bar: Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
    }

    public struct Point: Sendable, Equatable {
        public var x: Double, y: Double
    }

    /// Where each period's bar and dot go.
    public struct Geometry: Sendable, Equatable {
        /// One per period, nil for a period without votes.
        public var bars: [Bar?]
        public var dots: [Point?]
        /// The most votes in a period: the top of the vote scale.
        public var maxVotes: Int
    }

    public static func geometry(_ buckets: TimelineBuckets) -> Geometry {
        let maxVotes = max(buckets.buckets.map(\.total).max() ?? 0, 1)
        let slot = (plot.right - plot.left) / Double(max(buckets.buckets.count, 1))
        let barWidth = min(slot * barShare, barMaxWidth)
        let plotHeight = plot.bottom - plot.top
        var bars: [Bar?] = []
        var dots: [Point?] = []
        for (index, bucket) in buckets.buckets.enumerated() {
            let center = plot.left + slot * (Double(index) + 0.5)
            guard bucket.total > 0, let tenths = bucket.averageTenths else {
                bars.append(nil)
                dots.append(nil)
                continue
            }
            let height = plotHeight * Double(bucket.total) / Double(maxVotes)
            bars.append(Bar(x: center - barWidth / 2, y: plot.bottom - height, width: barWidth, height: height))
            dots.append(Point(x: center, y: starY(Double(tenths) / 10)))
        }
        return Geometry(bars: bars, dots: dots, maxVotes: maxVotes)
    }

    /// The height of an average on the star scale: 1 at the bottom, 5 at the top.
    static func starY(_ stars: Double) -> Double {
        plot.bottom - (plot.bottom - plot.top) * (stars - 1) / 4
    }

    /// The average as one path through the dots: a period without votes starts a new piece.
    static func linePath(_ dots: [Point?]) -> String {
        // One buffer: a piece per dot, each joined from four strings, was a third of the chart.
        var path: [UInt8] = []
        path.reserveCapacity(dots.count * 14)
        var previous: Point?
        for dot in dots {
            if let dot {
                if !path.isEmpty { path.append(0x20) }
                path.append(previous == nil ? 0x4D : 0x4C)  // M, L
                path.append(contentsOf: SVGNumber.format(dot.x).utf8)
                path.append(0x20)
                path.append(contentsOf: SVGNumber.format(dot.y).utf8)
            }
            previous = dot
        }
        return String(decoding: path, as: UTF8.self)
    }

    /// The chart's values for `_timeline.mustache`; nil for a skill without timed votes.
    package func data(_ timeline: VoteTimeline) -> TimelineData? {
        guard let buckets = TimelineBuckets(timeline) else { return nil }
        let geometry = Self.geometry(buckets)
        let numbers = strings.numbers
        let labels = buckets.buckets.map { periods.long($0.period) }
        func text(_ x: Double, _ y: Double, _ anchor: String, _ words: String, _ kind: String) -> TimelineData.AxisText
        {
            TimelineData.AxisText(
                x: SVGNumber.format(x), y: SVGNumber.format(y), anchor: anchor, text: words, kind: kind)
        }
        var axis: [TimelineData.AxisText] = [
            text(Self.plot.left - 6, Self.plot.bottom + 4, "end", "0", "votes"),
            text(Self.plot.left - 6, Self.plot.top + 4, "end", numbers.integer(geometry.maxVotes), "votes"),
        ]
        for stars in [1, 3, 5] {
            axis.append(text(Self.plot.right + 6, Self.starY(Double(stars)) + 4, "start", "\(stars) ★", "stars"))
        }
        if let first = buckets.buckets.first.map({ periods.short($0.period) }),
            let last = buckets.buckets.last.map({ periods.short($0.period) })
        {
            let below = Self.plot.bottom + 20
            if buckets.buckets.count == 1 {
                axis.append(text((Self.plot.left + Self.plot.right) / 2, below, "middle", first, "period"))
            } else {
                axis.append(text(Self.plot.left, below, "start", first, "period"))
                axis.append(text(Self.plot.right, below, "end", last, "period"))
            }
        }
        let months = buckets.scale == .month
        var caption = months ? strings.text("timeline_caption_month") : strings.text("timeline_caption_week")
        if buckets.omitted > 0 {
            let shown = buckets.buckets.count
            caption =
                months
                ? strings.count("timeline_recent_months", shown, ["caption": caption])
                : strings.count("timeline_recent_weeks", shown, ["caption": caption])
        }
        let first = labels.first ?? ""
        let span =
            labels.count == 1 ? first : strings.text("timeline_span", ["first": first, "last": labels.last ?? ""])
        let label = strings.count("timeline_label", buckets.buckets.reduce(0) { $0 + $1.total }, ["span": span])
        return TimelineData(
            width: SVGNumber.format(Self.width), height: SVGNumber.format(Self.height), label: label,
            caption: caption,
            grid: (1...5).map { SVGNumber.format(Self.starY(Double($0))) },
            gridLeft: SVGNumber.format(Self.plot.left), gridRight: SVGNumber.format(Self.plot.right),
            bars: geometry.bars.compactMap { bar in
                bar.map {
                    (
                        SVGNumber.format($0.x), SVGNumber.format($0.y), SVGNumber.format($0.width),
                        SVGNumber.format($0.height)
                    )
                }
            },
            line: Self.linePath(geometry.dots),
            dots: geometry.dots.compactMap { $0.map { (SVGNumber.format($0.x), SVGNumber.format($0.y)) } },
            radius: SVGNumber.format(Self.dotRadius), axis: axis,
            rows: zip(buckets.buckets, labels).map { bucket, period in
                TimelineData.Row(
                    period: period, votes: numbers.integer(bucket.total),
                    average: bucket.averageTenths.map(numbers.tenths))
            },
            t: StringTable(strings: strings).value)
    }

    /// The chart as HTML, drawn by the theme's `_timeline.mustache`; nil without timed votes.
    public func html(_ timeline: VoteTimeline, theme: Theme) -> String? {
        fragment(timeline, engine: theme.engine)?.text
    }

    /// The chart, drawn where the page prints it; nil without timed votes.
    package func fragment(_ timeline: VoteTimeline, engine: any TemplateEngine) -> ThemePartial.Fragment? {
        data(timeline).map { ThemePartial.Fragment(name: "_timeline", data: $0, engine: engine) }
    }
}
