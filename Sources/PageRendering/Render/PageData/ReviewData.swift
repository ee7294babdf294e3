import CatalogueModel
import MustacheCompiler

/// One review as `_review.mustache` shows it. Its text is plain text the template escapes; line
/// breaks stay as `\n` and CSS (`white-space: pre-line`) shows them, so no markup is ever made
/// from it.
struct ReviewData: PageData {
    let id: String
    let name: String
    /// Whether `name` is the theme's word for a reviewer without a name.
    let isAnonymous: Bool
    let day: String?
    let text: String
    /// The reviewer's stars as a small star row, and what it says; nil when they did not rate.
    let stars: (row: String, label: String)?

    /// An absent value is `false`, not nil: nil would let Mustache look the name up on the page
    /// around the review, and show the skill's own star row beside a review without stars.
    func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .id: .text(id)
        case .name: .text(name)
        case .anonymous: .flag(isAnonymous)
        case .day: day.map(TemplateValue.text) ?? .flag(false)
        case .text: .text(text)
        case .starRow: stars.map { .text($0.row) } ?? .flag(false)
        case .starsLabel: stars.map { .text($0.label) } ?? .flag(false)
        default: nil
        }
    }
}

/// `reviews.mustache`: one page of a skill's reviews, newest first.
struct ReviewsPage: PageData {
    let common: PageCommon
    let name: String
    let skillURL: String
    let heading: String
    let countText: String
    let backText: String
    let reviews: [ReviewData]
    let pager: PagerData?

    func value(_ key: PageName) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .skillURL: .text(skillURL)
        case .heading: .text(heading)
        case .countText: .text(countText)
        case .backText: .text(backText)
        case .reviews: .list(reviews.map(TemplateValue.data))
        case .pager: pager.map(TemplateValue.data)
        default: common.value(key)
        }
    }
}
