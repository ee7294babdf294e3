/// Renders compiled nodes into one byte buffer with swift-mustache 2.1.1's semantics
/// (`Template+Render.swift`, `Context.swift`, `Sequence.swift`).
struct TemplateRenderer {
    /// What swift-mustache's `MustacheContext` carries besides the stack.
    struct Scope {
        /// Put in front of every line a partial or block renders after its first.
        var indentation: [UInt8]?
        /// The blocks `{{<parent}}` tags have overridden, outermost first: their bodies' ops.
        var overrides: [String: Range<Int>]?
        /// In `TemplateProgram.escapings`.
        var escaping: Int
    }

    /// Partials and blocks nested deeper than this render nothing: a template that includes
    /// itself, or a block override that uses its own block, would otherwise recurse until the
    /// stack overflows (swift-mustache crashes there).
    static let nestingLimit = 100
    /// Partials and blocks expanded for one rendering. The nesting limit alone bounds depth, not
    /// breadth: a partial that includes itself twice would take 2^100 steps. A real page expands
    /// a few dozen; a listing of every skill with a partial each, about as many as it has skills.
    static let expansionLimit = 1_000_000
    /// Bytes one rendering may write. Neither limit above bounds sections nested over the same
    /// list (`{{#skills}}{{#skills}}…`, n^k repetitions) or a partial that expands into a lot of
    /// text: without this a theme, or the fuzzer, could fill the memory. A real page is well under
    /// a megabyte; a listing of 100,000 cards about 100 MB.
    static let defaultOutputLimit = 256 * 1024 * 1024
    var outputLimit = defaultOutputLimit

    /// Held so that the buffers below stay allocated.
    private let program: TemplateProgram
    private let ops: UnsafeBufferPointer<TemplateProgram.Op>
    private let bytes: UnsafeBufferPointer<UInt8>
    private let names: UnsafeBufferPointer<TemplateProgram.Name>
    private let keys: UnsafeBufferPointer<TemplateKey>
    private let escapings: UnsafeBufferPointer<TemplateEscaping>
    var output: [UInt8]
    /// The innermost section's value (`{{.}}`): the innermost context when it is data, else the
    /// value itself. Only the innermost is ever read, so the outer ones wait on the call stack;
    /// a stack of every section's value held each data context twice (two retains per section).
    private var current = Current.context
    /// The contexts that are data, innermost last: the only ones that answer a name. A name is
    /// looked up here, where each is called in place; taking each out of a `TemplateValue` as a
    /// `.data` copied it (a retain and a release) for every context every tag passed.
    private var contexts: [any TemplateData]

    /// What `{{.}}` prints.
    private enum Current {
        /// `contexts.last`.
        case context
        /// A section's value that is not data (a text, a number, a list).
        case value(TemplateValue)

        /// The value, given the contexts.
        func value(_ contexts: [any TemplateData]) -> TemplateValue? {
            switch self {
            case .context: contexts.last.map(TemplateValue.data)
            case .value(let value): value
            }
        }
    }
    private var scope = Scope(indentation: nil, overrides: nil, escaping: 0)
    private var nesting = 0
    private var expansions = 0
    /// Set once the expansion limit cut the rendering short: its output is incomplete.
    private(set) var overran = false
    /// Where `TemplateSlot` values printed, when cutting (nil when rendering plainly).
    var slots: [(offset: Int, number: Int, escaping: TemplateEscaping?)]?
    /// A slot printed inside an indented partial or block.
    var slotIndented = false
    /// Where repeated fragments printed as they are, when asked for (`TemplateMark`).
    var marks: [TemplateMark]?

    init(program: TemplateProgram, root: any TemplateData, output: [UInt8]) {
        self.program = program
        ops = UnsafeBufferPointer(program.ops)
        bytes = UnsafeBufferPointer(program.bytes)
        names = UnsafeBufferPointer(program.names)
        keys = UnsafeBufferPointer(program.keys)
        escapings = UnsafeBufferPointer(program.escapings)
        self.contexts = [root]
        self.output = output
    }

    /// Renders template `template` of the program, as the outermost template.
    mutating func render(template: Int) {
        render(program.templates[template], Scope(indentation: nil, overrides: nil, escaping: 0))
    }

    /// Renders `body` in `scope`: a template's, a partial's or a block's.
    private mutating func render(_ body: Range<Int>, _ scope: Scope) {
        let outer = self.scope
        self.scope = scope
        render(body)
        self.scope = outer
    }

