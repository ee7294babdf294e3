/// The date a build says it was made ("Updated 2024-03-01" in the footer; feeds can use it too).
/// It only ever comes from `--build-date` or `SOURCE_DATE_EPOCH`, never from the clock, so two
/// builds of the same input stay byte-identical (https://reproducible-builds.org/specs/source-date-epoch/).
public struct BuildDate: Sendable, Hashable, CustomStringConvertible {
    /// `2024-03-01`
    public let day: String
    /// `2024-03-01T12:30:00Z`: midnight UTC when only a day was given.
    public let timestamp: String

    public var description: String { day }

    /// A day written `YYYY-MM-DD`, checked against the calendar.
    public init?(day text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year >= 1, (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.day = text
        self.timestamp = text + "T00:00:00Z"
    }

    /// Seconds since 1970-01-01 UTC, as `SOURCE_DATE_EPOCH` holds them: digits only.
    public init?(sourceDateEpoch text: String) {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let seconds = Int(text)
        else { return nil }
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        guard Self.civil(fromDays: days).year <= 9999 else { return nil }
        let two = Self.twoDigits
        let dayText = Self.isoDay(fromDays: days)
        self.day = dayText
        self.timestamp =
            dayText + "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
            + "Z"
    }

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// `--build-date` wins over `SOURCE_DATE_EPOCH`; neither means no date at all.
    public static func resolve(option: String?, environment: [String: String]) throws(Problem) -> BuildDate? {
        if let option {
            guard let date = BuildDate(day: option) else {
                throw Problem(description: "--build-date `\(option)` is not a date like 2024-03-01")
            }
            return date
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let date = BuildDate(sourceDateEpoch: epoch) else {
                throw Problem(
                    description: "SOURCE_DATE_EPOCH `\(epoch)` is not a whole number of seconds since 1970-01-01")
            }
            return date
        }
        return nil
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 → proleptic Gregorian date (Howard Hinnant's `civil_from_days`),
    /// in integers so no time zone or calendar setting can change it.
    package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Proleptic Gregorian date → days since 1970-01-01 (Hinnant's `days_from_civil`), the
    /// inverse of `civil(fromDays:)`.
    @inlinable package static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Days since 1970-01-01 of a `yyyy-mm-dd` day; nil for anything else.
    package static func days(ofISODay text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return nil
        }
        return days(fromCivil: year, month, day)
    }

    /// `2024-03-01`: the UTC day `seconds` since 1970 fall on.
    package static func isoDay(ofSecond seconds: Int) -> String {
        isoDay(fromDays: TimelineBuckets.floorDivide(seconds, 86_400))
    }

    /// `2024-03-01`: day `days` since 1970-01-01.
    package static func isoDay(fromDays days: Int) -> String {
        let (year, month, day) = civil(fromDays: days)
        return String(year).leftPadded(to: 4) + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    package static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
