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
}
