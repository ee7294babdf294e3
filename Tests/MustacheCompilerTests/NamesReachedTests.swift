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
        // `card` prints its data whole (`{{.}}`), outside any section: `.`.
        #expect(
            names == ["title", "groups", "name", "empty", "site", "skillCount", "fallback", "rating", "stars", "."])
        #expect(library.namesReached(fromTemplateNamed: "other") == ["ratingCount"])
        #expect(library.namesReached(fromTemplateNamed: "missing") == [])
    }

    /// `{{.}}` prints the data whole only outside every section: inside one it prints the
    /// section's value (or item), whose name is reached already. A partial counts where it is
    /// included; an inverted section and a block render in the context around them.
    @Test func theDataIsPrintedWholeOnlyOutsideEverySection() throws {
        let library = try TemplateLibrary([
            "inside": ("{{#examples}}{{.}}{{/examples}}{{#x}}{{>item}}{{/x}}", "inside"),
            "item": ("{{.}}", "item"),
            "outside": ("{{^empty}}{{$b}}{{.}}{{/b}}{{/empty}}", "outside"),
            "partial": ("{{#x}}{{>item}}{{/x}}{{>item}}", "partial"),
        ])
        #expect(library.namesReached(fromTemplateNamed: "inside") == ["examples", "x"])
        #expect(library.namesReached(fromTemplateNamed: "outside") == ["empty", "."])
        #expect(library.namesReached(fromTemplateNamed: "partial") == ["x", "."])
    }
}