    /// Renders `body` in the scope in force. The scope is the renderer's own rather than a
    /// parameter: a section's body, rendered once per item, would otherwise copy it (and retain
    /// what it holds) every time.
    private mutating func render(_ body: Range<Int>) {
        // A pragma holds for the rest of the nodes it stands among, and no further.
        var escapingBefore: Int?
        defer { if let escapingBefore { scope.escaping = escapingBefore } }
        var op = body.lowerBound
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            while op < body.upperBound { op = render(at: op, &escapingBefore) }
            return
        }
        // Swift-mustache indents a piece that renders something right after a line end in what
        // this call has rendered so far, where a line end is a `\n` that is not part of `\r\n`.
        let start = output.count
        while op < body.upperBound {
            let end = output.count
            guard end > start, output[end - 1] == 0x0A, end - 2 < start || output[end - 2] != 0x0D else {
                op = render(at: op, &escapingBefore)
                continue
            }
            output.append(contentsOf: indentation)
            let mark = output.count
            op = render(at: op, &escapingBefore)
            if output.count == mark { output.removeLast(indentation.count) }
        }
    }

    /// Renders the node at `op`; returns where the node after it (and after its body) starts.
    private mutating func render(at op: Int, _ escapingBefore: inout Int?) -> Int {
        switch ops[op] {
        case .text(let start, let count):
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
            return op + 1

        case .variable(let name, let escaped):
            let name = names[name]
            let value: TemplateValue
            if name.kind == .inStack, name.keys.count > 1 {
                guard let left = printedInParent(name, escaped) else { return op + 1 }
                value = left
            } else {
                // The contexts and the output handed over as two values: a method of the renderer
                // that printed into its own output copied the whole renderer for each name, and
                // one that was mutating copied each context it called (a retain and a release).
                let printed =
                    name.kind == .inStack && name.keys.count == 1
                    && Self.print(
                        keys[name.keys.lowerBound], from: contexts,
                        with: Self.printer(escaped, escapings, scope.escaping), into: &output)
                guard !printed, let found = Self.lookUp(name, current, contexts, keys) else { return op + 1 }
                value = found
            }
            if slots != nil, case .data(let data) = value, let slot = data as? TemplateSlot {
                if let indentation = scope.indentation, !indentation.isEmpty { slotIndented = true }
                let place = (output.count, slot.number, escaped ? escapings[scope.escaping] : nil)
                slots?.append(place)
                return op + 1
            }
            if escaped {
                // Text, nearly every value printed, taken as it is: through `text(of:)` it was copied.
                if case .text(let text) = value {
                    escapings[scope.escaping].append(text, &output)
                } else {
                    escapings[scope.escaping].append(Self.text(of: value), &output)
                }
            } else if case .text(let text) = value {
                output.append(contentsOf: text.utf8)
            } else if case .fragment(let fragment) = value {
                let start = output.count
                fragment.write(into: &output)
                if marks != nil, output.count > start, let key = fragment.markKey {
                    marks?.append(TemplateMark(range: start..<output.count, key: key))
                }
            } else {
                output.append(contentsOf: Self.text(of: value).utf8)
            }
            return op + 1

        case .section(let name, let end):
            let body = (op + 1)..<end
            switch Self.lookUp(names[name], current, contexts, keys) {
            case nil, .flag(false)?: break
            case .flag(true)?: render(body)
            case .list(let items)?:
                // By index: the loop's own copy of each item was a retain and a release more.
                for index in items.indices { render(body, inside: items[index]) }
            case let value?: render(body, inside: value)
            }
            return end

        case .invertedSection(let name, let end):
            let body = (op + 1)..<end
            switch Self.lookUp(names[name], current, contexts, keys) {
            case nil, .flag(false)?: render(body)
            // Swift-mustache renders it inside the empty list, which `{{.}}` then prints as `[]`.
            case .list(let items)? where items.isEmpty: render(body, inside: .list(items))
            default: break
            }
            return end

        case .block(let block, let end):
            guard nesting < Self.nestingLimit, expand() else { return end }
            let block = program.blocks[block]
            let inner = Scope(
                indentation: (scope.indentation ?? []) + block.indentation, overrides: scope.overrides,
                escaping: scope.escaping)
            nesting += 1
            render(scope.overrides?[block.name] ?? (op + 1)..<end, inner)
            nesting -= 1
            return end

        case .partial(let partial):
            guard nesting < Self.nestingLimit, expand() else { return op + 1 }
            let partial = program.partials[partial]
            var inherited = scope.overrides
            if let overrides = partial.overrides {
                // The outer template's overrides win: it is the one being rendered.
                inherited = scope.overrides?.merging(overrides) { outer, _ in outer } ?? overrides
            }
            let inner = Scope(
                indentation: partial.indentation.map { (scope.indentation ?? []) + $0 } ?? scope.indentation,
                overrides: inherited,
                escaping: 0
            )
            nesting += 1
            render(program.templates[partial.template], inner)
            nesting -= 1
            return op + 1

        case .contentType(let escaping):
            if escapingBefore == nil { escapingBefore = scope.escaping }
            scope.escaping = escaping
            return op + 1
        }
    }

    /// Counts one partial or block; false once the rendering has expanded too many.
    private mutating func expand() -> Bool {
        guard expansions < Self.expansionLimit, output.count <= outputLimit else {
            overran = true
            return false
        }
        expansions += 1
        return true
    }

    private mutating func render(_ body: Range<Int>, inside value: TemplateValue) {
        guard !overran, output.count <= outputLimit else {
            overran = true
            return
        }
        let outer = current
        if case .data(let data) = value {
            contexts.append(data)
            current = .context
            render(body)
            contexts.removeLast()
        } else {
            current = .value(value)
            render(body)
        }
        current = outer
    }

    /// Prints a one-part name's `key` where the innermost context that has it prints it itself
    /// (`TemplateData.print`); false when that context cannot (`.unhandled`), so the value is to
    /// be looked up (`lookUp`) and printed as a value. With no context having it, nothing is printed.
    private static func print(
        _ key: TemplateKey, from contexts: [any TemplateData], with printer: TemplatePrinter,
        into output: inout [UInt8]
    ) -> Bool {
        var index = contexts.count
        while index > 0 {
            index -= 1
            switch contexts[index].print(key, with: printer, into: &output) {
            case .printed: return true
            case .absent: continue
            case .unhandled: return false
            }
        }
        return true
    }

    /// `a.b`: `a` found as any value is, then `b` printed by it when it prints it itself; else
    /// the value of `b` in it, to be printed as a value (nil when there is none to print).
    private mutating func printedInParent(_ name: TemplateProgram.Name, _ escaped: Bool) -> TemplateValue? {
        guard
            case .data(let parent)? = Self.lookUp(
                TemplateProgram.Name(kind: .inStack, keys: name.keys.dropLast()), current, contexts, keys)
        else { return nil }
        let key = keys[name.keys.upperBound - 1]
        switch parent.print(key, with: Self.printer(escaped, escapings, scope.escaping), into: &output) {
        case .printed, .absent: return nil
        case .unhandled: return parent.value(for: key)
        }
    }

    /// How a tag prints: escaped with the scope's escaping (`escaping`, an index into
    /// `escapings`), or as it is. Static, as `lookUp` is: as a method it copied the renderer.
    private static func printer(_ escaped: Bool, _ escapings: UnsafeBufferPointer<TemplateEscaping>, _ escaping: Int)
        -> TemplatePrinter
    {
        TemplatePrinter(escaping: escaped ? escapings.baseAddress.map { $0 + escaping } : nil)
    }

    /// The first context, innermost first, that answers the first part of the name; the rest
    /// of the name is looked up inside that answer only. Static, given the renderer's parts: a
    /// method of the renderer, called while it renders, copied the whole renderer each time.
    private static func lookUp(
        _ name: TemplateProgram.Name, _ current: Current, _ contexts: [any TemplateData],
        _ keys: UnsafeBufferPointer<TemplateKey>
    ) -> TemplateValue? {
        switch name.kind {
        case .current:
            return current.value(contexts)
        case .inStack:
            let first = keys[name.keys.lowerBound]
            var index = contexts.count
            while index > 0 {
                index -= 1
                if let value = contexts[index].value(for: first) {
                    return name.keys.count == 1 ? value : descend(value, name.keys.dropFirst(), keys)
                }
            }
            return nil
        case .fromCurrent:
            return current.value(contexts).flatMap { descend($0, name.keys, keys) }
        }
    }

    private static func descend(_ value: TemplateValue, _ path: Range<Int>, _ keys: UnsafeBufferPointer<TemplateKey>)
        -> TemplateValue?
    {
        var value = value
        for key in path {
            guard case .data(let data) = value, let child = data.value(for: keys[key]) else { return nil }
            value = child
        }
        return value
    }

    /// A value as `{{name}}` prints it: as swift-mustache's `String(describing:)` does.
    static func text(of value: TemplateValue) -> String {
        switch value {
        case .text(let text): text
        case .number(let number): String(number)
        case .flag(let flag): flag ? "true" : "false"
        case .list(let items): String(describing: items.map(\.described))
        case .data(let data): String(describing: data)
        case .fragment(let fragment): fragment.text
        }
    }
}

extension TemplateValue {
    /// The Swift value swift-mustache holds for this one (its bridge, `OracleData`, describes a
    /// nested context as the data itself), for printing a list as swift-mustache prints it.
    var described: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let items): items.map(\.described)
        case .data(let data): data
        case .fragment(let fragment): fragment.text
        }
    }
}
