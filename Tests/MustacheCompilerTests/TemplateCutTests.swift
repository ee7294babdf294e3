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
