import CatalogueModel

/// Typed, position-aware access to a YAML mapping. Every wrong type becomes a diagnostic at the
/// value's line and column in the file (`lineOffset` maps front-matter lines to file lines).
struct YAMLMapping {
    package let pairs: [YAMLNode.Pair]
    package let path: String
    let lineOffset: Int
    /// The text keys and their values, in order (a key's first value answers).
    private let named: [(name: String, value: YAMLNode)]
    /// `named` by key, for a mapping too long to search: most (a skill's front matter) have a
    /// handful of keys, found sooner by comparing than by hashing every key and every question.
    private let values: [String: YAMLNode]?

    package init(_ pairs: [YAMLNode.Pair], path: String, lineOffset: Int) {
        self.pairs = pairs
        self.path = path
        self.lineOffset = lineOffset
        var named: [(name: String, value: YAMLNode)] = []
        named.reserveCapacity(pairs.count)
        for pair in pairs {
            if let name = pair.key.string { named.append((name, pair.value)) }
        }
        if pairs.count > 16 {
            self.values = Dictionary(named, uniquingKeysWith: { first, _ in first })
            named = []
        } else {
            self.values = nil
        }
        self.named = named
    }

    /// The value of `key`, the first one written.
    private func lookUp(_ key: String) -> YAMLNode? {
        if let values { return values[key] }
        for pair in named where pair.name == key { return pair.value }
        return nil
    }

    package func position(of node: YAMLNode?) -> (line: Int?, column: Int?) {
        guard let node, let line = node.line else { return (nil, nil) }
        return (line + lineOffset, node.column)
    }

    package var keys: [(String, YAMLNode)] {
        pairs.compactMap { pair in pair.key.string.map { ($0, pair.key) } }
    }

    package func value(_ key: String) -> YAMLNode? { lookUp(key) }

    package func error(_ log: inout DiagnosticLog, at node: YAMLNode?, _ message: String) {
        let (line, column) = position(of: node)
        log.error(path, line: line, column: column, message)
    }

    package func warning(_ log: inout DiagnosticLog, at node: YAMLNode?, _ message: String) {
        let (line, column) = position(of: node)
        log.warning(path, line: line, column: column, message)
    }

    static func isNull(_ node: YAMLNode) -> Bool {
        guard node.isPlainScalar, let string = node.string else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(string)
    }

    package func string(_ key: String, _ log: inout DiagnosticLog) -> String? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        guard let string = value.string else {
            error(&log, at: value, "`\(key)` must be text, not a \(Self.kind(value))")
            return nil
        }
        return string
    }

    package func bool(_ key: String, _ log: inout DiagnosticLog) -> Bool? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        if let bool = value.bool { return bool }
        error(&log, at: value, "`\(key)` must be true or false")
        return nil
    }

    package func number(_ key: String, _ log: inout DiagnosticLog) -> Double? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        guard let number = Self.number(value) else {
            error(&log, at: value, "`\(key)` must be a number")
            return nil
        }
        guard number.isFinite else {
            let written = value.string ?? ""
            error(
                &log, at: value,
                "`\(key)` must be a finite number; `\(written.prefix(40))` is too large or not a number")
            return nil
        }
        return number
    }

    /// A YAML number, in any form YAML 1.1 allows (`12`, `0x1F`, `1.5e3`, `1:30`), or nil.
    /// Yams reads base-60 integers (`1:2:3:…`) by multiplying without overflow checks, so a long
    /// one would trap: those are only read as floating point, which cannot.
    package static func number(_ node: YAMLNode) -> Double? {
        if let float = node.float { return float }
        guard let string = node.string, !string.contains(":") else { return nil }
        return node.int.map(Double.init)
    }

    /// A list of text; a single text value counts as a one-item list.
    func stringList(_ key: String, _ log: inout DiagnosticLog) -> [String]? {
        positionedStringList(key, &log)?.map(\.text)
    }

    /// `stringList`, each item with where it was written (for errors about what it names).
    func positionedStringList(
        _ key: String, _ log: inout DiagnosticLog
    ) -> [(text: String, line: Int?, column: Int?)]? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        switch value.kind {
        case .scalar(let string, _, _):
            // One text stands for a one-item list; a bare number or true/false is a mistake.
            if value.isPlainScalar, Self.number(value) != nil || value.bool != nil {
                error(
                    &log, at: value,
                    "`\(key)` must be a list of text (lines starting with `- `), not \(value.bool != nil ? "true/false" : "a number")"
                )
                return nil
            }
            let (line, column) = position(of: value)
            return [(string, line, column)]
        case .sequence(let sequence):
            var items: [(text: String, line: Int?, column: Int?)] = []
            for item in sequence {
                if Self.isNull(item) { continue }
                guard let string = item.string else {
                    error(&log, at: item, "every item of `\(key)` must be text")
                    continue
                }
                let (line, column) = position(of: item)
                items.append((string, line, column))
            }
            return items
        default:
            error(&log, at: value, "`\(key)` must be a list of text")
            return nil
        }
    }

    /// A list of mappings (`collections`), each as a mapping of its own; other items are errors.
    func mappingList(_ key: String, _ log: inout DiagnosticLog) -> [YAMLMapping]? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        guard case .sequence(let nodes) = value.kind else {
            error(&log, at: value, "`\(key)` must be a list (lines starting with `- `)")
            return nil
        }
        var mappings: [YAMLMapping] = []
        for node in nodes {
            guard case .mapping(let pairs) = node.kind else {
                error(&log, at: node, "every item of `\(key)` must be a mapping of keys to values")
                continue
            }
            mappings.append(YAMLMapping(pairs, path: path, lineOffset: lineOffset))
        }
        return mappings
    }

    func mapping(_ key: String, _ log: inout DiagnosticLog) -> YAMLMapping? {
        guard let value = lookUp(key), !Self.isNull(value) else { return nil }
        guard case .mapping(let pairs) = value.kind else {
            error(&log, at: value, "`\(key)` must be a mapping of keys to values")
            return nil
        }
        return YAMLMapping(pairs, path: path, lineOffset: lineOffset)
    }

    /// Warns about keys nobody read, suggesting the closest known one. `hints` explains keys
    /// people often write that are not keys here (`description` in front matter).
    func warnUnknownKeys(known: [String], hints: [String: String] = [:], _ log: inout DiagnosticLog, what: String) {
        for (key, keyNode) in keys where !known.contains(key) {
            var message = "unknown \(what) key `\(key)`"
            if let hint = hints[key] {
                message += " is ignored: \(hint)"
            } else if let guess = Suggestion.closest(to: key, in: known + hints.keys.sorted()) {
                message += "; did you mean `\(guess)`?"
                if let hint = hints[guess] { message += " (\(hint))" }
            } else {
                message += " is ignored"
            }
            warning(&log, at: keyNode, message)
        }
    }

    package static func kind(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar: "text"
        case .mapping: "mapping"
        case .sequence: "list"
        case .alias: "alias"
        }
    }
}
