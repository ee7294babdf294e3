import MustacheCompiler
import Testing

/// One template per feature and per nasty case, rendered by both engines.
@Suite struct HandWrittenTemplateTests {
    let data = TemplateDictionary([
        "name": "Ada <Lovelace>", "count": 42, "negative": -7, "yes": true, "no": false,
        "empty": "", "zero": 0, "none": .list([]),
        "strings": .list(["one", "<two>", "three & four"]),
        "people": .list([
            .data(TemplateDictionary(["name": "Grace", "role": "admiral"])),
            .data(TemplateDictionary(["name": "Linus"])),
        ]),
        "nav": .data(TemplateDictionary(["home": "page", "deep": .data(TemplateDictionary(["er": "deepest"]))])),
        "outer": .data(
            TemplateDictionary(["outer": .data(TemplateDictionary(["outer": "innermost"])), "name": "outer's"])),
        "html": "<b>bold</b>", "mixed": .list(["a", 1, true, .list(["nested"])]),
    ])

    @Test(arguments: [
        "{{name}}|{{{name}}}|{{&name}}|{{ name }}|{{& name }}",
        "{{count}} {{negative}} {{yes}} {{no}} {{zero}} {{empty}}",
        "{{#yes}}y{{/yes}}{{#no}}n{{/no}}{{#missing}}m{{/missing}}{{#none}}e{{/none}}{{#empty}}[{{.}}]{{/empty}}{{#zero}}[{{.}}]{{/zero}}",
        "{{^yes}}y{{/yes}}{{^no}}n{{/no}}{{^missing}}m{{/missing}}{{^none}}e{{.}}{{/none}}{{^empty}}E{{/empty}}{{^zero}}Z{{/zero}}",
        "{{#strings}}<li>{{.}}</li>{{/strings}}",
        "{{#people}}{{name}} ({{role}}{{^role}}no role, {{count}}{{/role}}) {{/people}}",
        "{{nav.home}} {{nav.deep.er}} {{nav.missing}} {{#nav}}{{home}} {{deep.er}}{{/nav}} {{nav.home.x}}",
        "{{#outer}}{{#outer}}{{#outer}}{{.}}{{/outer}}|{{name}}{{/outer}}{{/outer}}",
        "{{#name}}{{.}} has {{count}}{{/name}}",
        "{{#people}}{{#strings}}{{name}}:{{.}} {{/strings}}{{/people}}",
        "{{.name}} {{#people}}{{.name}}/{{.count}}/{{count}} {{/people}}",
        "{{.}} {{}} {{..}}",
        "{{mixed}} {{strings}} {{none}}",
        "{{! a comment }}a{{!\nmultiline\n}}b",
        "{{=<% %>=}}<% name %> {{name}} <%={{ }}=%>{{name}}",
        "{{#people}}{{=| |=}}|name| |/people|{{name}}",
        "{{=[ ]=}}[#people][name][/people]",
        "a{{\nb}}",
        "x{{",
        "{{% CONTENT_TYPE: TEXT }}{{html}}",
        "{{html}}{{%CONTENT_TYPE:HTML}}{{html}}{{% CONTENT_TYPE: TEXT }}{{html}}",
        "{{#yes}}{{% CONTENT_TYPE: TEXT }}{{html}}{{/yes}}{{html}}",
    ])
    func feature(_ template: String) {
        expectSameOutput(template, data)
    }

