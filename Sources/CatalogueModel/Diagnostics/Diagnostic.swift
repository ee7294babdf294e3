/// One problem found in the input, reported like a compiler does: `path:line:column: error: message`.
public struct Diagnostic: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public var severity: Severity
    /// Path as the user wrote it (relative to the working directory when possible).
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What sort of problem this is (`unknown SUSI key`), so many alike can be summarised.
    /// Not part of equality: it classifies the message, it adds nothing to it.
    public var kind: String? = nil

    public init(_ severity: Severity, _ path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public static func error(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, path, line: line, column: column, message)
    }

    public static func warning(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, path, line: line, column: column, message)
    }

    public var location: String {
        var text = path
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// The same diagnostic, classified.
    public func kind(_ kind: String) -> Diagnostic {
        var copy = self
        copy.kind = kind
        return copy
    }

    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.severity == b.severity && a.path == b.path && a.line == b.line && a.column == b.column
            && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(path)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(message)
    }
}

extension Diagnostic: Comparable {
    /// Sorted by path, then line and column, so a report reads top to bottom through each file.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if (a.column ?? 0) != (b.column ?? 0) { return (a.column ?? 0) < (b.column ?? 0) }
        if a.severity != b.severity { return a.severity > b.severity }
        return a.message < b.message
    }
}

/// Thrown when a build or check found errors; carries every problem found, sorted.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var description: String {
        (diagnostics.map(\.description) + ["build failed: \(errors.count) error(s)"]).joined(separator: "\n")
    }
}
