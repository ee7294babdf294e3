extension Int {
    /// 1234567 → "1,234,567": counts are shown with grouping everywhere.
    public var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        for (offset, ch) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return self < 0 ? "-" + out : out
    }
}