    @Test(arguments: [
        "{{#yes}}\nline\n{{/yes}}\n",
        "  {{#yes}}  \n  line\n  {{/yes}}  \nafter\n",
        "{{#yes}}\r\nline\r\n{{/yes}}\r\n",
        "  {{! standalone comment }}\r\n  text\r\n",
        "a {{#yes}}\ninline\n{{/yes}} b\n",
        "{{#yes}}\nx{{/yes}}{{#yes}}\nz\n{{/yes}}\n",
        "{{^no}}\n  {{=<% %>=}}\n  <%name%>\n<%/no%>\n",
        "|\n  {{#people}}\n    {{name}}\n  {{/people}}\n|",
        "{{#yes}}a\n{{/yes}}   ",
        "{{#yes}}{{/yes}}   ",
        "line\n   ",
        "\t{{^missing}}\t\n\tx\n\t{{/missing}}\t\n",
        "a\u{0B}{{#yes}}\u{0B}b{{/yes}}\u{0C}",
        "{{#yes}}\r{{/yes}}\r",
    ])
    func standaloneLines(_ template: String) {
        expectSameOutput(template, data)
    }

    @Test(arguments: [
        ("[{{>item}}]", ["item": "{{name}}"]),
        ("  {{>item}}\n", ["item": "a\nb\n{{name}}\n"]),
        ("{{#people}}\n  {{>item}}\n{{/people}}", ["item": "<p>\n{{name}}\n</p>\n"]),
        ("\t{{>item}}\r\n", ["item": "a\r\nb\r\n"]),
        ("  {{>missing}}\n|", [:]),
        ("  {{>outer}}\n", ["outer": "o\n  {{>inner}}\n", "inner": "i\n{{#strings}}\n{{.}}\n{{/strings}}\n"]),
        ("{{>item}} {{>item}}", ["item": "x\n"]),
        ("  {{>item}}\n", ["item": "{{html}}\n{{{html}}}\n{{#yes}}\n\n{{/yes}}\nend"]),
        ("  {{>item}}\n", ["item": "{{% CONTENT_TYPE: TEXT }}{{html}}\n{{html}}"]),
        ("{{%CONTENT_TYPE:TEXT}}{{>item}}{{html}}", ["item": "{{html}}"]),
    ])
    func partial(_ template: String, _ partials: [String: String]) {
        expectSameOutput(template, data, partials: partials)
    }

    @Test(arguments: [
        (
            "{{<layout}}{{$main}}mine{{/main}}{{/layout}}",
            ["layout": "<h>{{$head}}head{{/head}}</h>\n<m>{{$main}}main{{/main}}</m>\n"]
        ),
        (
            "{{<layout}}\n{{$head}}\n  <meta>\n    deeper\n{{/head}}\n{{/layout}}\n",
            ["layout": "<head>\n  {{$head}}{{/head}}\n</head>\n  {{$main}}\n  none\n  {{/main}}\n"]
        ),
        ("{{<layout}}{{/layout}}", ["layout": "{{$a}}default a{{/a}}"]),
        (
            "{{<layout}}\n  {{$a}}\n    indented block\n      more\n  {{/a}}\n{{/layout}}",
            ["layout": "    {{$a}}x{{/a}}\n"]
        ),
        (
            "{{<middle}}{{$a}}from child{{/a}}{{/middle}}",
            [
                "middle": "{{<layout}}{{$a}}from middle{{/a}}{{$b}}middle b{{/b}}{{/layout}}",
                "layout": "{{$a}}A{{/a}}|{{$b}}B{{/b}}",
            ]
        ),
        (
            "{{<layout}}{{$a}}{{#people}}{{name}},{{/people}}{{/a}}{{/layout}}",
            ["layout": "{{#yes}}{{$a}}{{/a}}{{/yes}}"]
        ),
        ("{{<missing}}{{$a}}x{{/a}}{{/missing}}|", [:]),
        ("{{$a}}top-level default{{/a}}", [:]),
        ("{{<layout}}{{$main}}{{>item}}{{/main}}{{/layout}}", ["layout": "  {{$main}}{{/main}}\n", "item": "p\nq\n"]),
        ("{{<layout}}{{$main}}{{html}}{{/main}}{{/layout}}", ["layout": "{{% CONTENT_TYPE: TEXT }}{{$main}}{{/main}}"]),
        ("{{<layout}}text is ignored{{$a}}A{{/a}} here {{$a}}second{{/a}}{{/layout}}", ["layout": "{{$a}}{{/a}}"]),
    ])
    func inheritance(_ template: String, _ partials: [String: String]) {
        expectSameOutput(template, data, partials: partials)
    }

