import CatalogueModel
import Foundation
import Parallel

/// Where a build reads from.
public struct ContentLocation: Sendable {
    public var root: URL
    /// How to show the root in messages (what the user typed, e.g. `Content`).
    public var display: String
    /// Where the bytes come from: the disk, or memory in tests.
    public var source: ContentSource

    public init(root: URL, display: String? = nil, source: ContentSource = .disk) {
        self.root = root
        self.display = display ?? root.path
        self.source = source
    }

    public var skills: URL { root.appendingPathComponent("skills") }
    public var ratings: URL { root.appendingPathComponent("ratings") }
    public var staticFiles: URL { root.appendingPathComponent("static") }
    public var config: URL { root.appendingPathComponent("site.yml") }
}

/// The content folder, read and checked: the input of every later stage.
public struct LoadedContent: Sendable {
    public var config: SiteConfig
    public var skills: [Skill]
    /// Ratings matched to skills, by skill id.
    public var ratings: [String: RatingTally]
    public var diagnostics: [Diagnostic]
    public var ratingFilesRead: Int
    public var votesRead: Int
    /// The skills whose skill or ratings may differ from the last load's, or that came or went
    /// since (a vote, an edit, a new or deleted skill); nil when any may.
    public var touchedSkills: Set<String>?

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Load stage: reads `site.yml`, every skill and every rating file; reports all problems at once.
public enum ContentLoader {
    /// - Parameter recordedVotes: votes read from a ratings database, counted with the rating files.
    public static func load(
        _ location: ContentLocation, baseURLOverride: String? = nil,
        recordedVotes: RecordedVotes? = nil
    ) -> LoadedContent {
        var kept = ParsedContent()
        // Nothing is kept after a one-off load: no page keys or skill files' stamps are gathered
        // for a next one (the few rating files are still stamped: their reading takes the stamps).
        kept.pageKeys = nil
        kept.clean = nil
        kept.stampsSkills = false
        let loaded = load(location, baseURLOverride: baseURLOverride, recordedVotes: recordedVotes, keeping: &kept)
        // What the load kept (every file's parse) is freed on another thread: freed here, it
        // held up the catalogue while the other core had nothing to do (0.08 s at 100,000 skills).
        let parsed = kept
        kept = ParsedContent()
        LaterRelease.drop(consume parsed)
        return loaded
    }

