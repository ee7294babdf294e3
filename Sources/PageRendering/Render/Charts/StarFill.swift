/// How full each symbol of a star row is: the value rounded to the row's granularity.
///
/// Granularity is the step by which one symbol fills (as in the SwiftUI `Rating` proposal): 0.5
/// lets a symbol be empty, half or full. The whole part of the value fills whole symbols and the
/// rest rounds to the nearest step of the next symbol, ties up, so 3.7 at 0.5 shows three full
/// symbols, one half and one empty, and 3.75 shows four. A step that does not divide 1 keeps
/// "full" as its last stop: at 0.3 a symbol shows 0, 0.3, 0.6, 0.9 or 1. Granularity 0 shows the
/// value exactly.
struct StarFill: Sendable, Equatable {
    package var count: Int
    package var granularity: Double

    /// Binary fractions make exact ties (0.75 at 0.25, 0.9 at 0.3) land a hair off; this keeps them ties.
    static let tolerance = 1e-9

    /// The value shown, on the 0…count scale: clamped, then rounded to the granularity.
    func displayed(_ value: Double) -> Double {
        guard value.isFinite, count > 0 else { return 0 }
        let clamped = min(max(value, 0), Double(count))
        let step = granularity
        guard step > 0 else { return clamped }
        let whole = clamped.rounded(.down)
        let fraction = clamped - whole
        guard fraction > 0 else { return clamped }
        let lower = min(((fraction + Self.tolerance) / step).rounded(.down) * step, 1)
        let upper = min(lower + step, 1)
        let roundsUp = fraction - lower >= upper - fraction - Self.tolerance
        return min(whole + (roundsUp ? upper : lower), Double(count))
    }

    /// Fill of each symbol, 0…1, left to right.
    func fills(_ value: Double) -> [Double] {
        let shown = displayed(value)
        return (0..<max(count, 0)).map { min(max(shown - Double($0), 0), 1) }
    }
}
