/// What a `Range` header asks of a file of a given size (RFC 9110 §14.1.2, §14.2), resolved the
/// way a static host answers it: one range is served, anything it cannot honour exactly is
/// ignored in favour of the whole file, which the RFC allows.
enum ByteRange: Equatable {
    /// Serve these bytes with 206.
    case satisfiable(ClosedRange<Int>)
    /// Not one byte of the range exists: 416.
    case unsatisfiable
    /// Several ranges, another unit, an invalid or malformed range: send the whole file with 200.
    case ignored

    init(header: String, size: Int) {
        guard let equals = header.firstIndex(of: "="),
            header[..<equals].trimmingOWS.lowercased() == "bytes"
        else {
            self = .ignored
            return
        }
        let specs = header[header.index(after: equals)...].split(separator: ",").map(\.trimmingOWS).filter {
            !$0.isEmpty
        }
        guard specs.count == 1, let spec = specs.first else {
            self = .ignored
            return
        }
        let ends = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard ends.count == 2 else {
            self = .ignored
            return
        }
        let first = Self.position(ends[0])
        let last = Self.position(ends[1])
        switch (ends[0].isEmpty, ends[1].isEmpty) {
        case (false, _):
            guard let first else {
                self = .ignored
                return
            }
            if ends[1].isEmpty {
                self = first < size ? .satisfiable(first...(size - 1)) : .unsatisfiable
            } else {
                guard let last, last >= first else {
                    self = .ignored
                    return
                }
                self = first < size ? .satisfiable(first...min(last, size - 1)) : .unsatisfiable
            }
        case (true, false):
            // `-N` is the last N bytes.
            guard let suffix = last else {
                self = .ignored
                return
            }
            self = suffix > 0 && size > 0 ? .satisfiable(max(0, size - suffix)...(size - 1)) : .unsatisfiable
        case (true, true):
            self = .ignored
        }
    }

    /// A byte position: ASCII digits only (no sign, no spaces). Positions past `Int.max` lie past
    /// the end of any file, so they saturate instead of making the range malformed.
    private static func position(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits) ?? Int.max
    }
}

extension Substring {
    /// Without the optional white space (space, tab) HTTP allows around list elements.
    fileprivate var trimmingOWS: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
