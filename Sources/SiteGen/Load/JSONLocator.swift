import Yams

/// Finds where a value sits in a JSON file, for error messages. Only used once something is
/// already wrong, so the fast JSON parser stays on the normal path; JSON is read here as YAML
/// (nearly a superset), which keeps line and column for every node.
enum JSONLocator {
    static func position(of keyPath: [String], in text: String) -> (line: Int, column: Int)? {
        guard let root = try? Yams.compose(yaml: text) else { return nil }
        var node = root
        for key in keyPath {
            switch node {
            case .mapping(let mapping):
                guard let pair = mapping.first(where: { $0.key.scalar?.string == key }) else { return nil }
                node = pair.value
            case .sequence(let sequence):
                guard let index = Int(key), sequence.indices.contains(index) else { return nil }
                node = sequence[index]
            default:
                return nil
            }
        }
        return node.mark.map { ($0.line, $0.column) }
    }

    static func error(_ path: String, text: String, keyPath: [String], _ message: String) -> Diagnostic {
        let at = position(of: keyPath, in: text)
        return .error(path, line: at?.line, column: at?.column, message)
    }
}
