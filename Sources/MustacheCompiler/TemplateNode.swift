/// A compiled template: what the parser leaves for the renderer, with every name split and every
/// partial found once, at compile time. Indirect, so the renderer's walk copies one reference
/// per node instead of each payload (about 12% of its time on the skill page, by perf).
indirect enum TemplateNode: Sendable {
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode])
    case invertedSection(TemplateName, [TemplateNode])
    /// `{{$name}}default{{/name}}` outside a `{{<parent}}`: the override in force, or the default.
    case block(name: String, defaultBody: [TemplateNode], indentation: [UInt8])
    /// `{{>name}}` and `{{<name}}…{{/name}}`. `template` is nil when no template has the name
    /// (it renders nothing, as in swift-mustache); `overrides` are the blocks of a `{{<name}}`.
    case partial(template: Int?, indentation: [UInt8]?, overrides: [String: [TemplateNode]]?)
    /// A `{{% CONTENT_TYPE: name }}` pragma: the escaping for the rest of this template.
    case contentType(TemplateEscaping)
    /// `{{$name}}…{{/name}}` directly inside `{{<parent}}`; only ever read by the parser.
    case blockDefinition(name: String, body: [TemplateNode])
}

/// A tag's name, split once and resolved against the library's vocabulary: swift-mustache
/// splits it, and compares its text, on every lookup.
enum TemplateName: Sendable, Equatable {
    /// `{{.}}` (and `{{}}`, `{{..}}`, which swift-mustache reads the same way).
    case current
    /// `{{a.b.c}}`: `a` from the innermost context that has it, then `b`, `c` inside it only.
    case inStack(TemplateKey, [TemplateKey])
    /// `{{.a.b}}`: `a` from the innermost context only, no climbing.
    case fromCurrent([TemplateKey])

    init(_ name: String, vocabulary: [String: Int]) {
        let parts = name.split(separator: ".").map { TemplateKey(String($0), index: vocabulary[String($0)]) }
        if name == "." || parts.isEmpty {
            self = .current
        } else if name.first == "." {
            self = .fromCurrent(parts)
        } else {
            self = .inStack(parts[0], Array(parts.dropFirst()))
        }
    }

    /// The names looked up, each part of a dotted name apart.
    var parts: [String] {
        switch self {
        case .current: []
        case .inStack(let first, let rest): [first.name] + rest.map(\.name)
        case .fromCurrent(let parts): parts.map(\.name)
        }
    }
}