    @Test(arguments: HostileText.samples)
    func hostileValue(_ value: String) {
        let hostile = TemplateDictionary(["v": .text(value), "list": .list([.text(value), .text(value)])])
        expectSameOutput(
            "<a title=\"{{v}}\">{{{v}}}</a>{{#v}}[{{.}}]{{/v}}{{#list}}{{.}}{{/list}}{{list}}\n  {{>p}}\n", hostile,
            partials: ["p": "{{v}}\n{{&v}}\n"])
        let pair = EnginePair(["main": "{{% CONTENT_TYPE: HTML }}<a title=\"{{v}}\">{{{v}}}</a>"])
        let (compiled, oracle) = pair.render("main", hostile)
        #expect(compiled == oracle)
    }

    /// Text that writes itself where it prints (`TemplateValue.fragment`).
    struct Written: TemplateFragment {
        let value: String
        func write(into output: inout [UInt8]) { output.append(contentsOf: value.utf8) }
    }

    /// A fragment prints as the text it writes would, in every tag: escaped, as it is, as a
    /// section's context, inside a printed list, in an indented partial; in both engines.
    @Test(arguments: HostileText.samples)
    func aFragmentPrintsAsItsText(_ value: String) {
        let template =
            "<a title=\"{{v}}\">{{{v}}}</a>{{#v}}[{{.}}]{{/v}}{{^v}}none{{/v}}{{v.x}}{{#list}}{{.}}{{/list}}{{list}}\n  {{>p}}\n"
        let partials = ["p": "{{v}}\n{{&v}}\n"]
        let fragment = TemplateDictionary([
            "v": .fragment(Written(value: value)), "list": .list([.fragment(Written(value: value)), .text(value)]),
        ])
        let text = TemplateDictionary(["v": .text(value), "list": .list([.text(value), .text(value)])])
        expectSameOutput(template, fragment, partials: partials)
        let pair = EnginePair(partials.merging(["main": template]) { _, main in main })
        let (asFragment, _) = pair.render("main", fragment)
        let (asText, _) = pair.render("main", text)
        #expect(asFragment != nil && asFragment == asText)
    }

    /// The output limit counts what one rendering writes, not what the buffer held before it
    /// (a fragment renders into its page's bytes).
    @Test func theLimitCountsOnlyWhatARenderingWrites() throws {
        var library = try TemplateLibrary(["main": ("{{#strings}}{{.}}{{/strings}}", "main")])
        library.outputLimit = 64
        var output = [UInt8](repeating: 0x20, count: 1_000)
        #expect(library.render(templateNamed: "main", data: data, into: &output))
        #expect(output.count == 1_000 + "one<two>three & four".utf8.count + 10)
    }

    /// Swift-mustache traps here (a range below its start when it slices an empty section's
    /// text with one-character delimiters); the engine renders the section.
    @Test func anEmptySectionWithOneCharacterDelimitersCompiles() throws {
        let library = try TemplateLibrary(["t": (text: "{{=| |=}}|#yes||/yes|[|name|]", path: "t")])
        #expect(library.render(templateNamed: "t", data: data) == "[Ada &lt;Lovelace&gt;]")
    }

    @Test func aContextPrintsAsItsData() {
        expectSameOutput("{{nav}}|{{people}}|{{#nav}}{{.}}{{/nav}}", data)
    }

    @Test func aSelfIncludingPartialStopsInsteadOfOverflowingTheStack() throws {
        let library = try TemplateLibrary(["loop": (text: "x{{>loop}}", path: "loop.mustache")])
        let output = library.render(templateNamed: "loop", data: TemplateDictionary([:]))
        #expect(output == String(repeating: "x", count: 101))
    }

