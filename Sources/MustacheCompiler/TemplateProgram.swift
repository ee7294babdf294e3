/// A library's compiled templates laid out flat for the renderer: each node an `Op` of plain
/// integers in one buffer, each text a run of one byte buffer, a body the ops that follow its
/// section. The tree of indirect nodes it is made from (what the parser builds) cost a retain and
/// a release for each node visited, on objects every rendering thread shares: about a fifth of
/// the renderer's time on two cores, by perf, most of it the two cores taking turns at the same
/// counts. Walking its ops, texts, names and escapings retains nothing; the partials and blocks,
/// met far less often, are read from arrays as before.
///
/// Immutable once made, and freed with the library that holds it, so renderers on many threads
/// read the same buffers.
final class TemplateProgram: @unchecked Sendable {
    /// One node. A body is the range of ops from the one after its node up to `end`.
    enum Op {
        /// `count` bytes of `bytes` from `start`.
        case text(start: Int, count: Int)
        /// `names[name]`, escaped or as it is.
        case variable(name: Int, escaped: Bool)
        case section(name: Int, end: Int)
        case invertedSection(name: Int, end: Int)
        /// `blocks[block]`, whose default body follows.
        case block(Int, end: Int)
        /// `partials[partial]`.
        case partial(Int)
        /// The escaping `escapings[escaping]` for the rest of the nodes around it.
        case contentType(Int)
    }

    /// A `TemplateName` as plain integers: its keys are a run of `keys`.
    struct Name {
        enum Kind { case current, inStack, fromCurrent }
        let kind: Kind
        let keys: Range<Int>
    }

    struct Block {
        let name: String
        let indentation: [UInt8]
    }

    struct Partial {
        let template: Int
        let indentation: [UInt8]?
        /// The bodies of a `{{<parent}}`'s blocks, by block name.
        var overrides: [String: Range<Int>]?
    }

    let ops: UnsafeMutableBufferPointer<Op>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let names: UnsafeMutableBufferPointer<Name>
    let keys: UnsafeMutableBufferPointer<TemplateKey>
    let blocks: [Block]
    let partials: [Partial]
    /// Index 0 is the escaping every template starts with.
    let escapings: UnsafeMutableBufferPointer<TemplateEscaping>
    /// Each template's ops, by its index in the library.
    let templates: [Range<Int>]

    init(_ trees: [[TemplateNode]], initialEscaping: TemplateEscaping) {
        var layout = Layout(escapings: [initialEscaping])
        let templates = trees.map { layout.emit($0) }
        // A parent's overrides go after every template: each is reached only through its
        // partial, and laying one out may find more (a parent inside an override).
        while let pending = layout.deferred.popLast() {
            let body = layout.emit(pending.body)
            layout.partials[pending.partial].overrides?[pending.name] = body
        }
        ops = Self.buffer(layout.ops)
        bytes = Self.buffer(layout.bytes)
        names = Self.buffer(layout.names)
        keys = Self.buffer(layout.keys)
        blocks = layout.blocks
        partials = layout.partials
        escapings = Self.buffer(layout.escapings)
        self.templates = templates
    }

    deinit {
        // Only the keys and escapings hold something to release (text, a function's context).
        ops.deallocate()
        bytes.deallocate()
        names.deallocate()
        _ = keys.deinitialize()
        keys.deallocate()
        _ = escapings.deinitialize()
        escapings.deallocate()
    }

    private static func buffer<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return buffer
    }

    /// The program as it is laid out, node by node.
    private struct Layout {
        var ops: [Op] = []
        var bytes: [UInt8] = []
        var names: [Name] = []
        var keys: [TemplateKey] = []
        var blocks: [Block] = []
        var partials: [Partial] = []
        var escapings: [TemplateEscaping]
        var deferred: [(partial: Int, name: String, body: [TemplateNode])] = []

        init(escapings: [TemplateEscaping]) { self.escapings = escapings }

        /// Lays out `nodes`; returns the range of their ops.
        mutating func emit(_ nodes: [TemplateNode]) -> Range<Int> {
            let start = ops.count
            for node in nodes { emit(node) }
            return start..<ops.count
        }

        /// Adds `name` to the names; returns its place.
        private mutating func add(_ name: TemplateName) -> Int {
            let start = keys.count
            let kind: Name.Kind
            switch name {
            case .current:
                kind = .current
            case .inStack(let first, let rest):
                kind = .inStack
                keys.append(first)
                keys.append(contentsOf: rest)
            case .fromCurrent(let path):
                kind = .fromCurrent
                keys.append(contentsOf: path)
            }
            names.append(Name(kind: kind, keys: start..<keys.count))
            return names.count - 1
        }

        private mutating func emit(_ node: TemplateNode) {
            switch node {
            case .text(let text):
                ops.append(.text(start: bytes.count, count: text.count))
                bytes.append(contentsOf: text)
            case .variable(let name, let escaped):
                ops.append(.variable(name: add(name), escaped: escaped))
            case .section(let name, let body), .invertedSection(let name, let body):
                let named = add(name)
                let place = ops.count
                ops.append(.partial(0))  // a placeholder until the body's end is known
                let end = emit(body).upperBound
                if case .section = node {
                    ops[place] = .section(name: named, end: end)
                } else {
                    ops[place] = .invertedSection(name: named, end: end)
                }
            case .block(let name, let defaultBody, let indentation):
                blocks.append(Block(name: name, indentation: indentation))
                let place = ops.count
                ops.append(.partial(0))
                let end = emit(defaultBody).upperBound
                ops[place] = .block(blocks.count - 1, end: end)
            case .partial(let template, let indentation, let overrides):
                // A partial no template answers renders nothing, and so is left out: a node that
                // renders nothing changes nothing, even where lines are indented.
                guard let template else { return }
                partials.append(
                    Partial(template: template, indentation: indentation, overrides: overrides.map { _ in [:] }))
                // By name, so the layout is the same from run to run (the output is either way).
                for (name, body) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
                    deferred.append((partials.count - 1, name, body))
                }
                ops.append(.partial(partials.count - 1))
            case .contentType(let escaping):
                escapings.append(escaping)
                ops.append(.contentType(escapings.count - 1))
            case .blockDefinition:
                // Only ever inside `{{<parent}}`, whose parser turns them into overrides.
                break
            }
        }
    }
}

/// How `{{name}}` (escaped) or `{{{name}}}` (as it is) prints text, for `TemplateData.print`.
public struct TemplatePrinter {
    /// In the renderer's program, which outlives every printer: a copy of the escaping would
    /// retain and release its closure for every value printed.
    @usableFromInline let escaping: UnsafePointer<TemplateEscaping>?

    /// Prints `text` as a `.text` value prints.
    @inlinable @inline(__always)
    public func print(_ text: String, into output: inout [UInt8]) -> TemplatePrinted {
        if let escaping {
            escaping.pointee.append(text, &output)
        } else {
            output.append(contentsOf: text.utf8)
        }
        return .printed
    }

    /// Prints `text` as a `.text` value prints, or says it is absent.
    @inlinable @inline(__always)
    public func print(_ text: String?, into output: inout [UInt8]) -> TemplatePrinted {
        guard let text else { return .absent }
        return print(text, into: &output)
    }
}
