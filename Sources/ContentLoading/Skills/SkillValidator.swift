import CatalogueModel
import Foundation
import Parallel

/// Checks that need every skill at once: unique ids, unique URLs, images that exist.
enum SkillValidator {
    /// - Parameter textChecked: how many skills at the start already passed `SkillText.check`.
    package static func check(
        _ skills: [Skill], textChecked: Int = 0, location: ContentLocation, _ log: inout DiagnosticLog
    ) -> [Skill] {
        var pageKeys: [String: String]? = nil
        var tables: Clean.Tables? = nil
        return check(skills, textChecked: textChecked, location: location, pageKeys: &pageKeys, tables: &tables, &log)
    }

    /// - Parameter pageKeys: each id's page key (its page, lowercased) from earlier checks of a
    ///   kept load, taken instead of made again and added to: a key depends on the id alone.
    /// - Parameter clean: the skills of an earlier check of a kept load that said nothing about
    ///   them; set to `skills` when this check says nothing either.
    static func check(
        _ skills: [Skill], textChecked: Int, location: ContentLocation, pageKeys: inout [String: String]?,
        clean: inout Clean?, _ log: inout DiagnosticLog
    ) -> [Skill] {
        // Taken out, so that its tables are patched in place, not copied.
        if var kept = clean.take(), kept.patch(to: skills, textChecked: textChecked, location: location, &pageKeys) {
            clean = kept
            return skills
        }
        var tables: Clean.Tables? = Clean.Tables()
        let said = log.items.count
        let result = check(
            skills, textChecked: textChecked, location: location, pageKeys: &pageKeys, tables: &tables, &log)
        if log.items.count == said, result.count == skills.count, let tables {
            clean = Clean(skills: skills, tables: tables)
        }
        return result
    }

    /// Skills a check found nothing to say about, each kept as it was with no text left to check,
    /// and the tables the check made of them. A next check of the same skills with a few that
    /// came, went or were edited (keeping their id and group) says nothing either when the new
    /// ones collide with none of the tables and no image is missing: then only those are looked
    /// up, instead of every id, page and group hashed again (a skill added in `sitegen serve`).
    /// Anything else is checked whole, so what it says is what a full check says.
    struct Clean: Sendable {
        var skills: [Skill]
        var tables: Tables

        /// The keys the check met: ids, page keys, and each group page's key with the group's
        /// spelling. Only the keys are used once patched (the values are the first check's places).
        struct Tables: Sendable {
            var byID: [String: Int] = [:]
            var byURL: [String: Int] = [:]
            var groups: [String: String] = [:]
        }

        /// Makes this the clean check of `next`, if it is one; false when `next` must be checked
        /// whole (this is then left half-patched, to be dropped).
        mutating func patch(
            to next: [Skill], textChecked: Int, location: ContentLocation, _ pageKeys: inout [String: String]?
        ) -> Bool {
            guard textChecked == next.count else { return false }
            let places = PlaceWalk.places(of: next, in: skills, key: { $0.id }) { $0.isIdentical(to: $1) }
            // Places that only rise name each kept skill at most once: a skill that came with a
            // kept id is among `came`, and collides below.
            var stayed = [Bool](repeating: false, count: skills.count)
            var came: [Int] = []
            var last = -1
            for (index, place) in places.enumerated() {
                guard let place else {
                    came.append(index)
                    continue
                }
                guard place > last else { return false }
                guard next[index].isIdentical(to: skills[place]) || next[index].group == skills[place].group else {
                    return false
                }
                last = place
                stayed[place] = true
            }
            for (place, kept) in stayed.enumerated() where !kept {
                let id = skills[place].id
                tables.byID[id] = nil
                tables.byURL[pageKeys?[id] ?? SkillValidator.pageKey(id)] = nil
            }
            for index in came {
                let skill = next[index]
                let urlKey = pageKeys?[skill.id] ?? SkillValidator.pageKey(skill.id)
                let groupKey = SiteURLs.standard.groupPage(skill.group).lowercased()
                guard tables.byID.updateValue(index, forKey: skill.id) == nil,
                    tables.byURL.updateValue(index, forKey: urlKey) == nil,
                    tables.groups[groupKey, default: skill.group] == skill.group
                else { return false }
                tables.groups[groupKey] = skill.group
                if pageKeys?[skill.id] == nil { pageKeys?[skill.id] = urlKey }
            }
            // Every image again: one may have gone while its skill's file stayed as it was.
            var log = DiagnosticLog()
            let realRoot = SkillValidator.realRoot(location)
            for var skill in next where skill.image != nil {
                SkillValidator.checkImage(&skill, location: location, realRoot: realRoot, &log)
                guard log.items.isEmpty else { return false }
            }
            skills = next
            return true
        }
    }

