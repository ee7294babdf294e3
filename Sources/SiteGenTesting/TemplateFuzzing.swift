import Foundation
import MustacheCompiler

/// Templates from raw bytes, compiled and rendered as a theme's are: the `FuzzTemplate` target in
/// `Fuzz/` drives the engine through this, and tests replay what it finds. A theme is text its
/// owner writes, so any text must end as output or as `template:line:col: error`, never a trap.
public enum TemplateFuzzing {
    /// The names the pieces of an input are compiled under, in order: partials and parents can
    /// name each other, so the fuzzer reaches `{{>…}}` and `{{<…}}` with real templates behind them.
    public static let names = ["page", "layout", "item", "empty"]

    /// What is wrong with how `bytes` compiled and rendered; empty when nothing is. The input is
    /// cut at NUL bytes into up to four templates (`names`), each rendered from hostile data.
    public static func problems(_ bytes: [UInt8]) -> [String] {
        var sources: [String: (text: String, path: String)] = [:]
        var lines: [String: Int] = [:]
        for (name, piece) in zip(
            names, bytes.split(separator: 0, maxSplits: names.count - 1, omittingEmptySubsequences: false))
        {
            let text = String(decoding: piece, as: UTF8.self)
            sources[name] = (text, "Templates/\(name).mustache")
            // Every line break the error positions count, `\r\n` as one.
            lines[name] = 1 + text.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" || $1 == "\r" ? 1 : 0) }
        }
        var problems: [String] = []
        var (library, errors) = TemplateLibrary.compile(sources)
        // Two renderings of every input held at once under libFuzzer's 2 GB: a small limit
        // exercises the same stop without the memory.
        library.outputLimit = 8 * 1024 * 1024
        for error in errors {
            let name = sources.first { $0.value.path == error.path }?.key
            if name == nil || error.message.isEmpty || error.line < 1 || error.column < 1
                || error.line > lines[name ?? ""] ?? 0
            {
                problems.append("an error that names no place in its template: \(error)")
            }
        }
        for name in library.names {
            var first: [UInt8] = []
            var second: [UInt8] = []
            let ended = library.render(templateNamed: name, data: HostileData(depth: 0), into: &first)
            // Compiled once, rendered on many threads: a rendering may depend on nothing but its data.
            if library.render(templateNamed: name, data: HostileData(depth: 0), into: &second) != ended
                || first != second
            {
                problems.append("`\(name)` rendered twice gave two results")
            }
        }
        return problems
    }

    /// Every kind of value, text that needs escaping, and data that ends: a list section renders
    /// more than once only where the root answers, and its elements answer every list name with
    /// an empty list, so nested sections cannot multiply (a theme's data ends the same way).
    public struct HostileData: TemplateData {
        let depth: Int

        public init(depth: Int) { self.depth = depth }

        public func value(named name: String) -> TemplateValue? {
            switch name {
            case "text": .text("<a href=\"x\">'Tom' & {{Jerry}}</a>\r\n\t")
            case "unicode": .text("é\u{0}\u{FEFF}🧪\u{202E}")
            case "empty": .text("")
            case "zero": .number(0)
            case "number": .number(Int.min)
            case "yes": .flag(true)
            case "no": .flag(false)
            case "items": depth == 0 ? .list([.data(HostileData(depth: 1)), .data(HostileData(depth: 2))]) : .list([])
            case "texts": depth == 0 ? .list([.text("<&>")]) : .list([])
            case "none": .list([])
            case "nested": depth < 3 ? .data(HostileData(depth: depth + 1)) : nil
            case "depth": .number(depth)
            default: nil
            }
        }
    }
}
