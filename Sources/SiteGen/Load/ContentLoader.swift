import Foundation

/// Where a build reads from.
public struct ContentLocation: Sendable {
    public var root: URL
    /// How to show the root in messages (what the user typed, e.g. `Content`).
    public var display: String

    public init(root: URL, display: String? = nil) {
        self.root = root
        self.display = display ?? root.path
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
    public static func load(_ location: ContentLocation, baseURLOverride: String? = nil) -> LoadedContent {
        var log = DiagnosticLog()
        var config = SiteConfigReader.read(location, &log)
        if let baseURLOverride {
            if let base = SiteConfigReader.normalizedBaseURL(baseURLOverride) {
                config.baseURL = base
            } else {
                log.error("--base-url", "`\(baseURLOverride)` is not an http(s) URL or a path starting with `/`")
            }
        }
        if !FileManager.default.fileExists(atPath: location.root.path) {
            log.error(location.display, "content folder not found; pass --content DIR or run from the folder that holds Content/")
        }

        // Skill files are independent: read them on all cores, then merge in path order.
        let listing = SkillFolder.list(location, &log)
        let perFile = listing.files.parallelMap { file -> FileSkills in
            var fileLog = DiagnosticLog()
            var result = readSkills(file, contentPath: listing.contentPrefix + file.relativePath, root: location.root, &fileLog)
            result.diagnostics = fileLog.items
            return result
        }
        var skills: [Skill] = []
        var susiSkills: [Skill] = []
        for result in perFile {
            skills.append(contentsOf: result.skills)
            susiSkills.append(contentsOf: result.susiSkills)
            log.append(contentsOf: result.diagnostics)
        }
        skills += SusiPageNames.assign(susiSkills, avoiding: skills, &log)
        skills = SkillValidator.check(skills, location: location, &log)

        let ratingFiles = ContentFile.list(in: location.ratings, display: location.display + "/ratings", &log)
        let sources = RatingReader.read(files: ratingFiles, &log)
        let ratings = RatingMatcher.match(skills: skills, sources: sources, ratingsDisplay: location.display + "/ratings", &log)

        return LoadedContent(config: config, skills: skills, ratings: ratings, diagnostics: log.items.sorted(),
                             ratingFilesRead: sources.filesRead, votesRead: sources.votesRead)
    }

    struct FileSkills: Sendable {
        var skills: [Skill] = []
        /// Skills from SUSI `.txt` files: their page names are settled after all are read.
        var susiSkills: [Skill] = []
        var diagnostics: [Diagnostic] = []
    }

    /// The skills one file defines (a getSkillList response defines several).
    static func readSkills(_ file: ContentFile, contentPath: String, root: URL, _ log: inout DiagnosticLog) -> FileSkills {
        let ext = (file.relativePath as NSString).pathExtension.lowercased()
        if ext == "txt" {
            var susi = SusiRepositoryReader()
            susi.read(file, contentPath: contentPath, id: String(file.relativePath.dropLast(4)), &log)
            return FileSkills(susiSkills: susi.skills)
        }
        guard ext == "md" || ext == "json" else { return FileSkills() }
        let id = String(file.relativePath.dropLast(ext.count + 1))
        guard let text = SourceText.read(file.url, displayPath: file.displayPath, &log) else { return FileSkills() }
        if ext == "md" {
            if SusiLayout.isCheckoutDocument(text, contentPath: contentPath, root: root) { return FileSkills() }
            return FileSkills(skills: MarkdownSkillReader.read(text, id: id, displayPath: file.displayPath, &log).map { [$0] } ?? [])
        }
        return FileSkills(skills: JSONSkillReader.read(text, id: id, displayPath: file.displayPath, &log))
    }
}
