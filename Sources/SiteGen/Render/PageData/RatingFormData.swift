import MustacheCompiler

/// The rating form as `_form.mustache` draws it: a form posting to the site's endpoint, or with
/// the SUSI preset a link to rate on SUSI.AI (`elsewhere`). Exactly one of the two is present.
struct RatingFormData: TemplateData {
    struct Field: TemplateData {
        let name: String
        let value: String

        func value(named key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "value": .text(value)
            default: nil
            }
        }
    }

    struct Choice: TemplateData {
        let classes: String
        /// The radio's name: the stars field.
        let field: String
        let value: String
        /// "half a star", "1 star", "4 stars".
        let label: String

        func value(named key: String) -> TemplateValue? {
            switch key {
            case "classes": .text(classes)
            case "field": .text(field)
            case "value": .text(value)
            case "label": .text(label)
            default: nil
            }
        }
    }

    struct Form: TemplateData {
        let action: String
        let method: String
        let hidden: [Field]
        let half: Bool
        let choices: [Choice]
        let signIn: String?

        func value(named key: String) -> TemplateValue? {
            switch key {
            case "action": .text(action)
            case "method": .text(method)
            case "hidden": .list(hidden.map(TemplateValue.data))
            case "half": .flag(half)
            case "choices": .list(choices.map(TemplateValue.data))
            case "signIn": signIn.map(TemplateValue.text)
            default: nil
            }
        }
    }

    let skillName: String
    /// The skill's page on SUSI.AI, where SUSI's preset sends voters.
    let elsewhere: String?
    let form: Form?

    func value(named key: String) -> TemplateValue? {
        switch key {
        case "skillName": .text(skillName)
        case "elsewhere": elsewhere.map { .data(TemplateDictionary(["url": .text($0)])) }
        case "form": form.map(TemplateValue.data)
        default: nil
        }
    }
}