    /// - Parameter tables: filled with the check's tables, when not nil.
    private static func check(
        _ skills: [Skill], textChecked: Int, location: ContentLocation, pageKeys: inout [String: String]?,
        tables: inout Clean.Tables?, _ log: inout DiagnosticLog
    ) -> [Skill] {
        var result: [Skill] = []
        // Indices into `result`, not skills: copying whole skills into growing dictionaries was
        // most of this check's time at 100,000 skills.
        var byID: [String: Int] = [:]
        var byURL: [String: Int] = [:]
        var groupBySlug: [String: Int] = [:]
        var lastGroup: (name: String, key: String)?
        result.reserveCapacity(skills.count)
        byID.reserveCapacity(skills.count)
        byURL.reserveCapacity(skills.count)
        let realRoot = Self.realRoot(location)
        // Each id's page key, made on all cores: a slug made character by character, for every
        // skill, was most of what this check did on one core while the others waited.
        // (In a closure, so the table is not shared when keys are added to it below.)
        let keys = { [pageKeys] in skills.parallelMap { pageKeys?[$0.id] ?? Self.pageKey($0.id) } }()
        for (index, var skill) in skills.enumerated() {
            if index >= textChecked {
                // The skills not checked yet are those of SUSI `.txt` files: community content.
                guard SkillText.check(&skill, community: true, &log) else { continue }
            }
            if let first = byID[skill.id].map({ result[$0] }) {
                log.error(
                    skill.sourcePath, line: skill.sourceLine,
                    "duplicate skill id `\(skill.id)`: also defined in \(first.sourcePath); rename one of the files")
                continue
            }
            // Hosts differ in case sensitivity, so two paths that differ only in case collide.
            // The text check may have changed the id the key was made from.
            let urlKey = skill.id == skills[index].id ? keys[index] : Self.pageKey(skill.id)
            if pageKeys?[skill.id] == nil { pageKeys?[skill.id] = urlKey }
            if let first = byURL[urlKey].map({ result[$0] }) {
                log.error(
                    skill.sourcePath, line: skill.sourceLine,
                    "skill `\(skill.id)` would be written to the same page as `\(first.id)` (\(first.sourcePath)): /\(SiteURLs.standard.skillPage(skill.id)); rename one of them"
                )
                continue
            }
            // Group names that differ only in case or punctuation would share one group page.
            // Skills of a group mostly come together (a folder per group): the page is made once
            // for a run of the same name, byte for byte.
            let groupKey: String
            if let last = lastGroup, last.name.utf8.elementsEqual(skill.group.utf8) {
                groupKey = last.key
            } else {
                groupKey = SiteURLs.standard.groupPage(skill.group).lowercased()
                lastGroup = (skill.group, groupKey)
            }
            if let first = groupBySlug[groupKey].map({ result[$0] }), first.group != skill.group {
                log.error(
                    skill.sourcePath, line: skill.sourceLine,
                    "group `\(skill.group)` would be written to the same page as group `\(first.group)` (\(first.sourcePath)): /\(SiteURLs.standard.groupPage(skill.group)); spell the group the same way everywhere"
                )
                continue
            }
            byID[skill.id] = result.count
            byURL[urlKey] = result.count
            if groupBySlug[groupKey] == nil { groupBySlug[groupKey] = result.count }
            checkImage(&skill, location: location, realRoot: realRoot, &log)
            result.append(skill)
        }
        if tables != nil {
            tables = Clean.Tables(
                byID: byID, byURL: byURL, groups: groupBySlug.mapValues { result[$0].group })
        }
        return result
    }

