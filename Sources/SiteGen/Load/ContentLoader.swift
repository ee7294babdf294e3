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

        var skills: [Skill] = []
        var susi = SusiRepositoryReader()
        let listing = SkillFolder.list(location, &log)
        for file in listing.files {
            let ext = (file.relativePath as NSString).pathExtension.lowercased()
            let contentPath = listing.contentPrefix + file.relativePath
            if ext == "txt" {
                susi.read(file, contentPath: contentPath, id: String(file.relativePath.dropLast(4)), &log)
                continue
            }
            guard ext == "md" || ext == "json" else { continue }
            let id = String(file.relativePath.dropLast(ext.count + 1))
            guard let text = SourceText.read(file.url, displayPath: file.displayPath, &log) else { continue }
            if ext == "md", SusiLayout.isCheckoutDocument(text, contentPath: contentPath, root: location.root) { continue }
            if ext == "md" {
                if let skill = MarkdownSkillReader.read(text, id: id, displayPath: file.displayPath, &log) { skills.append(skill) }
            } else {
                skills.append(contentsOf: JSONSkillReader.read(text, id: id, displayPath: file.displayPath, &log))
            }
        }
        skills += SusiPageNames.assign(susi.skills, avoiding: skills, &log)
        skills = SkillValidator.check(skills, location: location, &log)

        let ratingFiles = ContentFile.list(in: location.ratings, display: location.display + "/ratings", &log)
        let sources = RatingReader.read(files: ratingFiles, &log)
        let ratings = RatingMatcher.match(skills: skills, sources: sources, ratingsDisplay: location.display + "/ratings", &log)

        return LoadedContent(config: config, skills: skills, ratings: ratings, diagnostics: log.items.sorted(),
                             ratingFilesRead: sources.filesRead, votesRead: sources.votesRead)
    }
}
