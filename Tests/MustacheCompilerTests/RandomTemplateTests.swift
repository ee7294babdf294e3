import MustacheCompiler
import Testing

/// Random templates from a small grammar over the supported syntax, and random junk, rendered
/// against random data: both engines must accept the same templates and print the same bytes.
@Suite struct RandomTemplateTests {
    static let names = ["a", "b", "c", "list", "t"]

    @Test(arguments: 0..<1000)
    func grammarTemplate(seed: Int) {
        var grammar = TemplateGrammar(generator: SeededGenerator(seed: UInt64(seed) &* 7919))
        // Partials only downwards, and inside blocks only to ones without blocks: a block
        // override that reaches its own block again recurses for ever in swift-mustache.
        let p1 = grammar.template(partials: [], blockFree: [])
        let p0 = grammar.template(partials: ["p1"], blockFree: p1.contains("$") ? [] : ["p1"])
        let blockFree =
            ["missing"] + (p0.contains("$") || p0.contains("p1") && p1.contains("$") ? [] : ["p0"])
            + (p1.contains("$") ? [] : ["p1"])
        compareEngines(
            seed: seed,
            sources: [
                "main": grammar.template(partials: ["p0", "p1", "missing"], blockFree: blockFree),
                "p0": p0,
                "p1": p1,
            ])
    }

    /// Tag pieces thrown together: mostly invalid, so this checks the two reject the same.
    @Test(arguments: 0..<1000)
    func junkTemplate(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1_000_003)
        let pieces = [
            "{{", "}}", "{", "}", "#", "^", "/", "!", ">", "<", "$", "=", "&", "%", ".", "a", "b", " ", "\n",
            "\r\n", "\t", "<% %>", "{{#a}}", "{{/a}}", "{{>p}}", "{{$a}}", "{{/b}}", "CONTENT_TYPE:TEXT", ":",
        ]
        let template = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
            pieces.randomElement(using: &generator) ?? ""
        }.joined()
        compareEngines(seed: seed, sources: ["main": template, "p": "[{{a}}]\n"])
    }

    func compareEngines(seed: Int, sources: [String: String], sourceLocation: SourceLocation = #_sourceLocation) {
        let pair = EnginePair(sources)
        #expect(
            Set(pair.errors.map(\.path)) == pair.oracleFailures,
            "seed \(seed): errors \(pair.errors) vs swift-mustache's \(pair.oracleFailures) in \(sources)",
            sourceLocation: sourceLocation)
        guard !pair.oracleFailures.contains("main") else { return }
        var data = RandomData(names: Self.names, generator: SeededGenerator(seed: UInt64(seed)))
        for _ in 0..<8 {
            let (compiled, oracle) = pair.render("main", data.context())
            #expect(compiled == oracle, "seed \(seed): \(sources)", sourceLocation: sourceLocation)
        }
    }
}

/// Writes templates with every supported construct, often on lines of their own (so the
/// standalone rules apply), with delimiters changed and changed back.
struct TemplateGrammar {
    var generator: SeededGenerator
    private var open = "{{"
    private var close = "}}"

    init(generator: SeededGenerator) { self.generator = generator }

    /// - Parameter blockFree: the partials that hold no block, the only ones used in a block.
    mutating func template(partials: [String], blockFree: [String]) -> String {
        open = "{{"
        close = "}}"
        self.blockFree = blockFree
        return pieces(depth: 0, partials: partials)
    }

    private var blockFree: [String] = []

    private mutating func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator) ?? "" }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }

    private mutating func name() -> String {
        let name = pick(RandomTemplateTests.names)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return "."
        case 1: return name + "." + pick(RandomTemplateTests.names)
        case 2: return "." + name
        default: return name
        }
    }

    private mutating func pieces(depth: Int, partials: [String]) -> String {
        (0..<Int.random(in: depth == 0 ? 3...10 : 0...5, using: &generator)).map { _ in
            piece(depth: depth, partials: partials)
        }.joined()
    }

    private mutating func piece(depth: Int, partials: [String]) -> String {
        if chance(25) {
            // A tag on a line of its own, maybe indented, maybe with a CRLF.
            let indent = pick(["", " ", "  ", "\t", " \t "])
            let tag = self.tag(depth: depth, partials: partials)
            return indent + tag + pick(["", " ", "  "]) + pick(["\n", "\n", "\r\n"])
        }
        if chance(35) {
            return pick(["x", " ", "  ", "\t", "\n", "\r\n", "\r", "<&\">", "é", "😀", "{", "}", "text ", "\n  ", "'"])
        }
        return tag(depth: depth, partials: partials)
    }

    private var inBlock = false

    /// A block's body: no blocks or parents inside it, partials only to block-free templates.
    private mutating func inBlockBody(depth: Int) -> String {
        let outer = inBlock
        inBlock = true
        let text = pieces(depth: depth + 1, partials: blockFree)
        inBlock = outer
        return text
    }

    /// A section's delimiters end with it: swift-mustache's parser state is per section.
    private mutating func keepingDelimiters(_ body: (inout TemplateGrammar) -> String) -> String {
        let (outerOpen, outerClose) = (open, close)
        let text = body(&self)
        (open, close) = (outerOpen, outerClose)
        return text
    }

    private mutating func tag(depth: Int, partials: [String]) -> String {
        let choice = Int.random(in: 0..<(depth < 3 ? 13 : 7), using: &generator)
        switch choice {
        case 0, 1: return open + pick(["", " "]) + name() + pick(["", " "]) + close
        case 2: return open + "&" + name() + close
        case 3: return open == "{{" ? "{{{" + name() + "}}}" : open + "&" + name() + close
        case 4: return open + "! comment " + pick(["", "\n", "{"]) + close
        case 5:
            // No one-character delimiters: swift-mustache traps on `|#a||/a|` (an empty section).
            let delimiters = pick(["<% %>", "<| |>", "{{ }}", "[[ ]]", "{{{ }}}"]).split(separator: " ").map(
                String.init)
            let tag = open + "=" + delimiters[0] + " " + delimiters[1] + "=" + close
            open = delimiters[0]
            close = delimiters[1]
            return tag
        case 6: return open + "% CONTENT_TYPE: " + pick(["TEXT", "HTML"]) + " " + close
        case 7, 8, 9:
            let name = pick(RandomTemplateTests.names + ["a.b"])
            let sigil = pick(["#", "#", "^"])
            let start = open + sigil + name + close
            return keepingDelimiters { grammar in
                let inner = grammar.pieces(depth: depth + 1, partials: partials)
                return start + inner + grammar.open + "/" + name + grammar.close
            }
        case 10:
            guard let partial = partials.randomElement(using: &generator) else { return "" }
            return open + ">" + pick(["", " "]) + partial + close
        case 11:
            guard !inBlock else { return "" }
            let block = pick(["head", "main"])
            let start = open + "$" + block + close
            return keepingDelimiters { grammar in
                start + grammar.inBlockBody(depth: depth) + grammar.open + "/" + block + grammar.close
            }
        default:
            guard !inBlock, let parent = partials.randomElement(using: &generator) else { return "" }
            var text = open + "<" + parent + close + pick(["", "\n"])
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let block = pick(["head", "main"])
                text += pick(["", "  "]) + open + "$" + block + close + pick(["", "\n"])
                text += keepingDelimiters { grammar in
                    grammar.inBlockBody(depth: depth) + grammar.open + "/" + block + grammar.close
                }
                text += pick(["", "\n", "  \n"])
            }
            return text + open + "/" + parent + close
        }
    }
}