    /// Loads as `load` does, reusing what `kept` holds of files whose stamp is the same as when
    /// they were read (and that are not in `changed`), and keeping what this load read for the next.
    /// Lines in `appended` were added to the end of a vote log since it was read (`serve`'s
    /// votes): they join the kept votes without the log being read again, when that gives what
    /// reading it would.
    /// - Parameter changedOnly: `changed` names every file that may have changed since `kept`
    ///   was filled (inotify named them): the other kept files are taken without their stamps
    ///   being looked at, which at 10,000 skills was a `stat` per file per rebuild.
    public static func load(
        _ location: ContentLocation, baseURLOverride: String? = nil, recordedVotes: RecordedVotes? = nil,
        keeping kept: inout ParsedContent, changed: Set<String> = [], changedOnly: Bool = false,
        appended: [AppendedVotes] = []
    ) -> LoadedContent {
        var log = DiagnosticLog()
        let config = siteConfig(location, baseURLOverride: baseURLOverride, &log)

        // Rating files do not depend on skills until they are matched: read them meanwhile.
        let source = location.source
        let ratingFiles = ContentFile.list(
            in: location.ratings, display: location.display + "/ratings", root: location.root,
            source: source, &log)
        // Votes merge across files (a user's later vote replaces an earlier one in another file),
        // so the rating files are kept or read again together.
        // Events name paths as the watched root spells them; a root spelt otherwise
        // (`Content/./`) would not match them, so its files are all looked at.
        let trusted = changedOnly && location.root.path == location.root.standardizedFileURL.path
        let keptRatingStamps =
            trusted ? Dictionary(kept.ratings?.stamps.map { ($0.path, $0.stamp) } ?? []) { a, _ in a } : [:]
        let ratingStamps = ratingFiles.map { file in
            let path = file.path
            let known = trusted && !changed.contains(path) ? keptRatingStamps[path] ?? nil : nil
            return RatingStamp(path: path, stamp: known ?? source.stamp(path))
        }
        let keptRatings = kept.ratings.flatMap { ratings in
            recordedVotes != nil
                ? nil
                : ratings.stamps == ratingStamps
                    && !ratingStamps.contains { $0.stamp == nil || changed.contains($0.path) }
                    ? ratings
                    : ratings.advanced(
                        by: appended, to: ratingStamps, files: ratingFiles, changed: changed, source: source)
        }
        kept.ratings = nil
        // The votes are added to the counts here too, beside the skills' load: after it, on this
        // thread, the other cores had nothing to do.
        let ratingsRead = Background { () -> (RatingsRead, [Diagnostic], RatingSources) in
            // Rating files a kept load did not read again hold what they held: so do their
            // sources, but for the skills the appended votes changed.
            if let keptRatings { return (keptRatings.read, keptRatings.diagnostics, keptRatings.current) }
            var ratingLog = DiagnosticLog()
            let read = RatingReader.readApart(files: ratingFiles, source: source, recorded: recordedVotes, &ratingLog)
            return (read, ratingLog.items, read.sources())
        }
        var skillsLoaded: ParsedContent.Skills
        // The skills the last load matched ratings to.
        var previousSkills: ParsedContent.Skills?
        // A change that touched only rating files (a vote) leaves every skill as the last load made it.
        if trusted, let last = kept.skills, changed.allSatisfy({ path in ratingFiles.contains { $0.path == path } }) {
            skillsLoaded = last
            previousSkills = last
        } else {
            previousSkills = kept.skills
            kept.skills = nil
            skillsLoaded = loadSkills(location, changed: changed, trusted: trusted, keeping: &kept)
            kept.skills = skillsLoaded
        }
        log.append(contentsOf: skillsLoaded.diagnostics)
        let skills = skillsLoaded.skills

        let (read, ratingDiagnostics, sources) = ratingsRead.wait()
        kept.ratings = ParsedContent.Ratings(
            stamps: ratingStamps, read: read, diagnostics: ratingDiagnostics, sources: sources)
        log.append(contentsOf: ratingDiagnostics)
        // An empty catalogue is far more often a wrong --content than a wish; said only when
        // nothing else explains it.
        if skills.isEmpty, !config.allowEmpty, !log.items.contains(where: { $0.severity == .error }) {
            log.error(
                location.display + "/skills",
                skillsLoaded.filesListed == 0
                    ? "no skill files found (.md, .json, or SUSI .txt under \(location.display)/skills/); check --content, add a skill, or set `allow_empty: true` in site.yml to build an empty catalogue"
                    : "none of the \(skillsLoaded.filesListed.grouped) files here defines a skill; add one, or set `allow_empty: true` in site.yml to build an empty catalogue"
            )
        }
        let ratingsDisplay = location.display + "/ratings"
        // After a vote or an edit, the other skills and their sources are the last load's: only
        // the skills voted for or edited are matched again.
        var rematched: MatchedRatings?
        var touchedSkills: Set<String>?
        if let keptRatings, keptRatings.sources != nil, let previous = kept.matched,
            previous.ratingsDisplay == ratingsDisplay,
            let touched = Self.touched(
                previousSkills?.skills, skills, votedFor: keptRatings.touched, susi: !sources.bySusiKey.isEmpty)
        {
            let places =
                skillsLoaded.places ?? previousSkills?.places
                ?? Dictionary(skills.enumerated().map { ($1.id, $0) }) { a, _ in a }
            skillsLoaded.places = places
            kept.skills = skillsLoaded
            rematched = RatingMatcher.rematch(
                previous, touched: touched, skills: skills, places: places, sources: sources)
            if rematched != nil { touchedSkills = touched }
        } else if let keptRatings, keptRatings.sources != nil, keptRatings.touched.isEmpty, let previous = kept.matched,
            previous.ratingsDisplay == ratingsDisplay, let before = previousSkills?.skills
        {
            // A skill came or went: the others are found where they stood, not matched again.
            let walk = Self.walk(from: before, to: skills)
            rematched = RatingMatcher.rematch(
                previous, came: walk.came, edited: walk.edited, gone: walk.gone, skills: skills, sources: sources)
            if rematched != nil {
                touchedSkills = Set((walk.came + walk.edited).map { skills[$0].id } + walk.gone)
            }
        }
        let matched =
            rematched ?? RatingMatcher.match(skills: skills, sources: sources, ratingsDisplay: ratingsDisplay)
        kept.matched = matched
        log.append(contentsOf: matched.diagnostics)
        let ratings = matched.ratings
        SkillReferenceCheck.check(config, skills: skills, path: location.display + "/site.yml", &log)
        // The last load's skills, when this load made its own, are freed on another thread
        // (`loadSkills` does the same with its listing).
        LaterRelease.drop(previousSkills)

        return LoadedContent(
            config: config, skills: skills, ratings: ratings, diagnostics: log.items.sorted(),
            ratingFilesRead: sources.filesRead, votesRead: sources.votesRead, touchedSkills: touchedSkills)
    }

