import CatalogueModel

/// What a kept build's next plan makes again of each skill's own jobs (its page, API file and
/// badge). A skill page's key (`PageKey`) is its entry, its related skills' entries and whether
/// its author has others; its API file's and badge's key is its entry. After a vote or an edit
/// that keeps every skill in its place, most of those keys are the last plan's, and their jobs
/// are left out rather than made and compared.
extension SiteRenderer {
    /// By entry index, whether the skill's jobs are to be made since `before`'s plan: its entry is
    /// another object, or its related skills are others, or one of them is another object. Nil
    /// when more may have moved (a skill came, went or moved; a group or an author page has
    /// other skills), and every job is made.
    func skillsToPlan(since before: SiteRenderer) -> [Bool]? {
        let entries = catalogue.entries
        let old = before.catalogue.entries
        let related = listingData.related.lists
        let oldRelated = before.listingData.related.lists
        guard old.count == entries.count, related.count == entries.count, oldRelated.count == entries.count,
            before.catalogue.groups.count == catalogue.groups.count,
            before.listingData.authorSkillCounts == listingData.authorSkillCounts
        else { return nil }
        // The API's files stand in group order: each group must hold the same skills in the same order.
        for (a, b) in zip(before.catalogue.groups, catalogue.groups) {
            guard a.path == b.path, a.entries.count == b.entries.count,
                zip(a.entries, b.entries).allSatisfy({ $0 === $1 || $0.skill.id == $1.skill.id })
            else { return nil }
        }
        var changed = [Bool](repeating: false, count: entries.count)
        for i in entries.indices where entries[i] !== old[i] {
            // Its path is where the last plan's jobs went.
            guard entries[i].skill.id == old[i].skill.id, entries[i].path == old[i].path else { return nil }
            changed[i] = true
        }
        var planned = changed
        for i in entries.indices where !planned[i] {
            planned[i] = related[i] != oldRelated[i] || related[i].contains { changed[$0] }
        }
        return planned
    }
}