    /// The page an id is written to, as hosts that ignore case compare it.
    static func pageKey(_ id: String) -> String {
        SiteURLs.standard.skillPage(id).lowercased()
    }

    static func realRoot(_ location: ContentLocation) -> String {
        location.source.resolved(location.root.path) ?? location.root.path
    }

    /// A local image must be a file inside the content folder; otherwise the page shows a placeholder.
    /// - Parameter realRoot: the content folder's real path (`Self.realRoot`).
    static func checkImage(
        _ skill: inout Skill, location: ContentLocation, realRoot: String, _ log: inout DiagnosticLog
    ) {
        let source = location.source
        if case .local(let path)? = skill.image {
            let url = location.root.appendingPathComponent(path)
            if source.status(url.path, false) != .file {
                log.warning(
                    skill.sourcePath, line: skill.sourceLine,
                    "image `\(path)` not found in \(location.display)/; the page shows a placeholder")
                skill.image = nil
            } else if !(source.resolved(url.path) ?? url.path).hasPrefix(realRoot + "/") {
                // A linked folder on the way would publish a file from elsewhere on the machine.
                log.warning(
                    skill.sourcePath, line: skill.sourceLine,
                    "image `\(path)` lies outside \(location.display)/ through a symbolic link; the page shows a placeholder"
                )
                skill.image = nil
            }
        }
    }
}

/// Ratings matched to skills, and what matching them said: kept by a load for the next, which
/// after a vote matches again only the skills that got one (`RatingMatcher.rematch`).
struct MatchedRatings: Sendable {
    /// By skill id.
    var ratings: [String: RatingTally] = [:]
    /// The warning about ratings of unknown skills, if any.
    var unknown: [Diagnostic] = []
    /// By skill id: the hidden reviews (`ratings/moderation.txt`) its tally held.
    var hiddenFound: [String: Set<String>] = [:]
    /// The warnings about hidden ids no review has.
    var unfound: [Diagnostic] = []
    /// The ratings folder as messages show it.
    var ratingsDisplay = ""

    var diagnostics: [Diagnostic] { unknown + unfound }
}

/// Attaches ratings to skills: by id, and by SUSI's (model, group, language, tag).
enum RatingMatcher {
    /// - Parameter skills: with unique ids, as `SkillValidator.check` leaves them.
    static func match(skills: [Skill], sources: RatingSources, ratingsDisplay: String) -> MatchedRatings {
        var matched = MatchedRatings(ratingsDisplay: ratingsDisplay)
        matched.ratings.reserveCapacity(min(skills.count, sources.byID.count + sources.bySusiKey.count))
        // Ids are unique by now, so when as many skills found ratings as there are rated ids, no
        // id is unknown and no set of ids is needed; SUSI keys only matter when there are SUSI
        // ratings. Both sets were most of matching at 100,000 skills.
        let susi = !sources.bySusiKey.isEmpty
        // Each skill's tally on all cores (after loading, the others had nothing to do); only
        // the table is filled on one.
        let tallies = skills.parallelMap { skill in
            (known: sources.byID[skill.id] != nil, tally: tally(of: skill, sources: sources, susi: susi))
        }
        var matchedIDs = 0
        var keys = Set<SusiSkillKey>()
        for (skill, found) in zip(skills, tallies) {
            if found.known { matchedIDs += 1 }
            if susi { keys.insert(skill.susiKey) }
            if let tally = found.tally { matched.ratings[skill.id] = tally }
        }
        var unknown: [String] = []
        if matchedIDs < sources.byID.count {
            let ids = Set(skills.map(\.id))
            // Only the unknown ones sorted: every known id sorted was a sizeable part of loading a large catalogue.
            for id in sources.byID.keys.filter({ !ids.contains($0) }).sorted() {
                unknown.append("`\(id)` (\(sources.firstSeen[id] ?? ratingsDisplay))")
            }
        }
        for key in sources.bySusiKey.keys.filter({ !keys.contains($0) }).sorted() {
            unknown.append("`\(key)` (\(sources.firstSeenSusi[key] ?? ratingsDisplay))")
        }
        if !unknown.isEmpty {
            let shown = unknown.prefix(5).joined(separator: ", ")
            let more = unknown.count > 5 ? " and \(unknown.count - 5) more" : ""
            var log = DiagnosticLog()
            log.warning(ratingsDisplay, "ratings for \(unknown.count) unknown skill(s) ignored: \(shown)\(more)")
            matched.unknown = log.items
        }
        hide(sources.moderation, in: &matched, skills: nil)
        return matched
    }

