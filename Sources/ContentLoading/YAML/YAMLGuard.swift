// libyaml's event parser, as vendored by Yams (its C module): a flat stream of events lets the
// guard measure a document without building it, which is the one thing Yams cannot do.
import CYaml
import CatalogueModel

/// Checks YAML text before Yams composes it, for the two inputs that would hang or crash it.
///
/// - Aliases: Yams resolves `*name` by sharing the anchored node, then hashes every mapping key
///   in full to find duplicates; a few nested aliases ("billion laughs") make that take
///   exponential time. The guard counts what the document would expand to, aliases included,
///   and refuses more than `InputLimits.yamlValues` values.
/// - Nesting: Yams composes recursively, and deep nesting (`[[[[…`) overflows the stack well
///   before libyaml's own limit of 1,000 levels.
///
/// Syntax errors are left to Yams, which reports them with the same parser.
enum YAMLGuard {
    package enum Problem: Equatable {
        case tooDeep(line: Int, column: Int)
        case tooLarge(line: Int, column: Int)
    }

    package static func check(
        _ yaml: String, maxDepth: Int = InputLimits.nestingDepth,
        maxValues: Int = InputLimits.yamlValues
    ) -> Problem? {
        if cannotReachLimits(yaml, maxDepth: maxDepth, maxValues: maxValues) { return nil }
        return scan(yaml, maxDepth: maxDepth, maxValues: maxValues)
    }

    /// The check itself: libyaml's events, counted.
    static func scan(_ yaml: String, maxDepth: Int, maxValues: Int) -> Problem? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(yaml.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Problem? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // Values (expanded) in each open collection, with the collection's anchor; every
            // count stays at most `total`, which never passes `maxValues`.
            var open: [(count: Int, anchor: String?)] = [(0, nil)]
            var anchored: [String: Int] = [:]
            var total = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    // libyaml's own nesting limit stops its scanner before an event says how deep.
                    let problem = parser.problem.map { String(cString: $0) } ?? ""
                    guard problem.contains("nesting level") else { return nil }
                    return .tooDeep(
                        line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
                }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                let line = Int(mark.line) + 1
                let column = Int(mark.column) + 1
                var added = 0
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    added = 1
                    if let anchor = string(event.data.scalar.anchor) { anchored[anchor] = 1 }
                case YAML_ALIAS_EVENT:
                    added = string(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if open.count > maxDepth { return .tooDeep(line: line, column: column) }
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT
                        ? string(event.data.sequence_start.anchor) : string(event.data.mapping_start.anchor)
                    open.append((0, anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard open.count > 1, let closed = open.popLast() else { continue }
                    // The collection itself is one more value, already counted in its parent's total.
                    if let anchor = closed.anchor { anchored[anchor] = closed.count + 1 }
                    open[open.count - 1].count += closed.count + 1
                    total += 1
                default:
                    continue
                }
                total += added
                open[open.count - 1].count += added
                if total > maxValues { return .tooLarge(line: line, column: column) }
            }
        }
    }

    /// True when a look at the bytes shows the text is within both limits, so the event pass can
    /// be skipped (it cost as much as composing the document). Every nesting level needs an
    /// indicator (`-`, `:`, `?`, `[`, `{`), so fewer indicators than `maxDepth` cannot nest too
    /// deep; without an alias (`*`), every value takes a byte or is an empty one beside a key or
    /// a `?`, so a document holds at most three values per byte and one more.
    static func cannotReachLimits(_ yaml: String, maxDepth: Int, maxValues: Int) -> Bool {
        guard yaml.utf8.count < (maxValues - 1) / 3 else { return false }
        var indicators = 0
        for byte in yaml.utf8 {
            switch byte {
            case UInt8(ascii: "*"): return false
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "{"):
                indicators += 1
                if indicators >= maxDepth { return false }
            default: break
            }
        }
        return true
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
