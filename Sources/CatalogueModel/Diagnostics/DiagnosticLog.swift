/// Collects diagnostics while a stage runs, so all problems of a build are reported together.
public struct DiagnosticLog: Sendable {
    public private(set) var items: [Diagnostic] = []
    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    public mutating func append(contentsOf other: [Diagnostic]) { items.append(contentsOf: other) }
    public mutating func error(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        items.append(.error(path, line: line, column: column, message))
    }
    public mutating func warning(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        items.append(.warning(path, line: line, column: column, message))
    }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }
}