    /// `site.yml` with `--base-url` applied, and whether the content folder is one.
    private static func siteConfig(
        _ location: ContentLocation, baseURLOverride: String?, _ log: inout DiagnosticLog
    ) -> SiteConfig {
        var config = SiteConfigReader.read(location, &log)
        // A SUSI skill repository's checkout is a catalogue of SUSI's: its site mirrors SUSI's API.
        if !config.susiAPIGiven, !location.source.exists(location.skills),
            location.source.isFolder(SkillFolder.models(in: location))
        {
            config.susiAPI = true
        }
        if let baseURLOverride {
            if let base = SiteConfigReader.normalizedBaseURL(baseURLOverride) {
                config.baseURL = base
            } else {
                log.error("--base-url", "`\(baseURLOverride)` is not an http(s) URL or a path starting with `/`")
            }
        }
        switch location.source.status(location.root.path, true) {
        case .folder:
            break
        case .missing:
            log.error(
                location.display,
                "content folder not found; pass --content DIR or run from the folder that holds Content/")
        case .unreadable(let reason):
            log.error(location.display, "cannot read the content folder: \(String(cString: strerror(reason)))")
        case let other:
            log.error(
                location.display,
                "is \(other.kind), not a folder; pass --content the folder that holds skills/, ratings/ and site.yml")
        }
        return config
    }

    /// The skills whose ratings must be matched again: those `votedFor`, and those that differ
    /// from the `previous` skills, the last load's. Nil when there were none, when the two lists
    /// do not hold the same ids at the same places, or when an edit moved a skill to another SUSI
    /// key (the unknown-key warning may change): then every skill is matched again.
    private static func touched(_ previous: [Skill]?, _ skills: [Skill], votedFor: Set<String>, susi: Bool)
        -> Set<String>?
    {
        guard let previous, previous.count == skills.count else { return nil }
        var touched = votedFor
        for (before, now) in zip(previous, skills) where before != now {
            guard before.id == now.id, !susi || before.susiKey == now.susiKey else { return nil }
            touched.insert(now.id)
        }
        return touched
    }

    /// Where `skills` differ from `before` (each with unique ids): the places of skills whose
    /// ids are new, of those whose ids stayed but which differ, and the ids that went.
    static func walk(from before: [Skill], to skills: [Skill]) -> (came: [Int], edited: [Int], gone: [String]) {
        let changes = PlaceWalk.changes(of: skills, in: before, key: { $0.id }) { $0.isIdentical(to: $1) }
        let edited = changes.places.indices.filter { place in
            changes.places[place].map { skills[place] != before[$0] } ?? false
        }
        return (changes.came, edited, changes.went.map { before[$0].id })
    }

