import CatalogueModel

/// A vote's `timestamp` as an instant, so that `2024-03-01T11:00:00+01:00` and
/// `2024-03-01T10:00:00Z` are the same moment and `…:00.5Z` (SUSI writes fractions) comes after
/// `…:00Z`, which comparing the text gets wrong. Reads ISO 8601 / RFC 3339 dates and date-times:
/// `2024-03-01`, `2024-03-01T10:00:00Z`, a space for the `T`, any fraction, `Z` or `±hh:mm`
/// (no zone is UTC).
package struct VoteTime: Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var seconds: Int
    package var nanoseconds: Int

    package static func < (a: VoteTime, b: VoteTime) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    /// Nil for text that is not such a date.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let time = Self.parse(bytes, 0..<bytes.count) else { return nil }
        self = time
    }

    private init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The instant a date's UTF-8 bytes name, or nil: read from the bytes, as a large vote log
    /// has a timestamp on every line.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> VoteTime? {
        var reader = Reader(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"),
            let day = reader.number(digits: 2), (1...12).contains(month), (1...days(in: month, of: year)).contains(day)
        else {
            return nil
        }
        var secondOfDay = 0
        var nanoseconds = 0
        var offset = 0
        if !reader.atEnd {
            guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
                let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
                reader.skip(":"),
                let second = reader.number(digits: 2), hour < 24, minute < 60, second <= 60
            else { return nil }
            secondOfDay = hour * 3600 + minute * 60 + second
            if reader.skip(".") || reader.skip(",") {
                guard let fraction = reader.fraction() else { return nil }
                nanoseconds = fraction
            }
            let utc = reader.skip("Z") || reader.skip("z")
            if !utc && !reader.atEnd {
                let sign: Int
                if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
                guard let hours = reader.number(digits: 2), hours < 24 else { return nil }
                _ = reader.skip(":")
                guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard reader.atEnd else { return nil }
        }
        return VoteTime(
            seconds: daysSinceEpoch(year: year, month: month, day: day) * 86_400 + secondOfDay - offset,
            nanoseconds: nanoseconds)
    }

    package static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        BuildDate.days(fromCivil: year, month, day)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        let end: Int

        var atEnd: Bool { index == end }

        package mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        package mutating func number(digits: Int) -> Int? {
            guard index + digits <= end else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }

        /// Digits after the decimal point, as nanoseconds; digits past the ninth are read and dropped.
        package mutating func fraction() -> Int? {
            var value = 0
            var count = 0
            while index < end, (0x30...0x39).contains(bytes[index]) {
                if count < 9 { value = value * 10 + Int(bytes[index] - 0x30) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { value *= 10 }
            return value
        }
    }
}

extension VoteTimeline {
    /// Counts a vote on the day its timestamp names: a zoned instant's UTC day, and the date as
    /// written for a time without a zone (SUSI writes its server's local time without one). A
    /// vote without a readable timestamp stays off the timeline.
    mutating func add(vote stars: Int, at timestamp: String) {
        guard let time = VoteTime(timestamp) else { return }
        add(vote: stars, day: VoteTimeline.day(seconds: time.seconds))
    }
}
