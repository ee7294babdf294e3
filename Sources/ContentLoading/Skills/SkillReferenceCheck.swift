import CatalogueModel

/// Site.yml's skill ids (`featured`, collections' `skills`) must name skills: a wrong one is an
/// error at its line, with the closest id as a suggestion, since a page that silently left it
/// out would look finished.
enum SkillReferenceCheck {
    static func check(_ config: SiteConfig, skills: [Skill], path: String, _ log: inout DiagnosticLog) {
        let references =
            config.featured.map { ("featured", $0) }
            + config.collections.flatMap { collection in
                collection.skills.map { ("collection `\(collection.title)`", $0) }
            }
        guard !references.isEmpty else { return }
        let ids = Set(skills.map(\.id))
        var sortedIDs: [String]?
        for (place, reference) in references where !ids.contains(reference.id) {
            var message = "\(place) names `\(reference.id)`, which is no skill's id"
            let candidates = sortedIDs ?? ids.sorted()
            sortedIDs = candidates
            if let guess = Suggestion.closest(to: reference.id, in: candidates) {
                message += "; did you mean `\(guess)`?"
            } else {
                message +=
                    " (ids are skill file paths under skills/ without the extension, like `news/headline-finder`)"
            }
            log.error(path, line: reference.line, column: reference.column, message)
        }
    }
}