    /// Lists, reads (or takes from `kept`) and checks every skill file.
    /// - Parameter trusted: `changed` names every file changed since `kept` was filled.
    private static func loadSkills(
        _ location: ContentLocation, changed: Set<String>, trusted: Bool, keeping kept: inout ParsedContent
    ) -> ParsedContent.Skills {
        var log = DiagnosticLog()
        let source = location.source
        var lastListing = kept.listing
        kept.listing = nil
        // The last results, taken out of the last listing: held once, a patch moves them into
        // the new results instead of copying each (five arrays retained, 10,000 times a load).
        var lastResults = lastListing?.takeResults() ?? []
        let last = lastListing
        // An edit of files already listed leaves the listing as it was: a walk of 10,000 files
        // and their places looked up again per save are spared.
        var listed: ParsedContent.SkillListing
        let reused: Bool
        if trusted, let last, last.stands(after: changed, in: location) {
            listed = last
            reused = true
        } else if trusted, let last,
            let patched = last.listing.patched(after: changed, diagnostics: last.diagnostics, in: location)
        {
            // A file that came or went: the last listing with it added or taken out, as a walk would list it.
            listed = ParsedContent.SkillListing(listing: patched, diagnostics: [])
            reused = false
        } else {
            var listLog = DiagnosticLog()
            let listing = SkillFolder.list(location, &listLog)
            listed = ParsedContent.SkillListing(listing: listing, diagnostics: listLog.items)
            reused = false
        }
        log.append(contentsOf: listed.diagnostics)
        let listing = listed.listing
        // A file the watcher did not name keeps the last load's result (`trusted`: it names every
        // changed file; a folder's event makes it look at everything, `FolderEvents`). Its place
        // there is its own while the listing stands; when files came or went, it is found by
        // walking the last listing alongside, not by path (10,000 of them per new skill).
        let movedPlaces: [Int?]? = reused || !trusted ? nil : last.map { Self.movedPlaces(of: listing, in: $0.listing) }
        // The changed files by relative path, so that no file's path is made to look it up; a
        // changed path spelt otherwise than the folder (other bytes, the same text) by path.
        let changedFiles = Set(changed.compactMap { listing.relative($0) })
        let changedSpeltOtherwise = changed.contains { path in
            listing.relative(path) == nil && ParsedContent.path(path, touches: String(listing.folderPath.dropLast()))
        }
        let budget = ReadBudget()
        /// The file at `place` read, with its stamp taken before.
        @Sendable func read(at place: Int, stamp: ContentStamp?) -> FileResult {
            let file = listing.files[place]
            var fileLog = DiagnosticLog()
            var result = readSkills(
                file, contentPath: listing.contentPrefix + file.relativePath, root: location.root,
                source: source, budget: budget, &fileLog)
            // Text fields are checked here, on all cores; SUSI skills only once they are named.
            for var skill in result.skills {
                if SkillText.check(&skill, &fileLog) {
                    result.checked.append(skill)
                } else {
                    result.failed.append(skill)
                }
            }
            result.skills = []
            result.diagnostics = fileLog.items
            return FileResult(result, stamp: stamp)
        }
        // Skill files are independent: read them on all cores, then merge in path order. When
        // the listing stands (an edit), only the files to read again are looked at: a pass over
        // 10,000 kept results, each taking its bytes from the budget under a lock, was most of
        // an edit's load.
        // When files came or went, the kept results are taken from their places in the last
        // listing (`movedPlaces`) the same way.
        var readFiles =
            (reused || movedPlaces != nil) && trusted && !changedSpeltOtherwise
            ? Self.patched(
                &lastResults, count: listing.files.count, moved: movedPlaces,
                changed: changedFiles.flatMap(listing.places(ofRelative:)), budget: budget
            ) { place in read(at: place, stamp: source.stamp(listing.files[place].path)) }
            : nil
        if readFiles == nil {
            // No patch took the last results: they go back with their listing, where a file is
            // also found by path.
            lastListing?.results = lastResults
            let lastLoaded = lastListing
            let keptResults = trusted ? lastResults : []
            let stampsSkills = kept.stampsSkills
            @Sendable func result(at place: Int) -> FileResult {
                let file = listing.files[place]
                let isChanged =
                    changedFiles.contains(file.relativePath) || (changedSpeltOtherwise && changed.contains(file.path))
                let before = movedPlaces.map { place < $0.count ? $0[place] : nil } ?? place
                if let before, before < keptResults.count, !isChanged, case let kept = keptResults[before],
                    kept.keepable, budget.take(kept.made.bytesRead)
                {
                    return kept
                }
                // A file the watcher did not name is as it was (`trusted`): its stamp is the kept one.
                let known = lastLoaded?.standalone(file.path)
                guard known != nil || stampsSkills else { return read(at: place, stamp: nil) }
                let stamp = (trusted && !changed.contains(file.path) ? known?.stamp : nil) ?? source.stamp(file.path)
                if let stamp, !isChanged, let known, known.stamp == stamp, budget.take(known.result.bytesRead) {
                    return FileResult(known.result, stamp: stamp)
                }
                return read(at: place, stamp: stamp)
            }
            readFiles = listing.files.indices.parallelMap(result)
        }
        listed.results = readFiles ?? []
        kept.listing = listed
        // The last listing and what is left of its results are freed on another thread: 10,000
        // files' results released here were a few milliseconds of a new skill's wait.
        LaterRelease.drop((last, lastResults))
        let skills = merged(listed.results, location: location, keeping: &kept, &log)
        return ParsedContent.Skills(skills: skills, diagnostics: log.items, filesListed: listing.files.count)
    }