    /// `match` again after the events of the skills `touched` changed and nothing else did (the
    /// same skills, the same sources for every other id): only their tallies are made again.
    /// Nil when a touched id names no skill (the unknown-skill warning would change): then
    /// everything is matched again.
    /// - Parameter places: each skill's place in `skills`, by id.
    static func rematch(
        _ previous: MatchedRatings, touched: Set<String>, skills: [Skill], places: [String: Int],
        sources: RatingSources
    ) -> MatchedRatings? {
        var matched = previous
        let susi = !sources.bySusiKey.isEmpty
        for id in touched {
            guard let place = places[id], skills.indices.contains(place), skills[place].id == id else { return nil }
            matched.ratings[id] = tally(of: skills[place], sources: sources, susi: susi)
        }
        hide(sources.moderation, in: &matched, skills: touched)
        return matched
    }

    /// `match` again after skills came or went, and nothing else changed but the skills that
    /// stayed at `edited` places: only their tallies are made again. Nil when the unknown-skill
    /// warning may change (a skill that came or went has ratings by its id) or when there are
    /// SUSI ratings (their keys are matched across skills): then everything is matched again.
    /// - Parameter came: the places in `skills` of skills whose ids the last match did not have.
    /// - Parameter gone: the ids the last match had that `skills` has no more.
    static func rematch(
        _ previous: MatchedRatings, came: [Int], edited: [Int], gone: [String], skills: [Skill],
        sources: RatingSources
    ) -> MatchedRatings? {
        guard sources.bySusiKey.isEmpty else { return nil }
        var matched = previous
        var touched = Set<String>()
        for id in gone {
            guard sources.byID[id] == nil else { return nil }
            matched.ratings[id] = nil
            touched.insert(id)
        }
        for place in came where sources.byID[skills[place].id] != nil { return nil }
        for place in came + edited {
            let skill = skills[place]
            matched.ratings[skill.id] = tally(of: skill, sources: sources, susi: false)
            touched.insert(skill.id)
        }
        hide(sources.moderation, in: &matched, skills: touched)
        return matched
    }

    /// A skill's ratings from every source; nil when it has none.
    private static func tally(of skill: Skill, sources: RatingSources, susi: Bool) -> RatingTally? {
        var tally = skill.embeddedRating ?? RatingTally()
        let byID = sources.byID[skill.id]
        let bySusi = susi ? sources.bySusiKey[skill.susiKey] : nil
        if let byID { tally.merge(byID) }
        if let bySusi { tally.merge(bySusi) }
        guard tally != RatingTally() else { return nil }
        // SUSI's own store only: a `skill_rating` in a JSON file may be anyone's.
        tally.countedBySusi = bySusi != nil && byID == nil && skill.embeddedRating == nil
        return tally
    }

    /// Takes the hidden reviews out of the tallies of `skills` (ids; every skill when nil), and
    /// warns again of the hidden ids no tally holds.
    private static func hide(_ moderation: ReviewModeration, in matched: inout MatchedRatings, skills: Set<String>?) {
        guard !moderation.hidden.isEmpty else { return }
        let ids = moderation.ids
        let holding =
            skills.map(Array.init)
            ?? matched.ratings.compactMap { id, tally in tally.reviews.contains { ids.contains($0.id) } ? id : nil }
        for id in holding {
            guard var tally = matched.ratings[id] else {
                matched.hiddenFound[id] = nil
                continue
            }
            let found = ReviewModeration.hide(ids, in: &tally)
            matched.ratings[id] = tally
            matched.hiddenFound[id] = found.isEmpty ? nil : found
        }
        var log = DiagnosticLog()
        moderation.warn(found: matched.hiddenFound.values.reduce(into: Set()) { $0.formUnion($1) }, &log)
        matched.unfound = log.items
    }
}
