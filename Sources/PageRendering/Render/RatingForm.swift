import CatalogueModel
import MustacheCompiler

/// The form a visitor rates a skill with: plain HTML, no JavaScript. One radio per star (or half
/// star) in reading order, so arrow keys and screen readers go 1 → 5; the stylesheet fills the
/// stars up to the hovered or checked one. Every value is attribute-escaped: names and ids come
/// from skill authors.
public struct RatingForm: Sendable {
    public let config: RatingFormConfig
    /// The star rows' symbol, so the stars a visitor picks look like the stars they read: drawn,
    /// not a font's ★, which differs on every platform and in high-contrast mode.
    let symbol: SymbolShape

    /// The fragment the endpoint redirects to after a vote; `:target` reveals the note.
    public static let thanksID = "rating-thanks"

    public init(config: RatingFormConfig, symbol: RatingSymbol = .star) {
        self.config = config
        self.symbol = SymbolShape(symbol)
    }

    /// The form's values for `skill` on a page whose way back to the site root is `root` (`../../`);
    /// with the SUSI preset, the link to the skill's page on SUSI.AI instead. `_form.mustache`
    /// holds the markup.
    /// - Parameter countedBySusi: whether the ratings the page shows are SUSI.AI's own
    ///   (`RatingSummary.countedBySusi`): only then does the link say SUSI.AI counts them.
    package func data(for skill: Skill, root: String, strings: UIStrings, countedBySusi: Bool = false)
        -> RatingFormData
    {
        let name = ["name": skill.name]
        let legend = strings.text("rate_skill", name)
        let elsewhereLabel = strings.text("rate_elsewhere", name)
        let t = StringTable(strings: strings).value
        if config.susiWebClient != nil {
            // SUSI's web client opens only `general`'s skills (it asks with `model: 'general'`,
            // fossasia/susi.ai SkillListing.js:121-126): another model's skill gets no link, and
            // no form either, since SUSI's servlet would refuse every vote from it.
            let page = skill.model == "general" ? config.susiSkillPage(skill) : nil
            return RatingFormData(
                skillName: skill.name, elsewhere: page, countedBySusi: countedBySusi, legend: legend,
                elsewhereLabel: elsewhereLabel, t: t, form: nil)
        }
        let fields = config.fields
        var hidden: [(String, String)] = [(fields.skill, config.skillValue == .tag ? skill.tag : skill.id)]
        if let model = fields.model { hidden.append((model, skill.model)) }
        if let group = fields.group { hidden.append((group, skill.group)) }
        if let language = fields.language { hidden.append((language, skill.language)) }
        hidden += config.extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

        let half = config.granularity == .half
        let choices = config.starValues.enumerated().map { index, value in
            var classes = "rating-choice"
            if half { classes += index.isMultiple(of: 2) ? " rating-choice-left" : " rating-choice-right" }
            return RatingFormData.Choice(
                classes: classes, field: fields.stars, value: value, label: Self.label(value, strings: strings))
        }
        return RatingFormData(
            skillName: skill.name, elsewhere: nil, countedBySusi: false, legend: legend, elsewhereLabel: elsewhereLabel,
            t: t,
            form: RatingFormData.Form(
                action: config.action(root: root), method: config.method.rawValue,
                hidden: hidden.map { RatingFormData.Field(name: $0.0, value: $0.1) },
                half: half, choices: choices,
                symbolPath: symbol.path,
                symbolViewBox: [symbol.box.minX, symbol.box.minY, symbol.box.width, symbol.box.height]
                    .map(SVGNumber.format).joined(separator: " "),
                signIn: config.signInURL.map { RatingFormConfig.href($0, root: root) },
                comment: config.comment
                    ? RatingFormData.Comment(field: RatingFormConfig.commentField, limit: RatingFormConfig.commentLimit)
                    : nil))
    }

    /// The form as HTML, drawn by the theme's `_form.mustache` in its language.
    public func html(for skill: Skill, root: String, theme: Theme, countedBySusi: Bool = false) -> String {
        fragment(for: skill, root: root, engine: theme.engine, strings: theme.strings, countedBySusi: countedBySusi)
            .text
    }

    /// The form, drawn where the page prints it.
    package func fragment(
        for skill: Skill, root: String, engine: any TemplateEngine, strings: UIStrings, countedBySusi: Bool = false
    ) -> ThemePartial.Fragment {
        ThemePartial.Fragment(
            name: "_form", data: data(for: skill, root: root, strings: strings, countedBySusi: countedBySusi),
            engine: engine)
    }

    /// Hidden until the endpoint sends the visitor back to `<skill page>#rating-thanks`, or to
    /// `#rated-4` (`ratedID`), which also tells the voter what they gave, without JavaScript.
    public func thanksHTML(for skill: Skill, strings: UIStrings) -> String {
        guard config.susiWebClient == nil else { return "" }
        let thanks = HTML.escape(strings.text("thanks", ["name": skill.name]))
        var html = "<p class=\"rating-thanks\" id=\"\(Self.thanksID)\" hidden>\(thanks)</p>"
        for value in config.starValues {
            let rated = strings.text(
                "you_rated", ["name": skill.name, "stars": Self.label(value, strings: strings, given: true)])
            html += "\n<p class=\"rating-thanks\" id=\"\(Self.ratedID(value))\" hidden>\(HTML.escape(rated))</p>"
        }
        return html
    }

    /// The fragment a receiver that knows the stars sends the voter back to: `rated-4`.
    public static func ratedID(_ value: String) -> String { "rated-" + value }

    /// "half a star", "1 star", "1.5 stars", "4 stars"; `given`: as the object of "You rated …",
    /// which some languages write in another case (German "mit 4 Sternen").
    package static func label(_ value: String, strings: UIStrings, given: Bool = false) -> String {
        value == "0.5"
            ? strings.text(given ? "half_star_given" : "half_star")
            : strings.count(given ? "stars_given" : "stars", written: value)
    }
}
