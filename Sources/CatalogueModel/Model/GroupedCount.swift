extension Int {
    /// 1234567 → "1,234,567": counts are shown with grouping everywhere (English digits; pages in
    /// another language use that language's `NumberStyle`).
    public var grouped: String { NumberStyle.english.integer(self) }
}
