import CatalogueModel

/// What a kept build's next plan makes again of each skill's own jobs (its page, API file and
/// badge). A skill page's key (`PageKey`) is its entry, its related skills' entries and whether
/// its author has others; its API file's and badge's key is its entry. After a vote or an edit,
/// or a skill that came or went, most of those keys are the last plan's, and their jobs are left
/// out rather than made and compared: the plan's outline takes their paths from the last one.
extension SiteRenderer {
    /// The skills a plan makes jobs for, and where the others stood in the last plan.
    struct KeptSkills {
        /// By entry index: whether the skill's jobs are made.
        let planned: [Bool]
        /// By entry index: the entry's index in the last plan's catalogue, nil for a skill that
        /// came (always made). A skill left out is there, as the same object.
        let before: [Int?]
        /// Whether every skill is where it was, in the catalogue, in its group and on the site (a
        /// vote, or an edit that moved no skill): then every job stands where the last plan had it.
        let samePlaces: Bool
    }

    /// Which skills' jobs are to be made since `before`'s plan: a skill that came, or whose entry
    /// is another object, or whose related skills are others or one of them is another object, or
    /// whose author's page now lists another number of skills. Nil when the groups are not the
    /// same ones, and every job is made.
    func skillsToPlan(since before: SiteRenderer) -> KeptSkills? {
        let entries = catalogue.entries
        let old = before.catalogue.entries
        // A theme that shows no related skills has none made (`SkillPageReach`): none changed.
        let related = skillPageReach.related ? listingData.related.lists : Array(repeating: [], count: entries.count)
        let oldRelated =
            before.skillPageReach.related ? before.listingData.related.lists : Array(repeating: [], count: old.count)
        guard related.count == entries.count, oldRelated.count == old.count,
            before.catalogue.groups.count == catalogue.groups.count,
            zip(before.catalogue.groups, catalogue.groups).allSatisfy({ $0.path == $1.path })
        else { return nil }
        // A vote or an edit leaves every skill in its place; a skill that came or went moves the later ones.
        let samePlaces =
            old.count == entries.count && zip(old, entries).allSatisfy { $0 === $1 || $0.skill.id == $1.skill.id }
        let places = samePlaces ? entries.indices.map { $0 } : PlaceWalk.places(of: entries, in: old) { $0.skill.id }
        var changed = [Bool](repeating: false, count: entries.count)
        for i in entries.indices {
            if let j = places[i], entries[i] === old[j] { continue }
            changed[i] = true
        }
        // The skills of an author whose page lists another number of them ("More by" may change).
        var authorChanged = Set<ObjectIdentifier>()
        let counts = listingData.authorSkillCounts
        if counts != before.listingData.authorSkillCounts {
            for author in listingData.listings.authors
            where before.listingData.authorSkillCounts[author.path] != author.entries.count {
                for entry in author.entries { authorChanged.insert(ObjectIdentifier(entry)) }
            }
        }
        var planned = changed
        for i in entries.indices where !planned[i] {
            guard let j = places[i] else { continue }
            planned[i] =
                related[i].count != oldRelated[j].count
                || zip(related[i], oldRelated[j]).contains { new, old in places[new] != old || changed[new] }
                || (!authorChanged.isEmpty && authorChanged.contains(ObjectIdentifier(entries[i])))
        }
        // The API's files stand in group order: the same places when each group holds the same
        // skills in the same order.
        let sameGroups =
            samePlaces && zip(old, entries).allSatisfy { $0 === $1 || $0.path == $1.path }
            && zip(before.catalogue.groups, catalogue.groups).allSatisfy { a, b in
                a.entries.count == b.entries.count
                    && zip(a.entries, b.entries).allSatisfy { $0 === $1 || $0.skill.id == $1.skill.id }
            }
        return KeptSkills(planned: planned, before: places, samePlaces: sameGroups)
    }

    /// For each place of the API's files in a plan of `catalogue` (`JSONAPI.files`: the groups'
    /// files in group order, each group's skills before its list), where the same skill's file
    /// stood in a plan of `last`, and where each plan's badges (`Badge.files`) start. Skills are
    /// found group by group, by a walk of the group's skills beside the last ones: two tables of
    /// 10,000 entries made for it were a few milliseconds of each skill that came or went. Nil
    /// when the groups are not the same ones (the plan is then made whole).
    static func apiPlaces(of catalogue: Catalogue, since last: Catalogue) -> (
        before: [Int?], badges: Int, lastBadges: Int
    )? {
        guard catalogue.groups.count == last.groups.count else { return nil }
        var before: [Int?] = [nil]
        before.reserveCapacity(catalogue.entries.count + catalogue.groups.count + 1)
        var lastPlace = 1
        for (group, lastGroup) in zip(catalogue.groups, last.groups) {
            guard group.path == lastGroup.path else { return nil }
            let places = PlaceWalk.places(of: group.entries, in: lastGroup.entries) { $0.skill.id }
            before += places.map { $0.map { lastPlace + $0 } }
            // The group's list.
            before.append(nil)
            lastPlace += lastGroup.entries.count + 1
        }
        return (before, before.count, lastPlace)
    }
}
