import MustacheCompiler
import Testing

/// What a template can look up, through partials, parents and blocks: a kept build decides with
/// it which site-wide values a page depends on.
@Suite struct NamesReachedTests {
    @Test func namesComeFromTheTemplateItsPartialsAndItsParent() throws {
        let library = try TemplateLibrary([
            "page": (
                "{{<frame}}{{$main}}{{title}} {{#groups}}{{name}}{{/groups}}{{/main}}{{/frame}}{{^empty}}{{>card}}{{/empty}}",
                "page"
            ),
            "frame": ("<b>{{site.skillCount}}</b>{{$main}}{{fallback}}{{/main}}", "frame"),
            "card": ("{{.}}{{.rating.stars}}{{>card}}", "card"),
            "other": ("{{ratingCount}}", "other"),
        ])
        let names = try #require(library.namesReached(fromTemplateNamed: "page"))
        #expect(names == ["title", "groups", "name", "empty", "site", "skillCount", "fallback", "rating", "stars"])
        #expect(library.namesReached(fromTemplateNamed: "other") == ["ratingCount"])
        #expect(library.namesReached(fromTemplateNamed: "missing") == [])
    }

    /// Where `{{.}}` prints a context: the innermost section around it, through partials (where
    /// they are included), parents and blocks; an inverted section opens none.
    @Test func contextsPrintedAreNamedByTheSectionAroundThem() throws {
        let library = try TemplateLibrary([
            "page": (
                "{{#examples}}{{.}}{{/examples}}{{#x}}{{>item}}{{/x}}{{^empty}}{{$b}}{{.}}{{/b}}{{/empty}}", "page"
            ),
            "item": ("{{.}}{{#.}}{{.}}{{/.}}{{#a.b}}{{#flag}}{{.}}{{/flag}}{{/a.b}}", "item"),
            "child": ("{{<page}}{{$b}}{{#y}}{{.}}{{/y}}{{/b}}{{/page}}", "child"),
            "none": ("{{a}}{{#b}}{{c}}{{/b}}{{.d}}", "none"),
            // The override's `{{.}}` prints inside the parent's `groups`, whatever stands around `{{<`.
            "override": ("{{#examples}}{{<frame}}{{$b}}{{.}}{{/b}}{{/frame}}{{/examples}}", "override"),
            "frame": ("{{#groups}}{{$b}}{{/b}}{{/groups}}", "frame"),
            "dotted": ("{{#a.b}}{{.}}{{/a.b}}", "dotted"),
        ])
        #expect(library.contextsPrinted(fromTemplateNamed: "page") == ["examples", "x", ".", "flag", ""])
        #expect(library.contextsPrinted(fromTemplateNamed: "item") == ["", ".", "flag"])
        #expect(library.contextsPrinted(fromTemplateNamed: "child") == ["examples", "x", ".", "flag", "", "y"])
        #expect(library.contextsPrinted(fromTemplateNamed: "none") == [])
        #expect(library.contextsPrinted(fromTemplateNamed: "override") == [""])
        #expect(library.contextsPrinted(fromTemplateNamed: "dotted") == ["a.b"])
        // The names printed with `{{name}}`, the last part of a dotted one: not sections.
        #expect(library.namesPrinted(fromTemplateNamed: "none") == ["a", "c", "d"])
        #expect(library.namesPrinted(fromTemplateNamed: "page") == [])
        #expect(library.namesPrinted(fromTemplateNamed: "missing") == [])
        #expect(library.contextsPrinted(fromTemplateNamed: "missing") == [])
    }
}
