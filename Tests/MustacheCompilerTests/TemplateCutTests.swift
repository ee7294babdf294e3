import MustacheCompiler
import MustacheOracle
import Testing

/// A template rendered once with `TemplateSlot`s and filled in afterwards equals the template
/// rendered with the values themselves.
@Suite struct TemplateCutTests {
    static let values = ["../../", "x & \"y\" <b>", ""]

    /// Fills the cut's slots with `values`.
    static func fill(_ cut: TemplateCut) -> String {
        var out: [UInt8] = []
        cut.write(into: &out) { values[$0] }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        "<a href=\"{{a}}x\">{{{b}}}|{{&b}}|{{c}}</a>",
        "{{#a}}[{{a}}{{.}}]{{/a}}{{^a}}none{{/a}}{{#c}}({{c}}){{/c}}",
        "{{a.x}}{{#b}}{{name}}{{/b}}",
        "{{% CONTENT_TYPE: TEXT }}{{b}}{{a}}",
        "{{=<% %>=}}<%a%>|<%&b%>",
        "{{>inner}}|{{<parent}}{{$body}}{{b}}{{/body}}{{/parent}}",
        "line\n{{a}}\n  {{b}}\n",
    ])
    func aCutFilledInIsTheRendering(_ template: String) throws {
        let sources: [String: (text: String, path: String)] = [
            "main": (template, "main"), "inner": ("<{{a}}>", "inner"), "parent": ("P{{$body}}{{/body}}", "parent"),
        ]
        let library = try TemplateLibrary(sources, contentTypes: ["HTML": .swiftMustacheHTML, "TEXT": .text])
        let slots = TemplateDictionary([
            "a": .data(TemplateSlot(0)), "b": .data(TemplateSlot(1)), "c": .data(TemplateSlot(2)),
            "name": "named",
        ])
        let values = TemplateDictionary([
            "a": .text(Self.values[0]), "b": .text(Self.values[1]), "c": .text(Self.values[2]),
            "name": "named",
        ])
        let cut = try #require(library.cut(templateNamed: "main", data: slots))
        #expect(Self.fill(cut) == library.render(templateNamed: "main", data: values))
    }

    /// A cut that shares another's text (`sharing(with:)`, a ranked card and its plain one) fills
    /// in to the same bytes as the cut it was made from, over generated templates whose variants
    /// differ in one run: slots before, in and after the run, at its edges, and a slot escaped
    /// in one variant and not in the other at the same place.
    @Test(arguments: 1...60 as ClosedRange<Int>)
    func aSharedCutFillsInAsItsOwnCutDoes(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        let pieces = [
            "<p class=\"card\">", "text ", "{{a}}", "{{{b}}}", "{{c}}", String(repeating: "x", count: 40), "é<", "\n",
        ]
        func run() -> String { (0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined() }
        let middle = ["{{#r}}<p>#{{r}}</p>{{/r}}", "{{#r}}{{a}}{{/r}}{{^r}}{{{a}}}{{/r}}", "{{^r}}gone{{/r}}"]
        // Long enough on both sides for the cut to share.
        let edge = String(repeating: "<b>edge</b>", count: 6)
        let template = edge + run() + middle[next(middle.count)] + run() + edge
        let library = try TemplateLibrary(["main": (template, "main")])
        func data(_ rank: TemplateValue?) -> TemplateDictionary {
            var values: [String: TemplateValue] = [
                "a": .data(TemplateSlot(0)), "b": .data(TemplateSlot(1)), "c": .data(TemplateSlot(2)),
            ]
            values["r"] = rank
            return TemplateDictionary(values)
        }
        let plain = try #require(library.cut(templateNamed: "main", data: data(nil)))
        let ranked = try #require(library.cut(templateNamed: "main", data: data(.data(TemplateSlot(1)))))
        let shared = ranked.sharing(with: plain)
        #expect(shared.isShared)
        #expect(Self.fill(shared) == Self.fill(ranked), "\(template)")
        #expect(Self.fill(plain.sharing(with: ranked)) == Self.fill(plain), "\(template)")
        #expect(Self.fill(shared.sharing(with: plain)) == Self.fill(ranked))
    }

    /// In an indented partial the text put in a slot could change what is indented after it.
    @Test func aSlotInAnIndentedPartialIsNotCut() throws {
        let library = try TemplateLibrary([
            "main": (text: "<ul>\n  {{>item}}\n</ul>\n", path: "main"),
            "item": (text: "<li>\n{{a}}</li>\n", path: "item"),
        ])
        #expect(library.cut(templateNamed: "main", data: TemplateDictionary(["a": .data(TemplateSlot(0))])) == nil)
        #expect(library.cut(templateNamed: "item", data: TemplateDictionary(["a": .data(TemplateSlot(0))])) != nil)
        #expect(library.cut(templateNamed: "missing", data: TemplateDictionary([:])) == nil)
    }

    /// Swift-mustache cannot cut: its callers render for each place.
    @Test func theOracleDoesNotCut() {
        let oracle = OracleLibrary(["main": (text: "{{a}}", path: "main")], contentTypes: EnginePair.contentTypes)
        #expect(oracle.cut(templateNamed: "main", data: TemplateDictionary(["a": .data(TemplateSlot(0))])) == nil)
        #expect(oracle.render(templateNamed: "main", data: TemplateDictionary(["a": "x"])) == "x")
    }
}
