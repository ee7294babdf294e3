/// Dates in content: `2024-03-01`, or a timestamp that starts with one.
package enum DateText {
    package static func day(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace()
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ scalars[$0].properties.numericType != nil && scalars[$0].isASCII }) else {
            return nil
        }
        let day = String(String.UnicodeScalarView(scalars))
        guard let month = Int(day.dropFirst(5).prefix(2)), (1...12).contains(month),
            let dom = Int(day.suffix(2)), (1...31).contains(dom)
        else { return nil }
        return day
    }
}
