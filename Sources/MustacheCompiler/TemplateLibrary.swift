/// A theme's templates, each parsed once, with partials and parents found by name at compile
/// time. Immutable after compiling, so one library renders on many threads at once.
public struct TemplateLibrary: Sendable {
    /// Each template's nodes, as parsed: for walking its names.
    private let templates: [[TemplateNode]]
    /// The same, laid out for rendering.
    private let program: TemplateProgram
    private let indexes: [String: Int]
    /// Bytes one rendering may write before it counts as never ending (see `TemplateRenderer`).
    public var outputLimit = TemplateLibrary.defaultOutputLimit

    /// The templates that compiled, by name; the others are left out, as swift-mustache's library
    /// leaves them out, so a partial naming one renders nothing.
    public var names: [String] { indexes.keys.sorted() }

    /// Compiles every template, reporting each one that does not compile.
    /// - Parameters:
    ///   - sources: the templates by name (the name partials use), with the path to name in errors.
    ///   - contentTypes: the escapings a `{{% CONTENT_TYPE: name }}` pragma can choose.
    ///   - initialEscaping: what `{{name}}` uses before any pragma, in every template and partial
    ///     (swift-mustache's own HTML escaping unless the caller says otherwise).
    ///   - vocabulary: the names the data answers, in an order its `value(for:)` knows: each
    ///     name a template looks up is given its place here (see `TemplateKey`).
    public static func compile(
        _ sources: [String: (text: String, path: String)],
        contentTypes: [String: TemplateEscaping] = TemplateEscaping.standardContentTypes,
        initialEscaping: TemplateEscaping = .swiftMustacheHTML,
        vocabulary: [String] = []
    ) -> (library: TemplateLibrary, errors: [TemplateError]) {
        let places = Dictionary(vocabulary.enumerated().map { ($1, $0) }) { first, _ in first }
        var names = sources.keys.sorted()
        var errors: [TemplateError] = []
        while true {
            let indexes = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            var templates: [[TemplateNode]] = []
            var failed: [String] = []
            for name in names {
                guard let source = sources[name] else { continue }
                let characters = Array(source.text)
                var parser = TemplateParser(
                    characters, partials: indexes, contentTypes: contentTypes, vocabulary: places)
                do {
                    templates.append(try parser.parseTemplate())
                } catch let failure as TemplateParseFailure {
                    failed.append(name)
                    errors.append(TemplateError(path: source.path, source: characters, failure: failure))
                } catch {
                    failed.append(name)
                    errors.append(TemplateError(path: source.path, line: 1, column: 1, message: "\(error)"))
                }
            }
            // Partials were resolved against every name; once without the failed ones, they
            // resolve to nothing, as they would in swift-mustache.
            if failed.isEmpty {
                return (
                    TemplateLibrary(templates: templates, indexes: indexes, initialEscaping: initialEscaping), errors
                )
            }
            names.removeAll(where: failed.contains)
        }
    }

    /// Compiles every template, throwing the first error (by template name) if any fails.
    public init(
        _ sources: [String: (text: String, path: String)],
        contentTypes: [String: TemplateEscaping] = TemplateEscaping.standardContentTypes,
        initialEscaping: TemplateEscaping = .swiftMustacheHTML,
        vocabulary: [String] = []
    ) throws {
        let (library, errors) = Self.compile(
            sources, contentTypes: contentTypes, initialEscaping: initialEscaping, vocabulary: vocabulary)
        if let first = errors.first { throw first }
        self = library
    }

    private init(templates: [[TemplateNode]], indexes: [String: Int], initialEscaping: TemplateEscaping) {
        self.templates = templates
        self.indexes = indexes
        program = TemplateProgram(templates, initialEscaping: initialEscaping)
    }

    /// Nil also when a slot prints inside an indented partial or block: there the text put in
    /// it could change the indentation of what follows.
    public func cut(templateNamed name: String, data: any TemplateData) -> TemplateCut? {
        guard let index = indexes[name] else { return nil }
        var renderer = TemplateRenderer(program: program, root: data, output: [])
        renderer.outputLimit = outputLimit
        renderer.slots = []
        renderer.render(template: index)
        guard let slots = renderer.slots, !renderer.slotIndented, !renderer.overran else { return nil }
        return TemplateCut(
            text: renderer.output,
            slots: slots.map { TemplateCut.Slot(offset: $0.offset, number: $0.number, escaping: $0.escaping) })
    }

