import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// The form's markup, for each configuration. Whole-form comparisons are golden strings: the
/// markup is the feature.
@Suite struct RatingFormTests {
    let skill = Skill(id: "news/headline-finder", tag: "headline-finder", name: "Headline Finder", group: "News")

    @Test func defaultFormIsFiveRadiosInReadingOrder() {
        let html = RatingForm(config: RatingFormConfig(endpoint: .sitePath("api/ratings"))).html(
            for: skill, root: "../../../", theme: BuiltInTheme.english)
        #expect(
            html == """
                <form class="rating-form" action="../../../api/ratings" method="post">
                <fieldset class="rating-fieldset">
                <legend>Rate Headline Finder</legend>
                <input type="hidden" name="skill" value="news/headline-finder">
                <input type="hidden" name="model" value="general">
                <input type="hidden" name="group" value="News">
                <input type="hidden" name="language" value="en">
                <div class="rating-input">
                <label class="rating-choice"><input type="radio" name="stars" value="1" required><svg class="rating-symbol" viewBox="0 0 24 22.83" aria-hidden="true" focusable="false"><path d="M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z"/></svg> <span class="visually-hidden">1 star</span></label>
                <label class="rating-choice"><input type="radio" name="stars" value="2" required><svg class="rating-symbol" viewBox="0 0 24 22.83" aria-hidden="true" focusable="false"><path d="M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z"/></svg> <span class="visually-hidden">2 stars</span></label>
                <label class="rating-choice"><input type="radio" name="stars" value="3" required><svg class="rating-symbol" viewBox="0 0 24 22.83" aria-hidden="true" focusable="false"><path d="M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z"/></svg> <span class="visually-hidden">3 stars</span></label>
                <label class="rating-choice"><input type="radio" name="stars" value="4" required><svg class="rating-symbol" viewBox="0 0 24 22.83" aria-hidden="true" focusable="false"><path d="M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z"/></svg> <span class="visually-hidden">4 stars</span></label>
                <label class="rating-choice"><input type="radio" name="stars" value="5" required><svg class="rating-symbol" viewBox="0 0 24 22.83" aria-hidden="true" focusable="false"><path d="M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z"/></svg> <span class="visually-hidden">5 stars</span></label>
                </div>
                <div class="visually-hidden" aria-hidden="true"><label>Leave this field empty <input type="text" name="website" value="" tabindex="-1" autocomplete="off"></label></div>
                <button type="submit" class="rating-submit">Rate</button>
                </fieldset>
                </form>
                """)
        #expect(!html.contains("checked"), "nothing may be pre-selected")
        #expect(!html.contains("<script"))
        #expect(!html.contains("★"), "a font's star looks different on every platform; the form draws the rows' symbol")
    }

    @Test func theFormDrawsTheStarRowsSymbol() {
        let html = RatingForm(config: RatingFormConfig(endpoint: .sitePath("r")), symbol: .heart).html(
            for: skill, root: "", theme: BuiltInTheme.english)
        #expect(html.components(separatedBy: "<svg class=\"rating-symbol\" viewBox=\"1.5 1 21 21\"").count == 6)
        #expect(html.contains("<path d=\"M12 20.5C7 17"))
    }

    /// A visitor rates on SUSI.AI's page for the skill, where they can sign in: no form here can
    /// carry SUSI's access token.
    @Test func susiPresetLinksToTheSkillOnSUSI() {
        var german = skill
        german.tag = "nachrichten"
        german.language = "de"
        german.group = "News & Wetter"
        let html = RatingForm(config: .susi).html(
            for: german, root: "../../", theme: BuiltInTheme.english, countedBySusi: true)
        #expect(
            html
                == "<p class=\"rating-elsewhere\"><a class=\"rating-link\" href=\"https://susi.ai/News%20%26%20Wetter/nachrichten/de\">Rate Headline Finder on SUSI.AI</a> <span class=\"muted\">(you sign in there; SUSI.AI counts the ratings shown here)</span></p>"
        )
        // Ratings from the catalogue's own files are not SUSI's to count.
        let own = RatingForm(config: .susi).html(for: german, root: "../../", theme: BuiltInTheme.english)
        #expect(own.contains("(you sign in there)</span>") && !own.contains("SUSI.AI counts"))
        // SUSI's web client opens `general`'s skills only: another model's skill gets no link, and no form.
        var persona = german
        persona.model = "persona"
        #expect(RatingForm(config: .susi).html(for: persona, root: "../../", theme: BuiltInTheme.english).isEmpty)
        #expect(!html.contains("<form"))
        #expect(!html.lowercased().contains("password"))
        #expect(RatingForm(config: .susi).thanksHTML(for: german, strings: BuiltInTheme.english.strings) == "")
    }

    @Test func susiPresetWithAnEndpointSendsTheTagAndTheSkillsAddressByGet() {
        var german = skill
        german.tag = "nachrichten"
        german.language = "de"
        german.group = "News & Wetter"
        var config = RatingFormConfig.susi
        config.susiWebClient = nil
        let html = RatingForm(config: config).html(for: german, root: "../../", theme: BuiltInTheme.english)
        #expect(
            html.hasPrefix(
                "<form class=\"rating-form\" action=\"https://api.susi.ai/cms/fiveStarRateSkill.json\" method=\"get\">")
        )
        #expect(
            html.contains(
                """
                <input type="hidden" name="skill" value="nachrichten">
                <input type="hidden" name="model" value="general">
                <input type="hidden" name="group" value="News &amp; Wetter">
                <input type="hidden" name="language" value="de">
                """))
        #expect(html.contains("name=\"stars\" value=\"5\""))
    }

    @Test func halfStarsAreTenRadiosWithHalfWidthTargets() {
        var config = RatingFormConfig(endpoint: .sitePath("api/ratings"))
        config.granularity = .half
        let html = RatingForm(config: config).html(for: skill, root: "", theme: BuiltInTheme.english)
        let values = html.matches(of: /value="([0-9.]+)" required/).map { String($0.1) }
        #expect(values == ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"])
        #expect(html.contains("<div class=\"rating-input rating-input-half\">"))
        #expect(
            html.contains(
                "<label class=\"rating-choice rating-choice-left\"><input type=\"radio\" name=\"stars\" value=\"0.5\" required><svg class=\"rating-symbol\" viewBox=\"0 0 24 22.83\" aria-hidden=\"true\" focusable=\"false\"><path d=\"M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z\"/></svg> <span class=\"visually-hidden\">half a star</span></label>"
            ))
        #expect(
            html.contains(
                "<label class=\"rating-choice rating-choice-right\"><input type=\"radio\" name=\"stars\" value=\"1\" required><svg class=\"rating-symbol\" viewBox=\"0 0 24 22.83\" aria-hidden=\"true\" focusable=\"false\"><path d=\"M12 0L15.34 8.02L24 8.72L17.4 14.37L19.42 22.83L12 18.3L4.58 22.83L6.6 14.37L0 8.72L8.66 8.02Z\"/></svg> <span class=\"visually-hidden\">1 star</span></label>"
            ))
        #expect(html.contains("<span class=\"visually-hidden\">4.5 stars</span>"))
    }

    @Test func fieldNamesExtraFieldsAndSignInLink() {
        var config = RatingFormConfig(endpoint: .url("https://votes.example.org/rate?site=1&x=2"))
        config.fields.skill = "id"
        config.fields.stars = "value"
        config.fields.model = nil
        config.fields.language = nil
        config.extra = ["zeta": "last", "alpha": "first"]
        config.signInURL = .sitePath("login")
        let html = RatingForm(config: config).html(for: skill, root: "../", theme: BuiltInTheme.english)
        #expect(html.contains("action=\"https://votes.example.org/rate?site=1&amp;x=2\""))
        #expect(
            html.contains(
                """
                <input type="hidden" name="id" value="news/headline-finder">
                <input type="hidden" name="group" value="News">
                <input type="hidden" name="alpha" value="first">
                <input type="hidden" name="zeta" value="last">
                """))
        #expect(!html.contains("name=\"model\"") && !html.contains("name=\"language\""))
        #expect(html.contains("name=\"value\" value=\"3\""))
        #expect(
            html.hasSuffix(
                "</fieldset>\n<p class=\"rating-sign-in\"><a href=\"../login\">Sign in to rate</a></p>\n</form>"))
    }

    @Test func everyValueIsAttributeEscaped() {
        let hostile = Skill(
            id: "x/\"><script>alert(1)</script>", tag: "t'\"<", name: "<b>Bold</b> & \"Quoted\"", group: "A&B",
            language: "en\"")
        var config = RatingFormConfig(endpoint: .sitePath("api/ratings"))
        config.fields.stars = "st\"ars"
        config.extra = ["k\"<": "v'>&"]
        let html = RatingForm(config: config).html(for: hostile, root: "../", theme: BuiltInTheme.english)
        #expect(!html.contains("<script>") && !html.contains("<b>"))
        #expect(html.contains("<legend>Rate &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Quoted&quot;</legend>"))
        #expect(html.contains("value=\"x/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(html.contains("name=\"k&quot;&lt;\" value=\"v&#39;&gt;&amp;\""))
        #expect(html.contains("name=\"st&quot;ars\""))
        #expect(html.contains("value=\"en&quot;\""))
        #expect(
            RatingForm(config: config).thanksHTML(for: hostile, strings: BuiltInTheme.english.strings).contains(
                "Thank you for rating &lt;b&gt;Bold&lt;/b&gt;")
        )
    }

    @Test func thanksNoteIsHiddenUntilTargeted() {
        let html = RatingForm(config: RatingFormConfig(endpoint: .sitePath("r"))).thanksHTML(
            for: skill, strings: BuiltInTheme.english.strings)
        let lines = html.split(separator: "\n")
        #expect(
            lines.first
                == "<p class=\"rating-thanks\" id=\"rating-thanks\" hidden>Thank you for rating Headline Finder! Your vote has been received.</p>"
        )
        // One note per value, for receivers that send the voter to `#rated-4` (#22: the voter sees their vote).
        #expect(lines.count == 6)
        #expect(
            lines[1]
                == "<p class=\"rating-thanks\" id=\"rated-1\" hidden>You rated Headline Finder 1 star. Thank you! Vote again to change it.</p>"
        )
        #expect(
            lines[4]
                == "<p class=\"rating-thanks\" id=\"rated-4\" hidden>You rated Headline Finder 4 stars. Thank you! Vote again to change it.</p>"
        )
    }

    @Test func theStylesheetRevealsTheNoteAndFillsWithHas() throws {
        let css = try #require(DefaultTheme.files["assets/style.css"])
        #expect(css.contains(".rating-thanks:target {"))
        #expect(css.contains("@supports selector(:has(*))"))
        #expect(css.contains("@media (forced-colors: active)"))
        #expect(!css.contains("row-reverse"), "reversed rows break reading and arrow-key order")
    }
}
