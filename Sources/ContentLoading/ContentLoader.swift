import CatalogueModel
import Foundation

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

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Load stage: reads `site.yml`, every skill and every rating file; reports all problems at once.
public enum ContentLoader {
    /// - Parameter recordedVotes: votes read from a ratings database, counted with the rating files.
    public static func load(_ location: ContentLocation, baseURLOverride: String? = nil,
                            recordedVotes: RecordedVotes? = nil) -> LoadedContent {
        var kept = ParsedContent()
        return load(location, baseURLOverride: baseURLOverride, recordedVotes: recordedVotes, keeping: &kept)
    }

    /// Loads as `load` does, reusing what `kept` holds of files whose stamp is the same as when
    /// they were read (and that are not in `changed`), and keeping what this load read for the next.
    public static func load(_ location: ContentLocation, baseURLOverride: String? = nil, recordedVotes: RecordedVotes? = nil,
                            keeping kept: inout ParsedContent, changed: Set<String> = []) -> LoadedContent {
        var log = DiagnosticLog()
        var config = SiteConfigReader.read(location, &log)
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
            log.error(location.display, "content folder not found; pass --content DIR or run from the folder that holds Content/")
        case .unreadable(let reason):
            log.error(location.display, "cannot read the content folder: \(String(cString: strerror(reason)))")
        case let other:
            log.error(location.display, "is \(other.kind), not a folder; pass --content the folder that holds skills/, ratings/ and site.yml")
        }

        // Rating files do not depend on skills until they are matched: read them meanwhile.
        let source = location.source
        let ratingFiles = ContentFile.list(in: location.ratings, display: location.display + "/ratings", root: location.root,
                                           source: source, &log)
        // Votes merge across files (a user's later vote replaces an earlier one in another file),
        // so the rating files are kept or read again together.
        let ratingStamps = ratingFiles.map { RatingStamp(path: $0.url.path, stamp: source.stamp($0.url.path)) }
        let keptRatings = kept.ratings.flatMap { ratings in
            recordedVotes == nil && ratings.stamps == ratingStamps && !ratingStamps.contains { $0.stamp == nil || changed.contains($0.path) }
                ? ratings : nil
        }
        let ratingsRead = Background { () -> (RatingSources, [Diagnostic]) in
            if let keptRatings { return (keptRatings.sources, keptRatings.diagnostics) }
            var ratingLog = DiagnosticLog()
            let sources = RatingReader.read(files: ratingFiles, source: source, recorded: recordedVotes, &ratingLog)
            return (sources, ratingLog.items)
        }
        // Skill files are independent: read them on all cores, then merge in path order.
        let listing = SkillFolder.list(location, &log)
        let budget = ReadBudget()
        let keptFiles = kept.skillFiles
        let readFiles = listing.files.parallelMap { file -> (FileSkills, ContentStamp?) in
            let stamp = source.stamp(file.url.path)
            if let stamp, !changed.contains(file.url.path), let known = keptFiles[file.url.path], known.stamp == stamp,
               budget.take(known.result.bytesRead) {
                return (known.result, stamp)
            }
            var fileLog = DiagnosticLog()
            var result = readSkills(file, contentPath: listing.contentPrefix + file.relativePath, root: location.root,
                                    source: source, budget: budget, &fileLog)
            // Text fields are checked here, on all cores; SUSI skills only once they are named.
            for var skill in result.skills {
                if SkillText.check(&skill, &fileLog) { result.checked.append(skill) } else { result.failed.append(skill) }
            }
            result.skills = []
            result.diagnostics = fileLog.items
            return (result, stamp)
        }
        var nextFiles: [String: ParsedContent.SkillFile] = [:]
        nextFiles.reserveCapacity(readFiles.count)
        for (file, (result, stamp)) in zip(listing.files, readFiles) where result.standalone {
            if let stamp { nextFiles[file.url.path] = ParsedContent.SkillFile(stamp: stamp, result: result) }
        }
        kept.skillFiles = nextFiles
        let perFile = readFiles.map(\.0)
        var skills: [Skill] = []
        var failed: [Skill] = []
        var susiSkills: [Skill] = []
        for result in perFile {
            skills.append(contentsOf: result.checked)
            failed.append(contentsOf: result.failed)
            susiSkills.append(contentsOf: result.susiSkills)
            log.append(contentsOf: result.diagnostics)
        }
        // Skills that failed their text check still hold their page names, as they always did.
        let checkedCount = skills.count
        skills += SusiPageNames.assign(susiSkills, avoiding: skills + failed, &log)
        skills = SkillValidator.check(skills, textChecked: checkedCount, location: location, &log)

        let (sources, ratingDiagnostics) = ratingsRead.wait()
        kept.ratings = ParsedContent.Ratings(stamps: ratingStamps, sources: sources, diagnostics: ratingDiagnostics)
        log.append(contentsOf: ratingDiagnostics)
        // An empty catalogue is far more often a wrong --content than a wish; said only when
        // nothing else explains it.
        if skills.isEmpty, !config.allowEmpty, !log.items.contains(where: { $0.severity == .error }) {
            log.error(location.display + "/skills", listing.files.isEmpty
                ? "no skill files found (.md, .json, or SUSI .txt under \(location.display)/skills/); check --content, add a skill, or set `allow_empty: true` in site.yml to build an empty catalogue"
                : "none of the \(listing.files.count.grouped) files here defines a skill; add one, or set `allow_empty: true` in site.yml to build an empty catalogue")
        }
        let ratings = RatingMatcher.match(skills: skills, sources: sources, ratingsDisplay: location.display + "/ratings", &log)

        return LoadedContent(config: config, skills: skills, ratings: ratings, diagnostics: log.items.sorted(),
                             ratingFilesRead: sources.filesRead, votesRead: sources.votesRead)
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
    static func readSkills(_ file: ContentFile, contentPath: String, root: URL, source: ContentSource,
                           budget: ReadBudget = ReadBudget(), _ log: inout DiagnosticLog) -> FileSkills {
        let ext = (file.relativePath as NSString).pathExtension.lowercased()
        if ext == "txt" {
            var susi = SusiRepositoryReader()
            susi.read(file, contentPath: contentPath, id: String(file.relativePath.dropLast(4)), source: source, budget: budget, &log)
            return FileSkills(susiSkills: susi.skills)
        }
        guard ext == "md" || ext == "json" else { return FileSkills() }
        let id = String(file.relativePath.dropLast(ext.count + 1))
        guard let text = SourceText.read(file.url, from: source, displayPath: file.displayPath, &log) else { return FileSkills() }
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
            if SusiLayout.isCheckoutDocument(text, contentPath: contentPath, root: root, source: source) { return FileSkills() }
            result.skills = MarkdownSkillReader.read(text, id: id, displayPath: file.displayPath, &log).map { [$0] } ?? []
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
    struct SkillFile: Sendable {
        var stamp: ContentStamp
        var result: ContentLoader.FileSkills
    }

    struct Ratings: Sendable {
        var stamps: [RatingStamp]
        var sources: RatingSources
        var diagnostics: [Diagnostic]
    }

    /// By the file's path.
    var skillFiles: [String: SkillFile] = [:]
    var ratings: Ratings?

    public init() {}
}

struct RatingStamp: Sendable, Equatable {
    var path: String
    var stamp: ContentStamp?
}
