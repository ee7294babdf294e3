import MustacheCompiler

/// Random page data over a set of names: any name may be missing, text (often hostile), a
/// number, a flag, a list of 0…n values or contexts, or a nested context.
struct RandomData {
    let names: [String]
    var generator: SeededGenerator

    mutating func context(depth: Int = 0) -> TemplateDictionary {
        var values: [String: TemplateValue] = [:]
        // Fewer names deeper down: the data would otherwise grow exponentially with the depth.
        let percent = depth == 0 ? 50 : 100 * min(max(names.count / 2, 1), 8) / max(names.count, 1)
        for name in names where Int.random(in: 0..<100, using: &generator) < percent {
            values[name] = value(depth: depth)
        }
        return TemplateDictionary(values)
    }

    mutating func value(depth: Int) -> TemplateValue {
        let kinds = depth >= 2 ? 4 : 7
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .text(text())
        case 1: return .number(Int.random(in: -3...1000, using: &generator))
        case 2: return .flag(Bool.random(using: &generator))
        case 3: return .text(["", "0", "x"].randomElement(using: &generator) ?? "")
        case 4:
            return .list((0..<Int.random(in: 0...3, using: &generator)).map { _ in .data(context(depth: depth + 1)) })
        case 5: return .list((0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth + 1) })
        default: return .data(context(depth: depth + 1))
        }
    }

    mutating func text() -> String {
        Bool.random(using: &generator)
            ? "value \(Int.random(in: 0...99, using: &generator))"
            : HostileText.samples.randomElement(using: &generator) ?? ""
    }
}
