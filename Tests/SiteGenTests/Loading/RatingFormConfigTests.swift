import Foundation
import Testing

@testable import CatalogueModel

/// `rating_form` in site.yml: defaults, the SUSI preset, and every mistake reported where it is.
@Suite struct RatingFormConfigTests {
    /// Reads `yaml` as a content folder's site.yml.
    func read(_ yaml: String) -> (config: SiteConfig, diagnostics: [Diagnostic]) {
        let (config, diagnostics) = TestSupport.readConfig(yaml)
        return (config, diagnostics.sorted())
    }

    @Test func noSectionMeansNoFormAndNoComplaint() throws {
        let (config, diagnostics) = read("title: T\n")
        #expect(config.ratingForm == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func siteRelativeEndpointWithDefaults() throws {
        let (config, diagnostics) = read("rating_form:\n  endpoint: /api/ratings\n")
        #expect(diagnostics.isEmpty)
        let form = try #require(config.ratingForm)
        #expect(form.endpoint == .sitePath("api/ratings"))
        #expect(form.method == .post)
        #expect(form.granularity == .whole)
        #expect(form.fields == RatingFormConfig.Fields())
        #expect(form.skillValue == .id)
        #expect(form.action(root: "../../../") == "../../../api/ratings")
        #expect(form.localPath(basePath: "/") == "/api/ratings")
        #expect(form.localPath(basePath: "/catalogue/") == "/catalogue/api/ratings")
    }

    @Test func everyKey() throws {
        let (config, diagnostics) = read(
            """
            rating_form:
              endpoint: https://votes.example.org/rate
              method: GET
              fields: {skill: id, stars: value, model: null, group: category, language: null}
              extra: {source: catalogue, version: 2}
              granularity: 1
              sign_in_url: /login
            """)
        #expect(diagnostics.isEmpty)
        let form = try #require(config.ratingForm)
        #expect(form.endpoint == .url("https://votes.example.org/rate"))
        #expect(form.method == .get)
        #expect(form.fields.skill == "id" && form.fields.stars == "value" && form.fields.group == "category")
        #expect(form.fields.model == nil && form.fields.language == nil)
        #expect(form.extra == ["source": "catalogue", "version": "2"])
        #expect(form.granularity == .whole)
        #expect(form.signInURL == .sitePath("login"))
        #expect(form.localPath(basePath: "/") == nil)
    }

