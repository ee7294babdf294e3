/// Vote log lines as programs write them — `{"skill":"…","stars":4,"user":"…","timestamp":"…"}`,
/// with a `comment` and `name` where the vote came with a review:
/// one flat JSON object per line whose values are strings without escapes or whole numbers —
/// read byte by byte, about twenty times faster than JSONDecoder. Any other line (escapes,
/// fractions, nesting, a repeated key, invalid JSON) goes to JSONDecoder, which reads it the same
/// way and also explains its errors.
enum FlatVoteLines {
    /// One plain line's fields as ranges of the log's bytes: the merger copies out only what it
    /// keeps, as a large log's many small strings were most of reading it.
    struct Fields {
        enum User {
            case text(Range<Int>)
            case number(Int)
        }

        var skill: Range<Int>?
        var stars: Int?
        var user: User?
        var timestamp: Range<Int>?
        /// A review's text and the name to show with it.
        var comment: Range<Int>?
        var name: Range<Int>?

        /// The event JSONDecoder reads from the same line.
        func event(in b: [UInt8]) -> EventMerger.Line {
            func text(_ r: Range<Int>) -> String { String(decoding: b[r], as: UTF8.self) }
            var event = EventMerger.Line()
            event.skill = skill.map(text)
            event.stars = stars.map { .number(Double($0)) }
            switch user {
            case .text(let r)?: event.user = text(r)
            case .number(let n)?: event.user = String(n)
            case nil: break
            }
            event.timestamp = timestamp.map(text)
            event.comment = comment.map(text)
            event.name = name.map(text)
            return event
        }
    }

    /// One event per line, or nil when a line is not of the plain shape.
    package static func read(_ bytes: [UInt8], _ lines: [Range<Int>]) -> [EventMerger.Line]? {
        var events: [EventMerger.Line] = []
        events.reserveCapacity(lines.count)
        for range in lines {
            guard let vote = vote(bytes, range) else { return nil }
            events.append(vote.event(in: bytes))
        }
        return events
    }

    private enum Value {
        case string(Range<Int>)
        case int(Int)
    }

    /// The vote on one line, or nil when the line is not of the plain shape.
    static func vote(_ b: [UInt8], _ range: Range<Int>) -> Fields? {
        var i = range.lowerBound
        let end = range.upperBound
        func skipSpace() {
            while i < end, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D || b[i] == 0x0A { i += 1 }
        }
        /// A string without escapes or control characters; the range of its contents.
        func string() -> Range<Int>? {
            guard i < end, b[i] == 0x22 else { return nil }
            let start = i + 1
            var j = start
            while j < end, b[j] != 0x22 {
                if b[j] == 0x5C || b[j] < 0x20 { return nil }
                j += 1
            }
            guard j < end else { return nil }
            i = j + 1
            return start..<j
        }
        /// An integer as JSON writes it (no leading zeros, no fraction or exponent), of at most 18 digits.
        func integer() -> Int? {
            var negative = false
            if i < end, b[i] == 0x2D {
                negative = true
                i += 1
            }
            let start = i
            var value = 0
            while i < end, b[i] >= 0x30, b[i] <= 0x39 {
                // 18 digits always fit in an Int; a longer number is refused below, not multiplied.
                if i - start < 18 { value = value * 10 + Int(b[i] - 0x30) }
                i += 1
            }
            let digits = i - start
            guard digits > 0, digits <= 18, !(digits > 1 && b[start] == 0x30) else { return nil }
            if i < end, b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 { return nil }
            return negative ? -value : value
        }
        func equals(_ r: Range<Int>, _ name: StaticString) -> Bool {
            guard r.count == name.utf8CodeUnitCount else { return false }
            for offset in 0..<r.count where b[r.lowerBound + offset] != name.utf8Start[offset] { return false }
            return true
        }

        skipSpace()
        guard i < end, b[i] == 0x7B else { return nil }
        i += 1
        skipSpace()
        var event = Fields()
        var seen: UInt8 = 0
        if i < end, b[i] == 0x7D {
            i += 1
        } else {
            while true {
                guard let key = string() else { return nil }
                skipSpace()
                guard i < end, b[i] == 0x3A else { return nil }
                i += 1
                skipSpace()
                let value: Value
                if let s = string() {
                    value = .string(s)
                } else if let n = integer() {
                    value = .int(n)
                } else {
                    return nil
                }
                let bit: UInt8 =
                    switch key.count {
                    case 4 where equals(key, "user"): 4
                    case 4 where equals(key, "name"): 32
                    case 5 where equals(key, "skill"): 1
                    case 5 where equals(key, "stars"): 2
                    case 7 where equals(key, "comment"): 16
                    case 9 where equals(key, "timestamp"): 8
                    default: 0
                    }
                if bit != 0 {
                    guard seen & bit == 0 else { return nil }
                    seen |= bit
                }
                switch (bit, value) {
                case (1, .string(let r)): event.skill = r
                case (2, .int(let n)): event.stars = n
                case (4, .string(let r)): event.user = .text(r)
                case (4, .int(let n)): event.user = .number(n)
                case (8, .string(let r)): event.timestamp = r
                case (16, .string(let r)): event.comment = r
                case (32, .string(let r)): event.name = r
                case (0, _): break
                default: return nil
                }
                skipSpace()
                guard i < end else { return nil }
                if b[i] == 0x2C {
                    i += 1
                    skipSpace()
                    continue
                }
                guard b[i] == 0x7D else { return nil }
                i += 1
                break
            }
        }
        skipSpace()
        return i == end ? event : nil
    }
}
