import CatalogueModel
import Foundation

/// Checks that need every skill at once: unique ids, unique URLs, images that exist.
enum SkillValidator {
    /// - Parameter textChecked: how many skills at the start already passed `SkillText.check`.
    package static func check(
        _ skills: [Skill], textChecked: Int = 0, location: ContentLocation, _ log: inout DiagnosticLog
    ) -> [Skill] {
        var pageKeys: [String: String]? = nil
        return check(skills, textChecked: textChecked, location: location, pageKeys: &pageKeys, &log)
    }

    /// - Parameter pageKeys: each id's page key (its page, lowercased) from earlier checks of a
    ///   kept load, taken instead of made again and added to: a key depends on the id alone.
    static func check(
        _ skills: [Skill], textChecked: Int, location: ContentLocation, pageKeys: inout [String: String]?,
        _ log: inout DiagnosticLog
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
        let source = location.source
        let realRoot = source.resolved(location.root.path) ?? location.root.path
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
            let urlKey: String
            if let known = pageKeys?[skill.id] {
                urlKey = known
            } else {
                urlKey = SiteURLs.standard.skillPage(skill.id).lowercased()
                pageKeys?[skill.id] = urlKey
            }
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
            result.append(skill)
        }
        return result
    }
}

/// Attaches ratings to skills: by id, and by SUSI's (model, group, language, tag).
enum RatingMatcher {
    /// - Parameter skills: with unique ids, as `SkillValidator.check` leaves them.
    static func match(
        skills: [Skill], sources: RatingSources, ratingsDisplay: String,
        _ log: inout DiagnosticLog
    ) -> [String: RatingTally] {
        var result: [String: RatingTally] = [:]
        // Ids are unique by now, so when as many skills found ratings as there are rated ids, no
        // id is unknown and no set of ids is needed; SUSI keys only matter when there are SUSI
        // ratings. Both sets were most of matching at 100,000 skills.
        var matchedIDs = 0
        let susi = !sources.bySusiKey.isEmpty
        var keys = Set<SusiSkillKey>()
        for skill in skills {
            var tally = skill.embeddedRating ?? RatingTally()
            if let byID = sources.byID[skill.id] {
                tally.merge(byID)
                matchedIDs += 1
            }
            if susi {
                keys.insert(skill.susiKey)
                if let bySusi = sources.bySusiKey[skill.susiKey] { tally.merge(bySusi) }
            }
            if tally != RatingTally() { result[skill.id] = tally }
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
        sources.moderation.apply(to: &result, &log)
        if !unknown.isEmpty {
            let shown = unknown.prefix(5).joined(separator: ", ")
            let more = unknown.count > 5 ? " and \(unknown.count - 5) more" : ""
            log.warning(ratingsDisplay, "ratings for \(unknown.count) unknown skill(s) ignored: \(shown)\(more)")
        }
        return result
    }
}
