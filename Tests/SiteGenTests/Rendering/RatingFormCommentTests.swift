import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// `rating_form.comment`: the setting, and the textarea it adds to the form (off by default, so a
/// site that does not ask for it keeps the form it had).
@Suite struct RatingFormCommentTests {
    let skill = Skill(id: "news/headline-finder", tag: "headline-finder", name: "Headline Finder", group: "News")

    func read(_ yaml: String) -> (config: SiteConfig, diagnostics: [Diagnostic]) {
        let (config, diagnostics) = TestSupport.readConfig(yaml)
        return (config, diagnostics.sorted())
    }

    @Test func theSettingIsOffUnlessSetTrue() throws {
        #expect(try #require(read("rating_form:\n  endpoint: /r\n").config.ratingForm).comment == false)
        let (config, diagnostics) = read("rating_form:\n  endpoint: /r\n  comment: true\n")
        #expect(diagnostics.isEmpty)
        #expect(try #require(config.ratingForm).comment)
        #expect(
            try #require(read("rating_form:\n  endpoint: /r\n  comment: false\n").config.ratingForm).comment == false)
    }

    @Test(arguments: ["maybe", "1", "[true]", "{a: b}"])
    func anythingButTrueOrFalseIsAnErrorAtItsPosition(value: String) throws {
        let (_, diagnostics) = read("title: T\nrating_form:\n  endpoint: /r\n  comment: \(value)\n")
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.path == "Content/site.yml")
        #expect(error.line == 4 && error.column == 12, "\(error)")
        #expect(
            error.message.hasPrefix("`rating_form.comment` must be true (a comment field under the stars) or false"))
    }

    @Test func anExtraFieldNamedCommentClashesWithTheCommentField() {
        let (_, clash) = read("rating_form:\n  endpoint: /r\n  comment: true\n  extra: {comment: x}\n")
        #expect(clash.contains { $0.severity == .error && $0.message.contains("two fields named `comment`") })
        let (_, without) = read("rating_form:\n  endpoint: /r\n  extra: {comment: x}\n")
        #expect(without.isEmpty)
    }

    @Test func theSUSILinkHasNoCommentFieldAndSaysSo() throws {
        let (_, diagnostics) = read("rating_form:\n  preset: susi\n  comment: true\n")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.hasPrefix("`rating_form.comment` is not shown") == true)
    }

    @Test func theFieldIsALabelledTextareaBeforeTheButton() {
        var config = RatingFormConfig(endpoint: .sitePath("api/ratings"))
        config.comment = true
        let html = RatingForm(config: config).html(for: skill, root: "../", theme: BuiltInTheme.english)
        #expect(
            html.contains(
                """
                </div>
                <div class="rating-comment"><label for="rating-comment">Your review (optional)</label>
                <textarea id="rating-comment" name="comment" rows="4" cols="30" maxlength="2000" aria-describedby="rating-comment-hint"></textarea>
                <p class="rating-comment-hint muted" id="rating-comment-hint">Plain text, up to 2,000 characters. Other visitors see it on this page with your stars.</p></div>
                <div class="visually-hidden" aria-hidden="true">
                """), "\(html)")
        // Inside the fieldset, so the group "Rate Headline Finder" holds it; never required.
        let fieldset = html.range(of: "</fieldset>").map { html[..<$0.lowerBound] } ?? ""
        #expect(fieldset.contains("<textarea"))
        #expect(!html.contains("required></textarea>") && !html.contains("<script"))

        let german = RatingForm(config: config).html(
            for: skill, root: "../", theme: BuiltInTheme.load("de"))
        #expect(german.contains("<label for=\"rating-comment\">Deine Rezension (freiwillig)</label>"))
        #expect(german.contains("bis zu 2.000 Zeichen"))
    }

    @Test func withoutTheSettingTheFormHasNoTextarea() {
        let html = RatingForm(config: RatingFormConfig(endpoint: .sitePath("api/ratings"))).html(
            for: skill, root: "../", theme: BuiltInTheme.english)
        #expect(!html.contains("textarea") && !html.contains("rating-comment"))
    }
}

/// The setting from site.yml to the built skill pages, in the site's language.
@Suite struct RatingFormCommentBuildTests {
    @Test func aGermanSitesSkillPagesGetTheFieldAndOtherPagesNothing() throws {
        let (_, output) = try RatingFormBuildTests.build(
            "language: de\nrating_form:\n  endpoint: /api/ratings\n  comment: true\n")
        for id in ["headline-finder", "tech-digest"] {
            let html = try RatingFormBuildTests.page(output, "skills/news/\(id)/index.html")
            #expect(html.contains("<label for=\"rating-comment\">Deine Rezension (freiwillig)</label>"))
            #expect(html.components(separatedBy: "<textarea id=\"rating-comment\" name=\"comment\"").count == 2)
        }
        #expect(try !RatingFormBuildTests.page(output, "index.html").contains("textarea"))
    }
}
