/// The form a visitor rates a skill with: plain HTML, no JavaScript. One radio per star (or half
/// star) in reading order, so arrow keys and screen readers go 1 → 5; the stylesheet fills the
/// stars up to the hovered or checked one. Every value is attribute-escaped: names and ids come
/// from skill authors.
public struct RatingForm: Sendable {
    public let config: RatingFormConfig

    /// The fragment the endpoint redirects to after a vote; `:target` reveals the note.
    public static let thanksID = "rating-thanks"

    public init(config: RatingFormConfig) {
        self.config = config
    }

    /// The form for `skill` on a page whose way back to the site root is `root` (`../../`); with the
    /// SUSI preset, the link to the skill's page on SUSI.AI instead.
    public func html(for skill: Skill, root: String) -> String {
        if let page = config.susiSkillPage(skill) {
            return "<p class=\"rating-elsewhere\"><a class=\"rating-link\" href=\"\(HTML.escape(page))\">Rate "
                + "\(HTML.escape(skill.name)) on SUSI.AI</a> <span class=\"muted\">(you sign in there; SUSI.AI counts the "
                + "ratings shown here)</span></p>"
        }
        let fields = config.fields
        var hidden: [(String, String)] = [(fields.skill, config.skillValue == .tag ? skill.tag : skill.id)]
        if let model = fields.model { hidden.append((model, skill.model)) }
        if let group = fields.group { hidden.append((group, skill.group)) }
        if let language = fields.language { hidden.append((language, skill.language)) }
        hidden += config.extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

        let half = config.granularity == .half
        var out = "<form class=\"rating-form\" action=\"\(HTML.escape(config.action(root: root)))\" method=\"\(config.method.rawValue)\">\n"
        out += "<fieldset class=\"rating-fieldset\">\n"
        out += "<legend>Rate \(HTML.escape(skill.name))</legend>\n"
        for (name, value) in hidden {
            out += "<input type=\"hidden\" name=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value))\">\n"
        }
        out += "<div class=\"rating-input\(half ? " rating-input-half" : "")\">\n"
        for (index, value) in config.starValues.enumerated() {
            var classes = "rating-choice"
            if half { classes += index.isMultiple(of: 2) ? " rating-choice-left" : " rating-choice-right" }
            out += "<label class=\"\(classes)\"><input type=\"radio\" name=\"\(HTML.escape(fields.stars))\" value=\"\(value)\" required>"
            out += "<span class=\"rating-symbol\" aria-hidden=\"true\">★</span> "
            out += "<span class=\"visually-hidden\">\(Self.label(value))</span></label>\n"
        }
        out += "</div>\n"
        out += "<button type=\"submit\" class=\"rating-submit\">Rate</button>\n"
        out += "</fieldset>\n"
        if let signIn = config.signInURL {
            out += "<p class=\"rating-sign-in\"><a href=\"\(HTML.escape(RatingFormConfig.href(signIn, root: root)))\">Sign in to rate</a></p>\n"
        }
        out += "</form>"
        return out
    }

    /// Hidden until the endpoint sends the visitor back to `<skill page>#rating-thanks`.
    public func thanksHTML(for skill: Skill) -> String {
        guard config.susiWebClient == nil else { return "" }
        return "<p class=\"rating-thanks\" id=\"\(Self.thanksID)\" hidden>Thank you for rating \(HTML.escape(skill.name))! Your vote has been received.</p>"
    }

    /// "half a star", "1 star", "1.5 stars", "4 stars".
    static func label(_ value: String) -> String {
        switch value {
        case "0.5": "half a star"
        case "1": "1 star"
        default: value + " stars"
        }
    }
}
