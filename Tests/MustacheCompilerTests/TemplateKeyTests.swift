import MustacheCompiler
import Testing

/// Names resolved at compile time: every part of a tag's name reaches the data with its place in
/// the library's vocabulary, and a name the vocabulary lacks still reaches it by its text.
@Suite struct TemplateKeyTests {
    /// Answers only by place, and records every key it was asked.
    final class ByPlace: TemplateData, @unchecked Sendable {
        let values: [Int: TemplateValue]
        var asked: [TemplateKey] = []
        init(_ values: [Int: TemplateValue]) { self.values = values }
        func value(named name: String) -> TemplateValue? { nil }
        func value(for key: TemplateKey) -> TemplateValue? {
            asked.append(key)
            return key.index.flatMap { values[$0] }
        }
    }

    @Test func everyPartOfANameArrivesWithItsPlace() throws {
        let library = try TemplateLibrary(
            ["t": ("{{title}}|{{#inner}}{{title}}{{.title}}{{/inner}}|{{inner.title}}|{{missing}}", "t")],
            vocabulary: ["inner", "title"])
        let inner = ByPlace([1: "in"])
        let outer = ByPlace([0: .data(inner), 1: "out"])
        #expect(library.render(templateNamed: "t", data: outer) == "out|inin|in|")
        #expect(outer.asked.map(\.index) == [1, 0, 0, nil])
        #expect(outer.asked.map(\.name) == ["title", "inner", "inner", "missing"])
        #expect(inner.asked.map(\.index) == [1, 1, 1])
    }

    @Test func withoutAVocabularyDataIsAskedByName() throws {
        let library = try TemplateLibrary(["t": ("{{a}} {{b.c}}", "t")])
        let data = TemplateDictionary(["a": "1", "b": .data(TemplateDictionary(["c": "2"]))])
        #expect(library.render(templateNamed: "t", data: data) == "1 2")
        let byPlace = ByPlace([0: "x"])
        #expect(library.render(templateNamed: "t", data: byPlace) == " ")
        #expect(byPlace.asked.allSatisfy { $0.index == nil })
    }
}
