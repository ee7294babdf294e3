/// SUSI's times: `yyyy-MM-ddTHH:mm:ssZ` in UTC (fossasia/susi_server tools/DateParser.java:47, 54),
/// with the epoch meaning "unknown" (SusiMind.java:646-647).
package enum SusiTime {
    package static let unknown = "1970-01-01T00:00:00Z"

    /// Whether `raw` is the epoch, with or without a fraction of a second.
    package static func isUnknown(_ raw: String) -> Bool { raw.trimmingWhitespace().hasPrefix(unknown.dropLast()) }

    /// The instant as SUSI writes it, from that form or one with a fraction of a second; nil for
    /// the epoch and anything else.
    package static func instant(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace()
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 20, DateText.day(String(text.prefix(10))) != nil, scalars[10] == "T",
            scalars[13] == ":", scalars[16] == ":", scalars.last == "Z",
            [11, 12, 14, 15, 17, 18].allSatisfy({ ("0"..."9").contains(scalars[$0]) })
        else { return nil }
        let fraction = scalars[19..<(scalars.count - 1)]
        guard
            fraction.isEmpty || (fraction.first == "." && fraction.dropFirst().allSatisfy { ("0"..."9").contains($0) })
        else { return nil }
        return isUnknown(text) ? nil : String(text.prefix(19)) + "Z"
    }
}
