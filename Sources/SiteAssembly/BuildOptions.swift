import CatalogueModel
import ContentLoading
import Foundation
import MustacheCompiler
import PageRendering

/// What `sitegen build` and `sitegen check` are asked to do.
public struct BuildOptions: Sendable {
    public var content: ContentLocation
    /// A templates folder; nil uses the built-in theme alone.
    public var templates: URL?
    public var templatesDisplay: String
    public var output: URL
    public var outputDisplay: String
    public var baseURL: String?
    /// Treat warnings as errors.
    public var strict: Bool
    /// Shown as "Updated …"; nil shows no date (the clock is never read).
    public var buildDate: BuildDate?
    /// Replace an output folder that sitegen did not write (it has no `.sitegen` mark).
    public var force: Bool
    /// Renders with another engine made from the theme's sources instead of the compiled
    /// templates: tests build whole sites with swift-mustache to compare. Nil in sitegen itself.
    public var templateEngine: (@Sendable (Theme) -> any TemplateEngine)?
    /// Votes read from the ratings database (`RatingsDatabase.read`), counted with the rating files.
    public var recordedVotes: RecordedVotes?
    /// Where sized copies of images are kept for the next build (`ImageCache`); nil keeps none
    /// on disk. The command line's is `.sitegen-cache/` beside the content folder.
    public var imageCache: URL?
    /// False hands what the build made (the catalogue, the theme, the plan) to the process
    /// instead of freeing it when the build ends: for a command that exits right after, as clang
    /// does with `-disable-free`. Freeing it is one thread's work at the end of every build,
    /// about a tenth of a second at 10,000 skills. A build that fails frees it either way.
    public var freesMemory = true
    /// About how many plan items (pages, API files, badges) a batch renders, checks and writes:
    /// tests set a few, so that a small site is built in many batches.
    package var batchSize = 256
    /// Replaces the files the plan makes besides the pages (sitemap, feed, assets) before they
    /// are checked and written. The plan makes the sitemap and feed from the page paths, so no
    /// content can break a link in them: tests put one there to prove the check reads them.
    /// Nil in sitegen itself.
    package var otherFiles: (@Sendable ([OutputFile]) -> [OutputFile])?

    public init(
        content: ContentLocation, templates: URL?, templatesDisplay: String = "Templates", output: URL,
        outputDisplay: String? = nil, baseURL: String? = nil, strict: Bool = false, buildDate: BuildDate? = nil,
        force: Bool = false
    ) {
        self.content = content
        self.templates = templates
        self.templatesDisplay = templatesDisplay
        self.output = output
        self.outputDisplay = outputDisplay ?? output.path
        self.baseURL = baseURL
        self.strict = strict
        self.buildDate = buildDate
        self.force = force
    }
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {

    public var skills: Int
    public var groups: Int
    /// HTML pages written.
    public var pages: Int
    /// All files written (pages, assets, images).
    public var files: Int
    public var votesRead: Int
    public var ratingFiles: Int
    public var warnings: [Diagnostic]
    public var seconds: Double
    /// Seconds per named stage, in the order they ran (`StageTimes.Stage`).
    public var stages: [(name: String, seconds: Double)]
    /// Things worth knowing that are not problems ("skill pages have no rating form").
    public var notes: [String] = []
    /// Files that were already in the output with the same bytes: kept, with their modification
    /// time, instead of written again.
    public var unchangedFiles = 0
    /// What was built, for `sitegen serve` (the rating receiver checks votes against it).
    public var catalogue: Catalogue?
    /// The ratings database the votes also came from, as messages name it.
    public var ratingsDatabase: String?
    /// Local images sized by the encoder in this build, and those whose copies all came from the cache.
    public var imagesMade = 0
    public var imagesReused = 0

    public var summary: String {
        "Built \(count(skills, "skill")) in \(count(groups, "group")): \(count(pages, "page")) (\(count(files, "file"))), "
            + "\(count(votesRead, "rating")) read from \(sources)\(imagesPart), in \(String(format: "%.2f", seconds)) s"
    }

    /// `, 27 images sized (3 made, 24 from the cache)`, when the site has local images to size.
    private var imagesPart: String {
        let total = imagesMade + imagesReused
        guard total > 0 else { return "" }
        return ", \(count(total, "image")) sized (\(imagesMade) made, \(imagesReused) from the cache)"
    }

    /// `4 files`, or `4 files and Content/votes.sqlite`.
    private var sources: String { count(ratingFiles, "file") + (ratingsDatabase.map { " and " + $0 } ?? "") }

    /// The line `sitegen check` ends with: what was read and rendered, and that nothing was written.
    public var checkSummary: String {
        let warnings = self.warnings.count
        return
            "Checked \(count(skills, "skill")) and \(count(votesRead, "rating")), \(count(pages, "page")) rendered and "
            + "link-checked: no errors" + (warnings > 0 ? ", \(count(warnings, "warning"))" : "")
    }

    /// What `--verbose` prints after the summary: each stage's time on a line of its own, then the total.
    public var stageLines: [String] {
        let width = stages.map(\.name.count).max() ?? 0
        func line(_ name: String, _ seconds: Double) -> String {
            "  " + name.padding(toLength: max(width, 5), withPad: " ", startingAt: 0)
                + String(format: " %7.3f s", seconds)
        }
        return stages.map { line($0.name, $0.seconds) } + [line("total", seconds)]
    }

    private func count(_ n: Int, _ noun: String) -> String { SiteRenderer.count(n, noun) }
}

extension BuildReport {
    /// A good build's report: the full build's and the kept site's (`LiveSite`), made in one place
    /// so the two say the same. `notes` come first; the absent rating form's note follows.
    package init(
        catalogue: Catalogue, loaded: LoadedContent, options: BuildOptions, pages: Int, files: Int, unchanged: Int,
        log: DiagnosticLog, notes: [String] = [], seconds: Double, stages: [(name: String, seconds: Double)],
        images: (made: Int, reused: Int)
    ) {
        self.init(
            skills: catalogue.entries.count, groups: catalogue.groups.count, pages: pages, files: files,
            votesRead: catalogue.ratingCount, ratingFiles: loaded.ratingFilesRead,
            warnings: log.items.filter { $0.severity == .warning }.sorted(), seconds: seconds, stages: stages)
        self.catalogue = catalogue
        ratingsDatabase = options.recordedVotes?.display
        unchangedFiles = unchanged
        imagesMade = images.made
        imagesReused = images.reused
        self.notes = notes + (catalogue.config.ratingForm == nil ? [RatingFormConfig.absentNote] : [])
    }
}

extension OutputFolder {
    /// Why the build may not replace `options.output`, if it may not.
    static func problem(for options: BuildOptions) -> Diagnostic? {
        problem(
            output: options.output, display: options.outputDisplay,
            protected: [options.content.root, options.templates].compactMap { $0 }, force: options.force)
    }
}
