import Mustache
import MustacheCompiler
import Testing

/// What swift-mustache accepts and the engine does not support, and what neither accepts: each
/// is an error naming the template, line and column.
@Suite struct TemplateErrorTests {
    func compileError(_ text: String) -> TemplateError? {
        TemplateLibrary.compile(
            ["t": (text: text, path: "Templates/t.mustache")], contentTypes: EnginePair.contentTypes
        ).errors.first
    }

    func error(_ line: Int, _ column: Int, _ message: String) -> TemplateError {
        TemplateError(path: "Templates/t.mustache", line: line, column: column, message: message)
    }

    @Test(arguments: [
        (
            "a\nb\n      {{uppercased(name)}}", 3, 7,
            "`uppercased(name)`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead"
        ),
        (
            "{{#list}}\n  {{index()}}\n{{/list}}", 2, 3,
            "`index()`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead"
        ),
        (
            "x {{#reversed(list)}}{{/reversed(list)}}", 1, 3,
            "`reversed(list)`: transforms such as `uppercased(name)` are not supported; compute the value in the page data instead"
        ),
        ("\n\n {{>*name}}", 3, 2, "dynamic partials (`{{>*name}}`) are not supported; name the template"),
        ("{{<*name}}{{/*name}}", 1, 1, "dynamic partials (`{{>*name}}`) are not supported; name the template"),
    ])
    func unsupportedConstruct(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        // Swift-mustache renders these; the engine refuses them rather than render differently.
        _ = try MustacheTemplate(string: text)
        #expect(compileError(text) == error(line, column, message))
    }

    @Test(arguments: [
        ("<p>\n  {{#items}}\n  <li>\n", 2, 3, "section `items` is never closed: add `{{/items}}`"),
        ("{{#a}}\n{{/b}}", 2, 1, "`{{/b}}` does not close the open section `a`: close that first with `{{/a}}`"),
        ("text {{/b}}", 1, 6, "`{{/b}}` closes a section that is not open"),
        (
            "é {{na me}}", 1, 3,
            "the tag is not closed with `}}` after its name (a name holds letters, digits and `.-_?*` only)"
        ),
        (
            "{{{name}}", 1, 1,
            "the template ends inside a tag (or with the first character of `{{` and nothing after it)"
        ),
        ("{{{name}} x", 1, 1, "`{{{name` is not closed with `}}}`"),
        (
            "\r\n{{name", 2, 1,
            "the template ends inside a tag (or with the first character of `{{` and nothing after it)"
        ),
        (
            "ends with {", 1, 11,
            "the template ends inside a tag (or with the first character of `{{` and nothing after it)"
        ),
        (
            "{{=<%%>=}}", 1, 1,
            "invalid set-delimiter tag: write it as `{{=<% %>=}}`, two delimiters without spaces in them"
        ),
        ("{{=<% %>=}}\n<%! never closed", 2, 1, "a comment is never closed with `%>`"),
        ("{{% CONTENT_TYPE: XML }}", 1, 1, "unknown content type `XML` (known: HTML, TEXT)"),
        ("{{% SOMETHING: HTML }}", 1, 1, "unknown pragma `SOMETHING`: only CONTENT_TYPE is supported"),
        ("{{% CONTENT_TYPE }}", 1, 1, "invalid pragma: write it as `{{% CONTENT_TYPE: HTML }}`"),
        (
            "{{<layout}}\n{{name}}\n{{/layout}}", 1, 1,
            "only blocks (`{{$name}}…{{/name}}`) and text may stand directly inside `{{<layout}}`"
        ),
    ])
    func invalidTemplate(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: (any Error).self) { try MustacheTemplate(string: text) }
        #expect(compileError(text) == error(line, column, message))
    }

    @Test func theErrorReadsLikeACompilerMessage() {
        #expect(error(3, 7, "x").description == "Templates/t.mustache:3:7: error: x")
    }

    @Test func aTemplateThatFailsIsLeftOutAndItsPartialsRenderNothing() {
        let (library, errors) = TemplateLibrary.compile([
            "page": (text: "[{{>broken}}]", path: "page.mustache"),
            "broken": (text: "{{#open}}", path: "broken.mustache"),
        ])
        #expect(errors.map(\.path) == ["broken.mustache"])
        #expect(library.names == ["page"])
        #expect(library.render(templateNamed: "page", data: TemplateDictionary([:])) == "[]")
    }
}
