import Foundation
import Yams

/// Finds where a value sits in a JSON file, for error messages. Only used once something is
/// already wrong, so the fast JSON parser stays on the normal path; JSON is read here as YAML
/// (nearly a superset), which keeps line and column for every node.
enum JSONLocator {
    static func position(of keyPath: [String], in text: String) -> (line: Int, column: Int)? {
        // Yams composes recursively; the JSON readers refuse deeper text before it gets here,
        // and this keeps the locator safe on its own.
        guard let root = cache.root(of: text) else { return nil }
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

    private static let cache = Cache()

    /// A file with many bad values asks for many positions: compose it once, not once per problem.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        private var root: Node?

        func root(of text: String) -> Node? {
            lock.lock()
            defer { lock.unlock() }
            if text == self.text { return root }
            // Yams composes recursively; the JSON readers refuse deeper text before it gets
            // here, and this keeps the locator safe on its own.
            self.text = text
            root = JSONNesting.firstTooDeep(in: Data(text.utf8)) == nil ? try? Yams.compose(yaml: text) : nil
            return root
        }
    }
}