    /// Where each file of `listing` stood in the `last` one (nil: new).
    private static func movedPlaces(of listing: SkillFolder.Listing, in last: SkillFolder.Listing) -> [Int?] {
        // Listings of one folder hold the same path where they hold the same relative one.
        last.folderPath == listing.folderPath && last.relativePrefix == listing.relativePrefix
            // Closures, not key paths: a key path copies the file it reads from.
            // Compared in place first: a key made is a string retained and released.
            ? PlaceWalk.places(
                of: listing.files, in: last.files, key: { $0.relativePath },
                identical: { $0.relativePath == $1.relativePath })
            : PlaceWalk.places(of: listing.files, in: last.files) { $0.path }
    }

    /// The files' skills in path order, SUSI's named, and all validated together.
    private static func merged(
        _ results: [FileResult], location: ContentLocation, keeping kept: inout ParsedContent,
        _ log: inout DiagnosticLog
    ) -> [Skill] {
        var skills: [Skill] = []
        var failed: [Skill] = []
        var susiSkills: [Skill] = []
        // Read where they lie, in a span: each result copied out was five arrays retained and released.
        let results = results.span
        for place in results.indices {
            skills.append(contentsOf: results[place].made.checked)
            failed.append(contentsOf: results[place].made.failed)
            susiSkills.append(contentsOf: results[place].made.susiSkills)
            log.append(contentsOf: results[place].made.diagnostics)
        }
        // Skills that failed their text check still hold their page names, as they always did.
        let checkedCount = skills.count
        if !susiSkills.isEmpty { skills += SusiPageNames.assign(susiSkills, avoiding: skills + failed, &log) }
        return SkillValidator.check(
            skills, textChecked: checkedCount, location: location, pageKeys: &kept.pageKeys, clean: &kept.clean, &log)
    }