    /// Appends the rendering to `output` (for writing straight to a file); false for an unknown
    /// name, and for a rendering that expanded more partials and blocks than any page needs
    /// (`hasTemplate` tells the two apart).
    public func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool {
        render(templateNamed: name, data: data, into: &output, marking: false).rendered
    }

    /// `render`, adding to `marks` where each fragment printed as it is (`TemplateMark`).
    public func render(
        templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marks: inout [TemplateMark]
    ) -> Bool {
        let (rendered, found) = render(templateNamed: name, data: data, into: &output, marking: true)
        marks += found ?? []
        return rendered
    }

    private func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marking: Bool)
        -> (rendered: Bool, marks: [TemplateMark]?)
    {
        guard let index = indexes[name] else { return (false, nil) }
        var renderer = TemplateRenderer(program: program, root: data, output: output)
        // The limit counts what this rendering writes: a fragment renders into its page's bytes.
        renderer.outputLimit = output.count + outputLimit
        if marking { renderer.marks = [] }
        // The renderer holds the only reference, so appending never copies the caller's bytes.
        output = []
        renderer.render(template: index)
        output = renderer.output
        return (!renderer.overran, renderer.marks)
    }

    public func hasTemplate(named name: String) -> Bool { indexes[name] != nil }

    /// Names are resolved at compile time, so the walk over the nodes is the whole answer: no
    /// lambda or dynamic partial can look up anything else.
    public func namesReached(fromTemplateNamed name: String) -> Set<String>? {
        var names: Set<String> = []
        walk(fromTemplateNamed: name) { node, _ in
            switch node {
            case .variable(let name, _), .section(let name, _), .invertedSection(let name, _):
                names.formUnion(name.parts)
            default: break
            }
        }
        return names
    }

    public func contextsPrinted(fromTemplateNamed name: String) -> Set<String>? {
        var sections: Set<String> = []
        walk(fromTemplateNamed: name) { node, section in
            if case .variable(.current, _) = node { sections.insert(section) }
        }
        return sections
    }

    public func namesPrinted(fromTemplateNamed name: String) -> Set<String>? {
        var names: Set<String> = []
        walk(fromTemplateNamed: name) { node, _ in
            if case .variable(let name, _) = node, let last = name.parts.last { names.insert(last) }
        }
        return names
    }

    /// Calls `visit` with every node a rendering of `name` can reach, through its partials and
    /// parents, and the name of the section around it (`contextsPrinted`); a partial is walked
    /// once for each section it stands in.
    private func walk(fromTemplateNamed name: String, _ visit: (TemplateNode, String) -> Void) {
        guard let index = indexes[name] else { return }
        var visited: Set<Pair> = [Pair(template: index, section: "")]
        var pending: [(nodes: [TemplateNode], section: String)] = [(templates[index], "")]
        while let (nodes, section) = pending.popLast() {
            for node in nodes {
                visit(node, section)
                switch node {
                case .text, .contentType, .variable: break
                case .section(let name, let body):
                    pending.append((body, name == .current ? "." : name.parts.joined(separator: ".")))
                case .invertedSection(_, let body), .block(_, let body, _), .blockDefinition(_, let body):
                    // Rendered in the context around them (an inverted section, at most inside
                    // the empty list it found).
                    pending.append((body, section))
                case .partial(let template, _, let overrides):
                    // An override renders where its block stands in the parent, inside whatever
                    // sections are around it there: taken as outside every section.
                    pending.append(contentsOf: (overrides ?? [:]).values.map { ($0, "") })
                    if let template, visited.insert(Pair(template: template, section: section)).inserted {
                        pending.append((templates[template], section))
                    }
                }
            }
        }
    }

    private struct Pair: Hashable {
        let template: Int
        let section: String
    }

    /// Partials and blocks one rendering may expand before it is cut short as never ending.
    public static var expansionLimit: Int { TemplateRenderer.expansionLimit }
    public static var defaultOutputLimit: Int { TemplateRenderer.defaultOutputLimit }
}
