import CatalogueModel
import Foundation

/// Everything read from `Content/ratings/`, before it is matched to skills.
package struct RatingSources: Sendable {
    /// Counts keyed by skill id (counts files and events), already merged.
    var byID: [String: RatingTally] = [:]
    /// Ratings keyed the way SUSI's server stores them, already merged across folders.
    var bySusiKey: [SusiSkillKey: RatingTally] = [:]
    /// Where each key was first seen, for the unknown-skill warning.
    var firstSeen: [String: String] = [:]
    var firstSeenSusi: [SusiSkillKey: String] = [:]
    /// Number of votes read (individual votes plus counted ones), for the summary line.
    package var votesRead = 0
    var filesRead = 0
    /// Reviews the owner hid (`ratings/moderation.txt`).
    var moderation = ReviewModeration()

    package init() {}
}

/// Reads every rating file. Files add up; a SUSI store pair in one folder is merged as described
/// in docs/content.md (individual votes win over the aggregate for the same skill).
package enum RatingReader {
    /// - Parameter recorded: a database's votes, merged after the files' events.
    package static func read(
        files: [ContentFile], source: ContentSource, recorded: RecordedVotes? = nil,
        _ log: inout DiagnosticLog
    ) -> RatingSources {
        readApart(files: files, source: source, recorded: recorded, &log).sources()
    }

    /// What the rating files hold, with the vote logs' votes still apart from the counts, so
    /// votes appended later can join them (`RatingsRead.append`).
    static func readApart(
        files: [ContentFile], source: ContentSource, recorded: RecordedVotes? = nil,
        _ log: inout DiagnosticLog
    ) -> RatingsRead {
        var sources = RatingSources()
        var events = EventMerger()
        var susiFolders: [String: SusiFolder] = [:]
        for file in files {
            switch file.url.pathExtension.lowercased() {
            case "json" where file.url.lastPathComponent.lowercased() == "ratingsovertime.json":
                // SUSI's monthly averages (`{rating, count, timestamp}` per month), written by the
                // rating servlet beside its store: not votes, and no source for the ratings-over-time
                // chart either. Every vote is added to its month, a changed vote included, and none
                // is ever taken out (fossasia/susi_server FiveStarRateSkillService.java:136, 151-208),
                // so its counts disagree with the standing votes; the chart is drawn from the timed
                // votes of fiveStarSkillRating.json instead (`VoteTimeline`).
                continue
            case "json":
                guard
                    let text = SourceText.read(
                        file.url, from: source, displayPath: file.displayPath, limit: InputLimits.ratingFileBytes, &log)
                else { continue }
                sources.filesRead += 1
                readJSON(text, file: file, into: &sources, susi: &susiFolders, &log)
            case "jsonl":
                // A write cut inside a character leaves bytes that are not UTF-8; the torn line
                // they end is ignored with a warning, so they must not fail the whole file.
                guard
                    let data = SourceText.bytes(
                        file.url, from: source, displayPath: file.displayPath, limit: InputLimits.ratingFileBytes, &log),
                    EventMerger.linesFit(data, path: file.displayPath, &log),
                    let text = SourceText.decode(
                        TornLine.withoutCutCharacter(data), displayPath: file.displayPath,
                        limit: InputLimits.ratingFileBytes, &log)
                else { continue }
                sources.filesRead += 1
                events.read(text, path: file.displayPath, &log)
            case _ where ReviewModeration.isModerationFile(file.url.lastPathComponent):
                guard
                    let text = SourceText.read(
                        file.url, from: source, displayPath: file.displayPath, limit: InputLimits.ratingFileBytes, &log)
                else { continue }
                sources.moderation.read(text, path: file.displayPath, &log)
            default:
                log.warning(
                    file.displayPath,
                    "not a rating file (expected .json or .jsonl, or moderation.txt naming hidden reviews); ignored")
            }
        }
        if let recorded { events.add(recorded, &log) }
        for folder in susiFolders.keys.sorted() {
            guard let merged = susiFolders[folder]?.merged(&log) else { continue }
            for (key, entry) in merged {
                sources.bySusiKey[key, default: RatingTally()].merge(entry.tally)
                sources.votesRead += entry.tally.stars.total
                if sources.firstSeenSusi[key] == nil { sources.firstSeenSusi[key] = entry.path }
            }
        }
        return RatingsRead(counted: sources, events: events)
    }

    package static func readJSON(
        _ text: String, file: ContentFile, into sources: inout RatingSources,
        susi: inout [String: SusiFolder], _ log: inout DiagnosticLog
    ) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            log.append(JSONProblem.diagnostic(for: error, path: file.displayPath, text: text))
            return
        }
        guard let object = root.object else {
            log.error(
                file.displayPath, line: 1, column: 1, "a rating file must hold a JSON object, found a \(root.kind)")
            return
        }
        // Shape decides: skill id → rating object is a counts file; anything nested deeper is
        // SUSI's model → group → language → tag store.
        let isCounts = object.values.allSatisfy { value in
            guard let inner = value.object else { return false }
            return RatingObject.isRatingObject(inner) || inner.isEmpty
        }
        if isCounts {
            for id in object.keys.sorted() {
                guard let value = object[id],
                    let tally = RatingObject.tally(value, keyPath: [id], text: text, path: file.displayPath, &log)
                else { continue }
                sources.byID[id, default: RatingTally()].merge(tally)
                sources.votesRead += tally.stars.total
                if sources.firstSeen[id] == nil { sources.firstSeen[id] = file.displayPath }
            }
            return
        }
        let folder = file.url.deletingLastPathComponent().path
        SusiStoreReader.read(
            object, text: text, path: file.displayPath, into: &susi[folder, default: SusiFolder()], &log)
    }
}