    /// `kept` with the files at `changed` (places in the listing `kept` was made for) and any
    /// file whose result depends on more than its bytes made again by `result`, as reading every
    /// file would make them; nil when more than a few must be, or the kept bytes no longer fit
    /// the budget.
    /// - Parameter moved: for a listing that files came to or went from, each place's place in
    ///   the listing `kept` was made for (`PlaceWalk`); a place without one is made again.
    private static func patched(
        _ kept: inout [FileResult], count: Int, moved: [Int?]?, changed: [Int], budget: ReadBudget,
        _ result: (Int) -> FileResult
    ) -> [FileResult]? {
        guard moved.map({ $0.count == count }) ?? (kept.count == count) else { return nil }
        var again = Set(changed)
        var keptBytes = 0
        // Each kept place is moved to one new place at the most (the walk's places are unique).
        var taken = moved.map { _ in [Bool](repeating: false, count: kept.count) }
        do {
            let keptResults = kept.span
            for place in 0..<count where !again.contains(place) {
                let before = moved.map { $0[place] } ?? place
                if let before, before < keptResults.count, keptResults[before].keepable,
                    taken.map({ !$0[before] }) ?? true
                {
                    keptBytes += keptResults[before].made.bytesRead
                    taken?[before] = true
                } else {
                    again.insert(place)
                    if again.count > 64 { return nil }
                }
            }
        }
        guard budget.take(keptBytes) else { return nil }
        var results: [FileResult]
        if let moved {
            // A place made again below holds an empty result until then; a kept one is swapped
            // out of `kept`, not copied (returned, not appended: an append copied it).
            results = (0..<count).map { place in
                var item = FileResult(FileSkills(), stamp: nil)
                if !again.contains(place), let before = moved[place] { swap(&item, &kept[before]) }
                return item
            }
            kept = []
        } else {
            results = kept
            kept = []
        }
        for place in again.sorted() { results[place] = result(place) }
        return results
    }

    /// What one file made, with the file's stamp when it was read.
    struct FileResult: Sendable {
        var made: FileSkills
        var stamp: ContentStamp?
        /// Whether the result stands while the file's stamp does: it depends on the file's bytes
        /// alone, and they were stamped. Kept apart: asked of 10,000 results a load, reading it
        /// through the stamp copied each result whole.
        private(set) var keepable: Bool

        init(_ made: FileSkills, stamp: ContentStamp?) {
            self.made = made
            self.stamp = stamp
            keepable = made.standalone && stamp != nil
        }
    }

    struct FileSkills: Sendable {
        package var skills: [Skill] = []
        /// `skills` whose text fields passed `SkillText.check` (cleaned), and those that did not.
        package var checked: [Skill] = []
        package var failed: [Skill] = []
        /// Skills from SUSI `.txt` files: their page names are settled after all are read.
        var susiSkills: [Skill] = []
        package var diagnostics: [Diagnostic] = []
        /// The bytes the file took from the read budget.
        var bytesRead = 0
        /// Whether what the file defines depends on its bytes alone (not on the folders around
        /// it, as a SUSI checkout's documents and skills do), so it can be kept between loads.
        var standalone = false
    }

    /// The skills one file defines (a getSkillList response defines several).
    static func readSkills(
        _ file: ContentFile, contentPath: String, root: URL, source: ContentSource,
        budget: ReadBudget = ReadBudget(), _ log: inout DiagnosticLog
    ) -> FileSkills {
        let ext = file.pathExtension.lowercased()
        if ext == "txt" {
            var susi = SusiRepositoryReader()
            susi.read(
                file, contentPath: contentPath, id: String(file.relativePath.dropLast(4)), source: source,
                budget: budget, &log)
            return FileSkills(susiSkills: susi.skills)
        }
        guard ext == "md" || ext == "json" else { return FileSkills() }
        let id = String(file.relativePath.dropLast(ext.count + 1))
        // By path: a URL made and read back per file was a few percent of loading.
        guard let text = SourceText.read(path: file.path, from: source, displayPath: file.displayPath, &log) else {
            return FileSkills()
        }
        guard budget.take(text.utf8.count) else {
            log.append(budget.exceeded(file.displayPath))
            return FileSkills()
        }
        if let control = ControlCharacters.first(in: text) {
            log.append(ControlCharacters.error(control, path: file.displayPath))
            return FileSkills()
        }
        var result = FileSkills()
        if ext == "md" {
            if SusiLayout.isCheckoutDocument(text, contentPath: contentPath, root: root, source: source) {
                return FileSkills()
            }
            result.skills =
                MarkdownSkillReader.read(text, id: id, displayPath: file.displayPath, &log).map { [$0] } ?? []
            // Front matter first: `isCheckoutDocument` decided without looking around the file.
            result.standalone = text.hasPrefix("---\n") || text.hasPrefix("---\r\n")
        } else {
            result.skills = JSONSkillReader.read(text, id: id, displayPath: file.displayPath, &log)
            result.standalone = true
        }
        result.bytesRead = text.utf8.count
        return result
    }
}

/// What earlier loads read, for a kept build (`LiveSite`): each standalone skill file's result
/// with the stamp it had, and the rating files' merged sources with theirs.
public struct ParsedContent: Sendable {
    /// The skill files as a load listed them, and what each made, in the listing's order.
    struct SkillListing: Sendable {
        var listing: SkillFolder.Listing
        /// What listing them said.
        var diagnostics: [Diagnostic]
        var results: [ContentLoader.FileResult] = []

