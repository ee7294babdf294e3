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
    /// What every chart draws alike.
    let frame: TimelineData.Frame
    /// Coordinates charts share, written out once.
    let scales = Scales()

    /// The coordinates that depend only on how many periods a chart shows and on a period's
    /// average, written out once per build: each chart wrote them again for each of its periods.
    struct Scales: Sendable {
        /// By number of periods (1 at index 0, up to the limit), each period's center and bar's left.
        let centers: [[String]]
        let barLefts: [[String]]
        let barWidths: [String]
        /// The star scale's height of each average from 1.0 (index 0) to 5.0, in tenths.
        let starHeights: [String]

        init() {
            let counts = 1...TimelineBuckets.defaultLimit
            typealias Chart = TimelineChart
            centers = counts.map { n in (0..<n).map { SVGNumber.format(Chart.center(of: $0, periods: n)) } }
            barLefts = counts.map { n in
                (0..<n).map { SVGNumber.format(Chart.center(of: $0, periods: n) - Chart.barWidth(periods: n) / 2) }
            }
            barWidths = counts.map { SVGNumber.format(Chart.barWidth(periods: $0)) }
            starHeights = (10...50).map { SVGNumber.format(Chart.starY(Double($0) / 10)) }
        }

        /// Period `index`'s center and bar's left of `periods`, when written out.
        func period(_ index: Int, of periods: Int) -> (center: String, barLeft: String)? {
            guard periods >= 1, periods <= centers.count, index >= 0, index < periods else { return nil }
            return (centers[periods - 1][index], barLefts[periods - 1][index])
        }

        func barWidth(of periods: Int) -> String? {
            periods >= 1 && periods <= barWidths.count ? barWidths[periods - 1] : nil
        }

        func starHeight(tenths: Int) -> String? {
            starHeights.indices.contains(tenths - 10) ? starHeights[tenths - 10] : nil
        }
    }

    /// One per build: it keeps the period labels it has made.
    public init(strings: UIStrings) {
        self.strings = strings
        periods = TimelinePeriodText(strings: strings)
        let left = SVGNumber.format(Self.plot.left)
        let right = SVGNumber.format(Self.plot.right)
        frame = TimelineData.Frame(
            width: SVGNumber.format(Self.width), height: SVGNumber.format(Self.height),
            grid: .list(
                (1...5).map {
                    .data(
                        TimelineData.Shape(
                            x: "", y: SVGNumber.format(Self.starY(Double($0))), width: "", height: "", x1: left,
                            x2: right))
                }),
            radius: SVGNumber.format(Self.dotRadius),
            fixedAxis: [Self.axisText(Self.plot.left - 6, Self.plot.bottom + 4, "end", "0", "votes")]
                + [1, 3, 5].map {
                    Self.axisText(Self.plot.right + 6, Self.starY(Double($0)) + 4, "start", "\($0) ★", "stars")
                },
            t: StringTable(strings: strings).value)
    }

    static func axisText(_ x: Double, _ y: Double, _ anchor: String, _ words: String, _ kind: String)
        -> TimelineData.AxisText
    {
        TimelineData.AxisText(x: SVGNumber.format(x), y: SVGNumber.format(y), anchor: anchor, text: words, kind: kind)
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
        let count = buckets.buckets.count
        let barWidth = barWidth(periods: count)
        let plotHeight = plot.bottom - plot.top
        var bars: [Bar?] = []
        var dots: [Point?] = []
        for (index, bucket) in buckets.buckets.enumerated() {
            let center = center(of: index, periods: count)
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

    /// The middle of period `index`'s slot, of `periods` across the plot: its dot's x.
    static func center(of index: Int, periods: Int) -> Double {
        plot.left + (plot.right - plot.left) / Double(max(periods, 1)) * (Double(index) + 0.5)
    }

    static func barWidth(periods: Int) -> Double {
        min((plot.right - plot.left) / Double(max(periods, 1)) * barShare, barMaxWidth)
    }

    /// The height of an average on the star scale: 1 at the bottom, 5 at the top.
    static func starY(_ stars: Double) -> Double {
        plot.bottom - (plot.bottom - plot.top) * (stars - 1) / 4
    }

    /// The average as one path through the dots: a period without votes starts a new piece.
    static func linePath(_ dots: [Point?]) -> String {
        linePath(dots.map { $0.map { (SVGNumber.format($0.x), SVGNumber.format($0.y)) } })
    }

    /// `linePath` of dots whose coordinates are written out.
    static func linePath(_ dots: [(x: String, y: String)?]) -> String {
        // One buffer: a piece per dot, each joined from four strings, was a third of the chart.
        var path: [UInt8] = []
        path.reserveCapacity(dots.count * 14)
        var previousWasDot = false
        for dot in dots {
            if let dot {
                if !path.isEmpty { path.append(0x20) }
                path.append(previousWasDot ? 0x4C : 0x4D)  // L, M
                path.append(contentsOf: dot.x.utf8)
                path.append(0x20)
                path.append(contentsOf: dot.y.utf8)
            }
            previousWasDot = dot != nil
        }
        return String(decoding: path, as: UTF8.self)
    }

    /// The chart's values for `_timeline.mustache`; nil for a skill without timed votes.
    /// - Parameter ratings: all the skill's ratings, dated or not; more than the timeline holds
    ///   adds a note saying how many carry a date.
    package func data(_ timeline: VoteTimeline, ratings: Int? = nil) -> TimelineData? {
        guard let buckets = TimelineBuckets(timeline) else { return nil }
        let geometry = Self.geometry(buckets)
        let numbers = strings.numbers
        let labels = buckets.buckets.map { periods.long($0.period) }
        let text = Self.axisText
        // The vote scale's foot and top, then the star scale, then the time axis.
        var axis = Array(frame.fixedAxis.prefix(1))
        axis.reserveCapacity(frame.fixedAxis.count + 3)
        axis.append(text(Self.plot.left - 6, Self.plot.top + 4, "end", numbers.integer(geometry.maxVotes), "votes"))
        axis += frame.fixedAxis.dropFirst()
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
        // What the scales hold is taken from them; only a bar's top and height are written here.
        let count = buckets.buckets.count
        let width = scales.barWidth(of: count)
        var bars: [(x: String, y: String, width: String, height: String)] = []
        var dots: [(x: String, y: String)?] = []
        bars.reserveCapacity(count)
        dots.reserveCapacity(count)
        for (index, (bar, dot)) in zip(geometry.bars, geometry.dots).enumerated() {
            let shared = scales.period(index, of: count)
            if let bar {
                bars.append(
                    (
                        shared?.barLeft ?? SVGNumber.format(bar.x), SVGNumber.format(bar.y),
                        width ?? SVGNumber.format(bar.width), SVGNumber.format(bar.height)
                    ))
            }
            dots.append(
                dot.map { dot in
                    (
                        shared?.center ?? SVGNumber.format(dot.x),
                        buckets.buckets[index].averageTenths.flatMap(scales.starHeight) ?? SVGNumber.format(dot.y)
                    )
                })
        }
        let dated = timeline.total
        let datedNote = ratings.flatMap { ratings in
            ratings > dated ? strings.count("timeline_dated", dated, ["total": numbers.integer(ratings)]) : nil
        }
        return TimelineData(
            frame: frame, label: label, caption: caption, datedNote: datedNote, bars: bars, line: Self.linePath(dots),
            dots: dots.compactMap { $0 }, axis: axis,
            rows: zip(buckets.buckets, labels).map { bucket, period in
                TimelineData.Row(
                    period: period, votes: numbers.integer(bucket.total),
                    average: bucket.averageTenths.map(numbers.tenths))
            })
    }

    /// The chart as HTML, drawn by the theme's `_timeline.mustache`; nil without timed votes.
    public func html(_ timeline: VoteTimeline, theme: Theme) -> String? {
        fragment(timeline, engine: theme.engine)?.text
    }

    /// The chart, drawn where the page prints it; nil without timed votes.
    package func fragment(
        _ timeline: VoteTimeline, ratings: Int? = nil, engine: any TemplateEngine
    ) -> ThemePartial.Fragment? {
        data(timeline, ratings: ratings).map { ThemePartial.Fragment(name: "_timeline", data: $0, engine: engine) }
    }
}