/// The rating files as read: the counts (counts files, SUSI stores) and the vote logs' merged
/// votes, kept apart so that a vote appended to the last log can join the votes as a second read
/// of the whole log would (`sitegen serve` appends each vote it receives).
struct RatingsRead {
    var counted: RatingSources
    var events: EventMerger

    /// Everything read, the votes added to the counts.
    func sources() -> RatingSources {
        var sources = counted
        for (id, tally) in events.tallies() {
            sources.byID[id, default: RatingTally()].merge(tally)
            sources.votesRead += tally.stars.total
            if sources.firstSeen[id] == nil { sources.firstSeen[id] = events.firstPath(of: id) }
        }
        return sources
    }

    /// `sources()`, from the sources made before the events of the skills `touched` changed,
    /// which gained `votesAdded` counted votes since (fewer when a vote replaced one): only
    /// those skills' entries are made again.
    func sources(patching before: RatingSources, touched: Set<String>, votesAdded: Int) -> RatingSources {
        var sources = before
        for id in touched {
            var tally = counted.byID[id]
            if let events = events.tally(of: id) {
                tally = tally ?? RatingTally()
                tally?.merge(events)
            }
            sources.byID[id] = tally
            sources.firstSeen[id] = counted.firstSeen[id] ?? events.firstPath(of: id)
        }
        sources.votesRead += votesAdded
        return sources
    }

    /// Adds `lines`, one vote for `skill` appended to the vote log `path` (as shown in
    /// messages), before the logs `laterLogs`: the skills whose tallies that changed, and how
    /// many more votes they count. Nil when that would not give what reading the logs again
    /// gives: a line with a problem (its message would name the wrong line). Then `self` is
    /// spoilt and the files must be read again. A skill no vote rated yet, or one first seen in
    /// a later log, is now first seen at the appended line, as a second read would see it (the
    /// unknown-skill warning names it if the skill goes).
    mutating func append(_ lines: String, path: String, skill: String, laterLogs: [String]) -> (
        skills: Set<String>, votesAdded: Int
    )? {
        var firstHere = false
        if counted.firstSeen[skill] == nil {
            if let first = events.firstPath(of: skill) {
                firstHere = laterLogs.contains { log in
                    first.hasPrefix(log + ":")
                        && first.dropFirst(log.count + 1).allSatisfy { $0.isASCII && $0.isNumber }
                }
            } else {
                firstHere = true
            }
        }
        let line = events.lines(readOf: path) + 1
        var log = DiagnosticLog()
        events.startRecording()
        events.read(lines, path: path, &log)
        var touched = events.stopRecording()
        if firstHere {
            events.firstSeen(of: skill, isNow: path, line: line)
            // Its first sighting moved: the unknown-skill warning would name the new one.
            touched.skills.insert(skill)
        }
        return log.items.isEmpty ? touched : nil
    }
}