        init(listing: SkillFolder.Listing, diagnostics: [Diagnostic]) {
            self.listing = listing
            self.diagnostics = diagnostics
        }

        /// The results, leaving none: the caller holds them alone.
        mutating func takeResults() -> [ContentLoader.FileResult] {
            defer { results = [] }
            return results
        }

        /// What the file at `path` made and its stamp then, when that depends on its bytes alone.
        func standalone(_ path: String) -> (stamp: ContentStamp, result: ContentLoader.FileSkills)? {
            guard let place = listing.place(of: path), results.indices.contains(place), results[place].keepable,
                let stamp = results[place].stamp
            else { return nil }
            return (stamp, results[place].made)
        }

        /// Whether a listing made now would be this one, when `changed` names every path changed
        /// since: every changed path in the listed folders is a file listed then, and still a
        /// file (not gone, not a link or folder now). A new, removed or renamed file lists again.
        func stands(after changed: Set<String>, in location: ContentLocation) -> Bool {
            let folders = SkillFolder.folders(in: location).map(\.path)
            return changed.allSatisfy { path in
                let inside = folders.contains { ParsedContent.path(path, touches: $0) }
                return !inside || (listing.place(of: path) != nil && location.source.status(path, false) == .file)
            }
        }
    }

    struct Ratings: Sendable {
        var stamps: [RatingStamp]
        var read: RatingsRead
        var diagnostics: [Diagnostic]
        /// `read.sources()` as it was before the skills of `touched` gained the votes
        /// `votesAdded` (`RatingsRead.sources(patching:)` makes them anew).
        var sources: RatingSources?
        var touched: Set<String> = []
        var votesAdded = 0

        /// `read.sources()`, made again only for the skills that changed since they were.
        var current: RatingSources {
            guard let sources else { return read.sources() }
            if touched.isEmpty { return sources }
            return read.sources(patching: sources, touched: touched, votesAdded: votesAdded)
        }

        /// These ratings with `appended` joined, when those appends account for every change
        /// of the rating files since they were read (nil otherwise: the files are read again).
        /// Votes merge in file order, so a line added to a log before others joins the votes
        /// after theirs; that gives the same counts only when no later log holds a vote of the
        /// same user (checked in their bytes), and the same first sighting of the skill only
        /// when a later log did not have it first.
        consuming func advanced(
            by appended: [AppendedVotes], to now: [RatingStamp], files: [ContentFile],
            changed: Set<String>, source: ContentSource
        ) -> Ratings? {
            guard let path = appended.first?.path, appended.allSatisfy({ $0.path == path }), now.count == stamps.count,
                let grownIndex = now.firstIndex(where: { $0.path == path }),
                files[grownIndex].url.pathExtension.lowercased() == "jsonl"
            else { return nil }
            for (before, after) in zip(stamps, now) where after.path != path {
                guard before == after, after.stamp != nil, !changed.contains(after.path) else { return nil }
            }
            guard var stamp = stamps[grownIndex].stamp, let grown = now[grownIndex].stamp, stamp != grown,
                let size = grown.size, size <= InputLimits.ratingFileBytes,
                appended.contains(where: { $0.before == stamp })
            else { return nil }
            let laterLogs = files[(grownIndex + 1)...].filter { $0.url.pathExtension.lowercased() == "jsonl" }
            // A voter no log named yet (a new visitor, most of a serve's votes) has no vote in a
            // later log: those logs were read whole, every user of theirs is known.
            let users = appended.compactMap(\.user).filter { read.events.knows(user: $0) }
            if !users.isEmpty {
                for log in laterLogs {
                    guard let bytes = try? source.read(log.url.path, InputLimits.ratingFileBytes),
                        !Self.mayHold(users, bytes)
                    else { return nil }
                }
            }
            // Appends arrive in any order, each saying which version of the file it grew.
            var pending = appended
            while stamp != grown {
                guard let next = pending.firstIndex(where: { $0.before == stamp }) else { return nil }
                let append = pending.remove(at: next)
                guard
                    let changed = read.append(
                        append.lines, path: files[grownIndex].displayPath, skill: append.skill,
                        laterLogs: laterLogs.map(\.displayPath))
                else { return nil }
                touched.formUnion(changed.skills)
                votesAdded += changed.votesAdded
                stamp = append.after
            }
            guard pending.isEmpty else { return nil }
            stamps = now
            return self
        }

