import CatalogueModel
import Foundation
import PageRendering

/// What a rating form submitted, checked: the skill, the stars and the review. It becomes a
/// `Vote` (the model's) once the voter and the time are known.
struct Ballot: Sendable, Equatable {
    var skill: String
    /// Whole stars, 1…5: the events format has no halves.
    var stars: Int
    var user: String?
    /// The voter's written review, normalized (`VoteComment`); nil when none was written.
    var comment: String? = nil
}

/// Judges a submitted form against the configuration and the catalogue. Every refusal says what
/// was wrong in words a person posting by hand understands.
enum VoteCheck {
    struct Rejection: Error, Equatable {
        let message: String
    }

    /// The form's trap field (`Templates/_form.mustache`): hidden from people, and from screen
    /// readers, but filled by bots that fill every field they find.
    static let honeypot = "website"

    static func vote(from fields: [String: [String]], form: RatingFormConfig, site: ServedSite) throws(Rejection) -> (
        vote: Ballot, page: ServedSite.SkillPage
    ) {
        let names = form.fields
        // A site whose own fields use the name keeps them; the trap is then off.
        let ownNames =
            [names.skill, names.stars, names.model, names.group, names.language].compactMap { $0 }
            + Array(form.extra.keys)
        if !ownNames.contains(honeypot), let trap = fields[honeypot], trap.contains(where: { !$0.isEmpty }) {
            throw Rejection(
                message:
                    "the form's hidden field `\(honeypot)` must stay empty: it is there to catch robots, and people "
                    + "never see it. If your browser filled it in, send the vote again from the page")
        }
        let skillValue = try single(
            names.skill, in: fields, missing: "missing `\(names.skill)`: the id of the skill being rated")
        let page = try skill(skillValue, fields: fields, form: form, site: site)
        let starsText = try single(
            names.stars, in: fields, missing: "missing `\(names.stars)`: choose from \(choices(form))")
        guard let stars = stars(starsText, form: form) else {
            throw Rejection(message: "`\(names.stars)` must be one of \(choices(form)), got `\(shown(starsText))`")
        }
        // A posted `user` is not read: the voter is who the receiver's cookie says (`VoteIntake`).
        return (Ballot(skill: page.id, stars: stars, user: nil, comment: try comment(in: fields, form: form)), page)
    }

    /// The comment, when the site's form has the field; a comment posted to a form without one
    /// is ignored, as any other field the form does not have.
    static func comment(in fields: [String: [String]], form: RatingFormConfig) throws(Rejection) -> String? {
        let name = RatingFormConfig.commentField
        guard form.comment, let values = fields[name] else { return nil }
        guard values.count == 1, let value = values.first else {
            throw Rejection(message: "`\(name)` was sent \(values.count) times; send it once")
        }
        do {
            return try VoteComment.normalized(value)
        } catch {
            throw Rejection(
                message:
                    "the comment is \(error.characters.grouped) characters long; the limit is \(RatingFormConfig.commentLimit.grouped): shorten it and send the vote again"
            )
        }
    }

    /// A half vote counts as the next whole star (4.5 → 5): the events format holds whole stars,
    /// and rounding up is how the `Rating` proposal turns a partial star into a value.
    static func stars(_ text: String, form: RatingFormConfig) -> Int? {
        guard let index = form.starValues.firstIndex(of: text) else { return nil }
        switch form.granularity {
        case .whole: return index + 1
        case .half: return (index + 2) / 2
        }
    }

    static func skill(_ value: String, fields: [String: [String]], form: RatingFormConfig, site: ServedSite)
        throws(Rejection) -> ServedSite.SkillPage
    {
        switch form.skillValue {
        case .id:
            if let page = site.page(ofSkill: value) { return page }
        case .tag:
            // SUSI addresses a skill by tag within its group and language.
            let group = form.fields.group.flatMap { fields[$0]?.first }
            let language = form.fields.language.flatMap { fields[$0]?.first }
            let matches = site.pages {
                $0.tag == value && (group == nil || $0.group == group) && (language == nil || $0.language == language)
            }
            if matches.count == 1, let page = matches.first { return page }
        }
        throw Rejection(
            message:
                "unknown skill `\(shown(value))`: no skill with that \(form.skillValue == .tag ? "tag" : "id") is in the catalogue"
        )
    }

    static func single(_ name: String, in fields: [String: [String]], missing: String) throws(Rejection) -> String {
        guard let values = fields[name], let value = values.first, !value.isEmpty else {
            throw Rejection(message: missing)
        }
        guard values.count == 1 else {
            throw Rejection(message: "`\(name)` was sent \(values.count) times; send it once")
        }
        return value
    }

    static func choices(_ form: RatingFormConfig) -> String {
        switch form.granularity {
        case .whole: "1, 2, 3, 4 or 5 (whole stars)"
        case .half: "0.5, 1, 1.5 … 5 (half stars)"
        }
    }

    /// Echoed input, cut short and without control characters, for plain-text messages.
    static func shown(_ text: String) -> String {
        let clean = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? "?" : $0
                }))
        return clean.count > 80 ? String(clean.prefix(80)) + "…" : clean
    }
}