    /// The nesting limit bounds depth, not breadth: twice itself is 2^100 steps without a budget.
    @Test(.timeLimit(.minutes(1))) func aPartialThatIncludesItselfTwiceIsCutShort() throws {
        let library = try TemplateLibrary([
            "boom": (text: "{{>boom}}{{>boom}}", path: "boom.mustache"),
            "page": (text: "a{{>boom}}b", path: "page.mustache"),
        ])
        var output: [UInt8] = []
        #expect(!library.render(templateNamed: "page", data: TemplateDictionary([:]), into: &output))
        #expect(library.hasTemplate(named: "page"))
        #expect(!library.hasTemplate(named: "nothing"))
        #expect(library.cut(templateNamed: "page", data: TemplateDictionary([:])) == nil)
    }

    /// A long list with a partial per item is not mistaken for one that never ends.
    @Test func aPartialPerItemOfALongListRendersWhole() throws {
        let library = try TemplateLibrary([
            "item": (text: "{{.}},", path: "item.mustache"),
            "page": (text: "{{#items}}{{>item}}{{/items}}", path: "page.mustache"),
        ])
        let items = (0..<100_000).map { TemplateValue.number($0) }
        var output: [UInt8] = []
        #expect(library.render(templateNamed: "page", data: TemplateDictionary(["items": .list(items)]), into: &output))
        #expect(output.count == items.indices.reduce(0) { $0 + String($1).utf8.count + 1 })
    }

    /// Sections nested over the same list repeat n^k times without a partial in sight: the output
    /// limit stops them (200^4 rows of a kilobyte would be 1.6 TB).
    @Test(.timeLimit(.minutes(1))) func sectionsNestedOverOneListStopAtTheOutputLimit() throws {
        let row = String(repeating: "x", count: 1024)
        var library = try TemplateLibrary([
            "page": (
                text: "{{#items}}{{#items}}{{#items}}{{#items}}\(row){{/items}}{{/items}}{{/items}}{{/items}}",
                path: "page.mustache"
            )
        ])
        library.outputLimit = 4 * 1024 * 1024
        let items = (0..<200).map { TemplateValue.number($0) }
        var output: [UInt8] = []
        #expect(
            !library.render(templateNamed: "page", data: TemplateDictionary(["items": .list(items)]), into: &output))
        #expect(output.count <= library.outputLimit + 1024)
        #expect(TemplateLibrary.defaultOutputLimit == 256 * 1024 * 1024)
    }

    @Test func aBlockOverrideThatUsesItsOwnBlockStopsToo() throws {
        let library = try TemplateLibrary([
            "page": (text: "{{<layout}}{{$a}}x{{$a}}{{/a}}{{/a}}{{/layout}}", path: "page.mustache"),
            "layout": (text: "{{$a}}{{/a}}", path: "layout.mustache"),
        ])
        let output = library.render(templateNamed: "page", data: TemplateDictionary([:]))
        #expect(output == String(repeating: "x", count: 99))
    }

    @Test func anUnknownTemplateRendersNil() throws {
        let library = try TemplateLibrary(["a": (text: "a", path: "a.mustache")])
        #expect(library.render(templateNamed: "b", data: TemplateDictionary([:])) == nil)
        var bytes: [UInt8] = [1]
        #expect(!library.render(templateNamed: "b", data: TemplateDictionary([:]), into: &bytes))
        #expect(library.render(templateNamed: "a", data: TemplateDictionary([:]), into: &bytes))
        #expect(bytes == [1, 0x61])
    }

    @Test func rendersOnManyThreadsAtOnce() async throws {
        let library = try TemplateLibrary(["t": (text: "{{#people}}{{name}};{{/people}}", path: "t")])
        let data = self.data
        let outputs = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<32 { group.addTask { library.render(templateNamed: "t", data: data) } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(outputs == Array(repeating: "Grace;Linus;", count: 32))
    }
}
