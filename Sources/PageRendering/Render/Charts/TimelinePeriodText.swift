import CatalogueModel
import Foundation

/// A timeline period in the site's language: "March 2024", "Week of March 4, 2024" (table and
/// label), and "March 2024", "March 4" below the chart, where the year would crowd the axis.
/// Made once per build: the skills of a catalogue share their months, and filling in a text was
/// most of drawing a chart.
final class TimelinePeriodText: @unchecked Sendable {
    let strings: UIStrings
    // Pages render on all cores; a label made twice by two workers is the same text.
    private let lock = NSLock()
    private var long: [TimelineBuckets.Period: String] = [:]

    init(strings: UIStrings) { self.strings = strings }

    func long(_ period: TimelineBuckets.Period) -> String {
        if let known = lock.withLock({ long[period] }) { return known }
        let text =
            switch period {
            case .month(let year, let month):
                strings.text("timeline_month", ["month": monthName(month), "year": String(year)])
            case .week(let monday):
                strings.text("timeline_week", parts(monday))
            }
        lock.withLock { long[period] = text }
        return text
    }

    func short(_ period: TimelineBuckets.Period) -> String {
        switch period {
        case .month: long(period)
        case .week(let monday): strings.text("timeline_week_short", parts(monday))
        }
    }

    private func parts(_ day: Int) -> [String: String] {
        let (year, month, dayOfMonth) = BuildDate.civil(fromDays: day)
        return ["month": monthName(month), "day": String(dayOfMonth), "year": String(year)]
    }

    /// Each key written out, so the strings test finds every key the pages ask for.
    private func monthName(_ month: Int) -> String {
        switch month {
        case 1: strings.text("month_jan")
        case 2: strings.text("month_feb")
        case 3: strings.text("month_mar")
        case 4: strings.text("month_apr")
        case 5: strings.text("month_may")
        case 6: strings.text("month_jun")
        case 7: strings.text("month_jul")
        case 8: strings.text("month_aug")
        case 9: strings.text("month_sep")
        case 10: strings.text("month_oct")
        case 11: strings.text("month_nov")
        default: strings.text("month_dec")
        }
    }
}
