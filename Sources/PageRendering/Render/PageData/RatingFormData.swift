import MustacheCompiler

/// The rating form as `_form.mustache` draws it: a form posting to the site's endpoint, or with
/// the SUSI preset a link to rate on SUSI.AI (`elsewhere`). Exactly one of the two is present.
package struct RatingFormData: PageData {
    package struct Field: PageData {
        package let name: String
        package let value: String

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .name: .text(name)
            case .value: .text(value)
            default: nil
            }
        }
    }

    package struct Choice: PageData {
        let classes: String
        /// The radio's name: the stars field.
        package let field: String
        package let value: String
        /// "half a star", "1 star", "4 stars".
        package let label: String

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .classes: .text(classes)
            case .field: .text(field)
            case .value: .text(value)
            case .label: .text(label)
            default: nil
            }
        }
    }

    /// The optional written review (`rating_form.comment: true`).
    package struct Comment: PageData {
        /// The textarea's name.
        package let field: String
        /// Its `maxlength`.
        package let limit: Int

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .field: .text(field)
            case .limit: .text(String(limit))
            default: nil
            }
        }
    }

    package struct Form: PageData {
        package let action: String
        package let method: String
        package let hidden: [Field]
        package let half: Bool
        package let choices: [Choice]
        /// The star rows' symbol: its path and view box.
        let symbolPath: String
        let symbolViewBox: String
        let signIn: String?
        package let comment: Comment?

        package func value(_ key: PageName) -> TemplateValue? {
            switch key {
            case .action: .text(action)
            case .symbolPath: .text(symbolPath)
            case .symbolViewBox: .text(symbolViewBox)
            case .method: .text(method)
            case .hidden: .list(hidden.map(TemplateValue.data))
            case .half: .flag(half)
            case .choices: .list(choices.map(TemplateValue.data))
            case .signIn: signIn.map(TemplateValue.text)
            case .comment: comment.map(TemplateValue.data)
            default: nil
            }
        }
    }

    let skillName: String
    /// The skill's page on SUSI.AI, where SUSI's preset sends voters.
    package let elsewhere: String?
    /// Whether SUSI.AI counts the ratings the page shows (`counted` beside the link's `url`).
    let countedBySusi: Bool
    /// "Rate Tea Timer", the form's legend; "Rate Tea Timer on SUSI.AI", the link to SUSI.AI.
    let legend: String
    let elsewhereLabel: String
    /// `t`: the button, the sign-in link and the other fixed words.
    let t: TemplateValue
    package let form: Form?

    package func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .skillName: .text(skillName)
        case .legend: .text(legend)
        case .t: t
        case .elsewhere:
            elsewhere.map {
                .data(
                    TemplateDictionary([
                        "url": .text($0), "label": .text(elsewhereLabel), "counted": .flag(countedBySusi),
                    ]))
            }
        case .form: form.map(TemplateValue.data)
        default: nil
        }
    }
}
