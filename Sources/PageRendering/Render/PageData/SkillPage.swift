import MustacheCompiler

/// `skill.mustache`: the skill's own values, its card's beneath them, then the page's common ones.
package struct SkillPage: PageData {
    let common: PageCommon
    let card: CardData
    package let descriptionHTML: String
    package let examples: [String]
    /// Each example as a link to try it (`try_url`); nil when the site has none.
    let exampleLinks: [NamedLink]?
    package let author: String?
    package let authorURL: String?
    package let termsURL: String?
    let privacyURL: String?
    /// `report_url` filled in for this skill; nil when the site sets none.
    var reportURL: String?
    package let groupURL: String
    package let model: String
    package let dynamicContent: Bool
    package let created: String?
    /// Both or neither: only when the site has a rating form.
    package let ratingForm: ThemePartial.Fragment?
    let ratingThanks: String?
    package let jsonLD: String
    let ogImage: String?
    package let languageURL: String
    package let languageName: String
    package let authorPageURL: String?
    /// "all skills by Ann", the link to the author's page; only with an author.
    let authorSkillsText: String?
    /// Only for rated skills.
    package let chart: ThemePartial.Fragment?
    /// Only on a site whose `base_url` has a host.
    var embed: BadgeEmbed?
    /// The badge's path from the site root, and its width, for the preview beside the snippets.
    var badge: (url: String, width: Int)?
    /// Cards of the related skills (`RelatedSkills`), best first.
    var related: [PlacedCard] = []
    /// "More by Ann", to the author's page; only when it lists other skills too.
    var moreByAuthor: NamedLink?
    /// The newest reviews (`reviews.on_skill_page`), and the link to all of them when there are more.
    var reviews: [ReviewData] = []
    var reviewCount: String?
    var allReviews: NamedLink?
    /// Ratings over time (`_timeline.mustache`); only for skills with timed votes.
    var timeline: ThemePartial.Fragment?
    /// Only for skills with thumbs feedback.
    let feedback: (positive: String, negative: String)?

    package func value(_ name: PageName) -> TemplateValue? {
        switch name {
        case .descriptionHTML: .text(descriptionHTML)
        case .hasDescription: .flag(!descriptionHTML.isEmpty)
        case .examples: .list(examples.map(TemplateValue.text))
        case .hasExamples: .flag(!examples.isEmpty)
        case .exampleLinks: exampleLinks.map { .list($0.map(TemplateValue.data)) }
        case .author: author.map(TemplateValue.text)
        case .authorURL: authorURL.map(TemplateValue.text)
        case .termsURL: termsURL.map(TemplateValue.text)
        case .privacyURL: privacyURL.map(TemplateValue.text)
        case .reportURL: reportURL.map(TemplateValue.text)
        case .hasLegal: .flag(termsURL != nil || privacyURL != nil)
        case .groupURL: .text(groupURL)
        case .model: .text(model)
        case .dynamicContent: .flag(dynamicContent)
        case .created: created.map(TemplateValue.text)
        case .ratingForm: ratingForm.map(TemplateValue.fragment)
        case .ratingThanks: ratingThanks.map(TemplateValue.text)
        case .jsonLD: .text(jsonLD)
        case .ogImage: ogImage.map(TemplateValue.text)
        case .languageURL: .text(languageURL)
        case .languageName: .text(languageName)
        case .authorPageURL: authorPageURL.map(TemplateValue.text)
        case .authorSkillsText: authorSkillsText.map(TemplateValue.text)
        case .chart: chart.map(TemplateValue.fragment)
        case .timeline: timeline.map(TemplateValue.fragment)
        case .embed:
            embed.map {
                .data(
                    TemplateDictionary([
                        "markdown": .text($0.markdown), "html": .text($0.html), "badgeAlt": .text($0.alt),
                        "badgeURL": .text(badge?.url ?? ""),
                        "badgeWidth": .text(String(badge?.width ?? 0)),
                    ]))
            }
        case .related: PlacedCard.list(related)
        case .hasRelated: .flag(!related.isEmpty)
        case .moreByAuthor: moreByAuthor.map(TemplateValue.data)
        case .reviews: .list(reviews.map(TemplateValue.data))
        case .hasReviews: .flag(reviewCount != nil)
        case .reviewCount: reviewCount.map(TemplateValue.text)
        case .allReviews: allReviews.map(TemplateValue.data)
        case .feedback:
            feedback.map {
                .data(TemplateDictionary(["positive": .text($0.positive), "negative": .text($0.negative)]))
            }
        default: card.value(name) ?? common.value(name)
        }
    }

    package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted {
        switch name {
        case .descriptionHTML: printer.print(descriptionHTML, into: &output)
        case .author: printer.print(author, into: &output)
        case .authorURL: printer.print(authorURL, into: &output)
        case .termsURL: printer.print(termsURL, into: &output)
        case .privacyURL: printer.print(privacyURL, into: &output)
        case .reportURL: printer.print(reportURL, into: &output)
        case .groupURL: printer.print(groupURL, into: &output)
        case .model: printer.print(model, into: &output)
        case .created: printer.print(created, into: &output)
        case .ratingThanks: printer.print(ratingThanks, into: &output)
        case .jsonLD: printer.print(jsonLD, into: &output)
        case .ogImage: printer.print(ogImage, into: &output)
        case .languageURL: printer.print(languageURL, into: &output)
        case .languageName: printer.print(languageName, into: &output)
        case .authorPageURL: printer.print(authorPageURL, into: &output)
        case .authorSkillsText: printer.print(authorSkillsText, into: &output)
        case .reviewCount: printer.print(reviewCount, into: &output)
        case .hasDescription, .examples, .hasExamples, .exampleLinks, .hasLegal, .dynamicContent, .ratingForm, .chart,
            .timeline, .embed, .related, .hasRelated, .moreByAuthor, .reviews, .hasReviews, .allReviews, .feedback:
            .unhandled
        default:
            switch card.print(name, with: printer, into: &output) {
            case .absent: common.print(name, with: printer, into: &output)
            case let printed: printed
            }
        }
    }
}