    /// Stored, counted and shown as picked (#22): the chart's rows are whole stars, so the form is too.
    @Test func halfStarsAreNotOfferedAndTheWarningSaysWhy() throws {
        let (config, diagnostics) = read("rating_form:\n  endpoint: /api/ratings\n  granularity: 0.5\n")
        #expect(config.ratingForm?.granularity == .whole)
        #expect(config.ratingForm?.starValues == ["1", "2", "3", "4", "5"])
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning && warning.line == 3)
        #expect(warning.message.contains("half stars are not offered"))
    }

    @Test func susiPresetTargetsFiveStarRateSkill() throws {
        let (config, diagnostics) = read("rating_form:\n  preset: susi\n")
        #expect(diagnostics.isEmpty)
        let form = try #require(config.ratingForm)
        #expect(form.endpoint == .url("https://api.susi.ai/cms/fiveStarRateSkill.json"))
        #expect(form.method == .get)
        #expect(form.skillValue == .tag)
        #expect(form.fields == RatingFormConfig.Fields())
    }

    /// An endpoint beside the preset makes a form after all; pointed at SUSI's rating servlet it
    /// could never count a vote, so the build stops and says what to do instead.
    @Test func aFormThatPostsToSUSIsServletIsAnError() throws {
        let (_, diagnostics) = read(
            "rating_form:\n  preset: susi\n  endpoint: https://susi.example.org/cms/fiveStarRateSkill.json\n")
        #expect(
            diagnostics.map(\.description) == [
                "Content/site.yml:3:13: error: this form would post to SUSI's rating servlet, which answers 401 to every vote from a page: it counts only signed-in users' votes, by an `access_token` that no page without JavaScript can send (fossasia/susi_server AbstractAPIHandler.java:112-117); remove `endpoint` for `preset: susi`'s \"Rate on SUSI.AI\" link, or set `endpoint: /api/ratings` and run `sitegen collect` (docs/companion-service.md)"
            ])
        let (_, plain) = read("rating_form:\n  endpoint: https://api.susi.ai/cms/fiveStarRateSkill.json\n")
        #expect(plain.map(\.severity) == [.error])
    }

    /// Any other endpoint beside the preset overrides it: a form, posting there.
    @Test func keysBesideThePresetOverrideIt() throws {
        let (config, diagnostics) = read("rating_form:\n  preset: susi\n  endpoint: /api/ratings\n")
        #expect(diagnostics.isEmpty)
        #expect(config.ratingForm?.endpoint == .sitePath("api/ratings"))
        #expect(config.ratingForm?.method == .get)
        #expect(config.ratingForm?.susiWebClient == nil)
    }

    /// By default the preset links to the skill on SUSI.AI: the only path on which a vote counts.
    @Test func thePresetLinksToSUSIsWebClient() throws {
        let (config, diagnostics) = read(
            "rating_form:\n  preset: susi\n  susi_web_client: https://my-susi.example.org/\n")
        #expect(diagnostics.isEmpty)
        let form = try #require(config.ratingForm)
        #expect(form.susiWebClient == "https://my-susi.example.org/")
        let skill = Skill(
            id: "models/general/Games, Trivia and Accessories/en/quiz", tag: "quiz", name: "Quiz",
            group: "Games, Trivia and Accessories", language: "en")
        #expect(
            form.susiSkillPage(skill) == "https://my-susi.example.org/Games%2C%20Trivia%20and%20Accessories/quiz/en")
    }

    /// SUSI parses `stars` with Integer.parseInt: `4.5` is a 500.
    @Test func thePresetTakesWholeStarsOnly() throws {
        let (_, diagnostics) = read("rating_form:\n  preset: susi\n  granularity: 0.5\n")
        #expect(
            diagnostics.map(\.description) == [
                "Content/site.yml:3:16: error: the SUSI preset takes whole stars only: SUSI reads `stars` with Integer.parseInt and answers 500 to `4.5` (fossasia/susi_server FiveStarRateSkillService.java:63-79); remove `granularity`"
            ])
    }

    /// Without `group` SUSI falls back to `Knowledge` and votes on another skill.
    @Test(arguments: ["model", "group", "language"])
    func thePresetsFieldsCannotBeDropped(field: String) throws {
        let (config, diagnostics) = read(
            "rating_form:\n  preset: susi\n  endpoint: https://susi.example.org/rate\n  fields: {\(field): null}\n")
        #expect(
            diagnostics.contains {
                $0.severity == .error
                    && $0.message.hasPrefix("`rating_form.fields.\(field)` cannot be left out with `preset: susi`")
            })
        #expect(config.ratingForm?.fields == RatingFormConfig.Fields())
    }

    @Test func signInIsNotShownBesideTheSUSILink() throws {
        let (_, diagnostics) = read("rating_form:\n  preset: susi\n  sign_in_url: https://susi.ai/login\n")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("link to SUSI.AI, where visitors sign in and rate") == true)
    }

    @Test(arguments: [
        "javascript:alert(1)", "ftp://example.org/rate", "//evil.example.org/rate", "api/ratings", "/",
        "/api/../ratings", "/api ratings", "/api\"><script>", "https://", "/api#top",
    ])
    func invalidEndpointIsAnErrorAtItsPosition(endpoint: String) throws {
        let (config, diagnostics) = read(
            "title: T\nrating_form:\n  method: post\n  endpoint: '\(endpoint.replacingOccurrences(of: "'", with: "''"))'\n"
        )
        #expect(config.ratingForm == nil)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.path == "Content/site.yml")
        #expect(error.line == 4)
        #expect(error.column == 13)
        #expect(error.message.contains("`rating_form.endpoint` must be an http(s) URL"))
    }

    @Test func otherMistakesAreReportedTogether() throws {
        let (_, diagnostics) = read(
            """
            rating_form:
              endpoint: /api/ratings
              method: put
              granularity: 0.25
              preset: amazon
              fields: {skill: null, colour: x}
              sign_in_url: javascript:login()
              endpont: /x
            """)
        let messages = diagnostics.map { "\($0.line ?? 0): \($0.severity.rawValue): \($0.message)" }
        #expect(messages.contains("3: error: `rating_form.method` must be post or get, found `put`"))
        #expect(messages.contains("4: error: `rating_form.granularity` must be 1 (whole stars) or 0.5 (half stars)"))
        #expect(messages.contains("5: error: unknown `rating_form.preset` `amazon`; the only preset is `susi`"))
        #expect(messages.contains("6: error: `rating_form.fields.skill` cannot be left out: the vote needs it"))
        #expect(messages.contains { $0.hasPrefix("6: warning: unknown rating_form.fields key `colour`") })
        #expect(messages.contains { $0.hasPrefix("7: error: `rating_form.sign_in_url` must be an http(s) URL") })
        #expect(messages.contains("8: warning: unknown rating_form key `endpont`; did you mean `endpoint`?"))
    }

    @Test func aSectionWithoutEndpointWarns() throws {
        let (config, diagnostics) = read("rating_form:\n  method: post\n")
        #expect(config.ratingForm == nil)
        #expect(
            diagnostics == [
                .warning(
                    "Content/site.yml", line: 1, column: 1,
                    "`rating_form` has no `endpoint`, so skill pages get no rating form")
            ])
    }

    @Test func anExplicitNullEndpointMeansNoFormQuietly() throws {
        let (config, diagnostics) = read("rating_form:\n  endpoint: null\n  method: post\n")
        #expect(config.ratingForm == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func getFormsCannotCarryAQueryInTheirEndpoint() throws {
        let (_, diagnostics) = read("rating_form:\n  endpoint: /api/ratings?site=x\n  method: get\n")
        #expect(
            diagnostics.contains { $0.severity == .error && $0.message.contains("a `get` form replaces the query") })
        let (post, postDiagnostics) = read("rating_form:\n  endpoint: /api/ratings?site=x\n")
        #expect(postDiagnostics.isEmpty)
        #expect(post.ratingForm?.localPath(basePath: "/") == "/api/ratings")
    }

    @Test func twoFieldsOfOneNameAreAnError() throws {
        let (_, diagnostics) = read("rating_form:\n  endpoint: /r\n  fields: {group: skill}\n")
        #expect(
            diagnostics.contains {
                $0.severity == .error
                    && $0.message == "`rating_form` sends two fields named `skill`; give each field its own name"
            })
        let (_, extraClash) = read("rating_form:\n  endpoint: /r\n  extra: {stars: 5}\n")
        #expect(extraClash.contains { $0.severity == .error && $0.message.contains("two fields named `stars`") })
    }
}