        /// Whether `bytes` may hold a vote of one of `users`: it names one, or escapes
        /// characters in strings (an escaped name is not found by its bytes).
        private static func mayHold(_ users: [String], _ bytes: Data) -> Bool {
            let bytes = bytes.span
            guard !contains(bytes, UInt8(ascii: "\\"), from: 0) else { return true }
            return users.contains { user in
                let name = user.utf8.span
                guard !name.isEmpty else { return true }
                var from = 0
                while let at = firstIndex(of: name[0], in: bytes, from: from), at + name.count <= bytes.count {
                    var matches = true
                    for k in 1..<name.count where bytes[at + k] != name[k] {
                        matches = false
                        break
                    }
                    if matches { return true }
                    from = at + 1
                }
                return false
            }
        }

        private static func contains(_ bytes: Span<UInt8>, _ byte: UInt8, from: Int) -> Bool {
            firstIndex(of: byte, in: bytes, from: from) != nil
        }

        private static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from: Int) -> Int? {
            var i = from
            while i < bytes.count {
                if bytes[i] == byte { return i }
                i += 1
            }
            return nil
        }
    }

    /// What the skill files made, listed, read and checked, as the last load left it.
    struct Skills: Sendable {
        var skills: [Skill]
        var diagnostics: [Diagnostic]
        var filesListed: Int
        /// Each skill's place in `skills`, by id, once a vote needed it.
        var places: [String: Int]?
    }

    /// Whether a change at `path` (a watcher's event) may change what is in `folder`: the path
    /// is the folder, lies in it, or holds it.
    package static func path(_ path: String, touches folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/") || folder.hasPrefix(path + "/")
    }

    /// The skill files as the last load listed and read them.
    var listing: SkillListing?
    /// The last load's skills, for a load after a change of rating files alone.
    var skills: Skills?
    var ratings: Ratings?
    /// The last load's ratings matched to its skills.
    var matched: MatchedRatings?
    /// Each skill id's page key, for `SkillValidator` (making them was a Slug per skill per load).
    var pageKeys: [String: String]? = [:]
    /// The skills the last `SkillValidator` check found nothing to say about (`SkillValidator.Clean`).
    var clean: SkillValidator.Clean?
    /// Whether the skill files' stamps are taken, for a next load to compare: not after a
    /// one-off load, where a `stat` of every file read was a few percent of loading.
    var stampsSkills = true

    public init() {}
}

struct RatingStamp: Sendable, Equatable {
    var path: String
    var stamp: ContentStamp?
}

/// Lines a writer appended to a vote log, known exactly: the file's stamp before and after the
/// append, and the lines, each ending in a newline.
public struct AppendedVotes: Sendable, Equatable {
    /// The file's path (`URL.path`).
    public var path: String
    /// One vote's line, and its skill and user.
    var lines: String
    var skill: String
    var user: String?
    var before: ContentStamp
    var after: ContentStamp

    package init(path: String, lines: String, skill: String, user: String?, before: ContentStamp, after: ContentStamp) {
        self.path = path
        self.lines = lines
        self.skill = skill
        self.user = user
        self.before = before
        self.after = after
    }
}
