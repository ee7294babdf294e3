/// How diagnostics are shown to a person. A real SUSI repository can raise the same warning for
/// hundreds of files; printing each would bury everything else. So when there are many warnings,
/// each kind shows a few examples and a count, and `--verbose` shows them all. Errors are never
/// summarised: every one of them must be fixed.
public enum WarningSummary {
    /// Up to this many warnings, every one is shown.
    public static let threshold = 20
    /// Examples shown for each kind of warning when summarising.
    public static let examplesPerKind = 3

    /// The lines to print, in order.
    public static func lines(_ diagnostics: [Diagnostic], verbose: Bool = false) -> [String] {
        let sorted = diagnostics.sorted()
        let warnings = sorted.filter { $0.severity == .warning }
        if verbose || warnings.count <= threshold { return sorted.map(\.description) }

        var lines = sorted.filter { $0.severity == .error }.map(\.description)
        for group in kinds(warnings) {
            // Saying "1 more" takes the space the one warning would.
            let shown =
                group.items.count <= examplesPerKind + 1 ? group.items : Array(group.items.prefix(examplesPerKind))
            lines += shown.map(\.description)
            let hidden = group.items.count - shown.count
            if hidden > 0 {
                lines.append(
                    "note: \(hidden.grouped) more warning\(hidden == 1 ? "" : "s") like \(shown.count == 1 ? "this" : "these") (\(group.label))"
                )
            }
        }
        let counts = kinds(warnings).map { "\($0.items.count.grouped) \($0.label)" }.joined(separator: ", ")
        lines.append("\(warnings.count.grouped) warnings: \(counts); --verbose shows all")
        return lines
    }

    public struct Group: Equatable, Sendable {
        public var label: String
        public var items: [Diagnostic]
    }

    /// Warnings grouped by kind, largest group first (ties by label), each in report order.
    public static func kinds(_ warnings: [Diagnostic]) -> [Group] {
        var groups: [String: [Diagnostic]] = [:]
        for warning in warnings.sorted() { groups[label(of: warning), default: []].append(warning) }
        return groups.map { Group(label: $0.key, items: $0.value) }.sorted {
            $0.items.count != $1.items.count ? $0.items.count > $1.items.count : $0.label < $1.label
        }
    }

    /// The diagnostic's kind; for one without, its message with the specifics left out
    /// (quoted names become `…`, numbers `N`, and the advice after `; ` or `: ` is dropped),
    /// so alike messages from any stage group together without each stage naming kinds.
    public static func label(of diagnostic: Diagnostic) -> String {
        if let kind = diagnostic.kind { return kind }
        var out = ""
        var inQuote = false
        var lastWasDigit = false
        for ch in diagnostic.message {
            if ch == "`" {
                if !inQuote { out += "`…`" }
                inQuote.toggle()
                continue
            }
            if inQuote { continue }
            if ch.isNumber {
                if !lastWasDigit { out.append("N") }
                lastWasDigit = true
                continue
            }
            if lastWasDigit && ch == "," { continue }
            lastWasDigit = false
            out.append(ch)
        }
        for separator in ["; ", ": "] {
            if let range = out.range(of: separator) { out = String(out[..<range.lowerBound]) }
        }
        return out.trimmingWhitespace()
    }
}
