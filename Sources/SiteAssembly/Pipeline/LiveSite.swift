import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// The pipeline, and the site it keeps between builds. `run` takes the stages in order: load →
/// theme → model and statistics → render setup → plan → render and link check, a batch at a
/// time → write. A full build (`SiteBuilder`) is a live site with nothing kept, run once into a
/// folder, a sink or nowhere.
///
/// Kept (`apply`, for `sitegen serve` and `collect`), after an edit or a vote only the files
/// whose inputs changed are read, rendered and link-checked again, and the result is the same,
/// byte for byte, as a full build of the same content (`LiveSiteTests`). It holds what the last
/// good build produced: each content file's parse result with its stamp (`ParsedContent`), the
/// renderer (description summaries) and cards, and per output path the page's inputs key and its
/// bytes. A page is rendered again only when its key differs; a change of templates or settings
/// renders everything. A failed build leaves the kept site as it was, as a failed full build
/// leaves `Public/`.
public struct LiveSite: Sendable {
    /// The site's files, path → bytes, as the last good build made them.
    public internal(set) var files: [String: Data] = [:]
    var parsed = ParsedContent()
    var last: Built?
    /// Whether the last `apply` made a good build: then its load is the one `last` was made of.
    var lastApplied = false
    /// The theme as last loaded, good build or not, with what loading it said.
    var loadedTheme: LoadedTheme?
    /// What the last run found of each image, with its copies: under `serve`, an image file that
    /// did not change is not read and hashed again on every rebuild.
    var imageMemo = ImageStage.Memo()

    struct LoadedTheme: Sendable {
        var theme: Theme
        var diagnostics: [Diagnostic]
        var language: String
        var folder: URL?
    }

    /// What a good build leaves for the next.
    struct Built: Sendable {
        var theme: Theme
        var renderer: SiteRenderer
        var cards: CardCache
        var sitemap: Sitemap.Made
        var outline: SiteRenderer.Outline
        var buildDate: BuildDate?
        /// The inputs of the plan's pages and generated files, in the order of its outline.
        var keys: Keys
        /// By template: the site-wide values it reaches.
        var siteValues: [String: [String]]
        var site: SitePaths
        var catalogue: Catalogue
        var sizedImages: SizedImages
        /// Every path of the site, claimed.
        var paths: OutputPaths
        /// By page (HTML and XML files): where its links lead.
        var linkTargets: [String: LinkTargets]
    }

    /// A page's or generated file's inputs besides the site-wide values its template reaches
    /// (compared once per template): its template (empty for files) and its own key.
    struct FileKey: Sendable, Equatable {
        var template: String
        var key: PageKey
    }

    /// Every planned page's and generated file's inputs, in the plan's order (`Outline`).
    struct Keys: Sendable {
        var pages: [FileKey]
        var files: [FileKey]

        static let none = Keys(pages: [], files: [])
    }

    /// What one `apply` changed.
    public struct Update: Sendable {
        public var report: BuildReport
        /// Paths whose bytes are new or different, sorted.
        public var written: [String]
        /// Paths the site no longer has, sorted.
        public var removed: [String]
        /// Pages and generated files rendered again (the others kept their bytes).
        public var rendered: Int
        /// Whether everything was rendered (the first build, or templates or settings changed).
        public var whole: Bool
    }

    /// Where a run's files go.
    enum Destination {
        /// Nowhere: `sitegen check`.
        case nowhere
        /// The staging folder beside `options.output`, made once everything before the write succeeded.
        case folder
        case sink(any OutputSink)
        /// `files`, with all the next run reuses kept beside them.
        case kept

        var keeps: Bool {
            if case .kept = self { true } else { false }
        }

        /// Whether nothing is written anywhere, not even the image cache (`sitegen check`).
        var isNowhere: Bool {
            if case .nowhere = self { true } else { false }
        }

        /// Whether the site goes to the output folder (`sitegen build`).
        var writesFolder: Bool {
            if case .folder = self { true } else { false }
        }
    }

    public init() {}

    /// The catalogue of the last good build.
    public var catalogue: Catalogue? { last?.catalogue }

    /// The renderer of the last good build, for pages made on request (search results).
    public var renderer: SiteRenderer? { last?.renderer }

    /// Builds the site from `options`' content, reusing what did not change since the last good
    /// build. Paths in `changed` are read again even when their stamp looks the same; votes in
    /// `appended` are counted without reading their file again (`ContentLoader.load`). With
    /// `changedOnly`, `changed` names every file changed since the last `apply` (inotify's
    /// events): the others are not looked at.
    /// On failure the kept site stays as it was.
    /// - Parameter early: given the page of the skill whose file changed as soon as it is made,
    ///   before the rest of the site is planned and rendered (a name shows on listings, group
    ///   pages and other skills' related lists, but the author is looking at one page). The page
    ///   is the one the build ends with, unless the build fails.
    @discardableResult
    public mutating func apply(
        _ options: BuildOptions, changed: Set<String> = [], changedOnly: Bool = false,
        appended: [AppendedVotes] = [], early: ((_ path: String, _ page: Data) -> Void)? = nil
    ) throws(BuildFailure) -> Update {
        try run(options, into: .kept, changed: changed, changedOnly: changedOnly, appended: appended, early: early)
    }

    /// The one run of the stages, for a full build and a kept site alike.
    mutating func run(
        _ options: BuildOptions, into destination: Destination, changed: Set<String> = [],
        changedOnly: Bool = false, appended: [AppendedVotes] = [],
        early: ((_ path: String, _ page: Data) -> Void)? = nil
    ) throws(BuildFailure) -> Update {
        let started = ContinuousClock.now
        let keeps = destination.keeps
        // What the load says changed since the last load is what changed since `last` only when
        // the last load made it.
        let lastLoadBuilt = lastApplied
        lastApplied = false
        var times = StageTimes()
        // One log for every stage: whatever ends the build reports all that was found before it.
        var log = DiagnosticLog()

        var loaded = times.time(.load) {
            load(options, keeps: keeps, changed: changed, changedOnly: changedOnly, appended: appended)
        }
        log.append(contentsOf: loaded.diagnostics)
        let images = times.time(.images) {
            sizeImages(&loaded, options, destination, changed: changedOnly ? changed : nil, &log)
        }
        // Which images are sized, and which refused, is in every card: a change renders everything.
        let sameImages = last?.sizedImages.showsLike(images.sized) ?? false
        let (theme, sameTheme) = times.time(.templates) {
            self.theme(options, language: loaded.config.language, changed: changedOnly ? changed : nil, &log)
        }
        if case .folder = destination, let problem = OutputFolder.problem(for: options) { log.append(problem) }
        try SiteBuilder.fail(on: log.items, strict: options.strict)

        let catalogue = times.time(.model) { model(loaded, theme: theme, patching: lastLoadBuilt && sameImages) }
        if !keeps { loaded.dropModelInputs() }
        // Everything renders again when anything every page depends on changed.
        var kept = last.flatMap { last in
            sameTheme && sameImages && last.catalogue.config == catalogue.config
                && last.buildDate == options.buildDate ? last : nil
        }
        var renderer = times.time(.renderSetup) {
            SiteRenderer(
                catalogue: catalogue, theme: theme, contentRoot: options.content.root, reusing: last?.renderer,
                keeps: keeps)
        }
        renderer.sizedImages = images.sized
        if let early, changedOnly, let index = Self.editedSkill(changed, in: catalogue, options),
            let page = times.time(.render, { firstPage(index, renderer: renderer, theme: theme, kept: &kept) })
        {
            early(page.path, page.data)
        }
        var planned = times.time(.plan) { plan(options, renderer: &renderer, kept: &kept, keeps: keeps, &log) }
        let existing = planned.site.existing
        let removed = removed(planned.site, samePaths: planned.samePaths)
        var sink: (any OutputSink)?
        let made: BatchedRender.Made
        let jobs: Jobs
        let known: Background<KnownPaths>
        let render: BatchedRender
        var written: [String] = []
        var paths = OutputPaths()
        do {
            try SiteBuilder.fail(on: log.items, strict: options.strict)
            known = planned.knownPaths(indexFile: catalogue.urls.indexFile)
            jobs = self.jobs(of: &planned, renderer: renderer, kept: kept, keeps: keeps, &times)
            render = BatchedRender(
                options: options, renderer: renderer, plan: planned.plan, staticFiles: planned.staticFiles,
                known: known, existing: existing, removed: removed, keptSitemap: kept?.sitemap)
            sink = try destination.sink(options, &times)
            do {
                // The kept bytes, in a scope of their own: held on to, `keep` would copy them whole.
                let keptFiles = kept == nil ? nil : files
                var found = try render.run(
                    jobs.pages, then: jobs.files, into: sink, keeping: keeps, kept: keptFiles, &times)
                found.broken += times.time(.linkCheck) {
                    render.checkKept(found, kept: keptFiles, linkTargets: last?.linkTargets)
                }
                made = found
            }
            log.append(contentsOf: LinkCheck.diagnostics(broken: made.broken, outputDisplay: options.outputDisplay))
            try SiteBuilder.fail(on: log.items, strict: options.strict)
            if let sink { try times.time(.write) { try sink.commit() } }
            if keeps {
                (written, paths) = try times.time(.write) {
                    try keep(made.files, planned: planned, removed: removed, from: options.content.source)
                }
            }
        } catch {
            sink?.discard()
            if planned.patched {
                planned.site.unpatch()
                putBack(planned.site, known: planned.lastKnown)
            }
            throw error.failure(log, options)
        }
        let seconds = (ContinuousClock.now - started).seconds
        // A kept site counts its whole site; a one-shot build what it made and what its sink kept.
        let (pages, fileCount, unchanged, notes) =
            keeps
            ? (planned.site.pageCount, existing.count, existing.count - written.count, [images.note])
            : (made.pageCount, made.fileCount, sink?.unchanged ?? 0, [images.note, sink?.note])
        let update = Update(
            report: BuildReport(
                catalogue: catalogue, loaded: loaded, options: options, pages: pages, files: fileCount,
                unchanged: unchanged, log: log, notes: notes.compactMap { $0 }, seconds: seconds, stages: times.stages,
                images: (images.made, images.reused)),
            written: written.sorted(), removed: removed.sorted(), rendered: jobs.pages.count + jobs.files.count,
            whole: kept == nil)
        if destination.writesFolder { Self.prune(images, options) }
        guard keeps else {
            if !options.freesMemory { ProcessLifetime.keep((loaded, theme, renderer, planned, known, sink)) }
            return update
        }
        let linkTargets = keptTargets(made, removed: removed, render: render, kept: &kept)
        let built = Built(
            theme: theme, renderer: renderer, cards: planned.plan.cards, sitemap: planned.plan.sitemap,
            outline: planned.plan.outline, buildDate: options.buildDate, keys: jobs.keys, siteValues: jobs.siteValues,
            site: planned.keptSite(known: known.wait()), catalogue: catalogue, sizedImages: images.sized, paths: paths,
            linkTargets: linkTargets)
        keep(built, droppingAfter: (kept.take(), consume planned))
        return update
    }

    /// Keeps `built` for the next run. The caller's references go first, so the last ones (of
    /// the previous build, and `done` with) are dropped on the queue.
    private mutating func keep(_ built: Built, droppingAfter done: sending some Sendable) {
        let previous = last.take()
        last = built
        LaterRelease.drop((consume previous, done))
        lastApplied = true
    }

    /// The image stage. With `changed` (what inotify named), a file not in it is as the last
    /// run found it.
    private mutating func sizeImages(
        _ loaded: inout LoadedContent, _ options: BuildOptions, _ destination: Destination, changed: Set<String>?,
        _ log: inout DiagnosticLog
    ) -> ImageStage.Output {
        let root = options.content.root
        return ImageStage.run(
            &loaded, location: options.content,
            cache: ImageCache(folder: options.imageCache, stores: !destination.isNowhere), memo: &imageMemo,
            unchanged: { path in changed.map { !$0.contains(root.appendingPathComponent(path).path) } ?? false },
            &log)
    }

    /// Prunes the image cache to this build's images. Only after images were sized: without
    /// libvips the cache is kept for when it is back, and a site without images never loads
    /// libvips to name its folder.
    private static func prune(_ images: ImageStage.Output, _ options: BuildOptions) {
        guard !images.cacheKeys.isEmpty else { return }
        ImageCache(folder: options.imageCache).prune(keeping: images.cacheKeys)
    }

    /// The entry of the skill a changed path holds on its own (a skill file, not a list).
    private static func editedSkill(_ changed: Set<String>, in catalogue: Catalogue, _ options: BuildOptions) -> Int? {
        let skills = options.content.root.appendingPathComponent("skills").path + "/"
        guard changed.count <= 4 else { return nil }
        for path in changed.sorted() where path.hasPrefix(skills) {
            var id = Substring(path.dropFirst(skills.count))
            guard let dot = id.lastIndex(of: "."), !id[dot...].contains("/") else { continue }
            id = id[..<dot]
            if let index = catalogue.entries.firstIndex(where: { $0.skill.id == id }) { return index }
        }
        return nil
    }

    /// The skill page of entry `index`, made as the plan will make it: with the kept build's
    /// cards brought up to date, which the plan then reuses. Nil when nothing is kept (the
    /// theme or the settings changed: everything renders anyway) or it cannot be rendered.
    private func firstPage(
        _ index: Int, renderer: SiteRenderer, theme: Theme, kept: inout Built?
    ) -> (path: String, data: Data)? {
        guard let previous = kept else { return nil }
        let cards = CardCache(renderer: renderer, engine: theme.engine, reusing: previous.cards, cutsDated: true)
        kept?.cards = cards
        let entry = renderer.catalogue.entries[index]
        var bytes: [UInt8] = []
        guard
            theme.engine.render(
                templateNamed: "skill", data: renderer.earlySkillPage(index, cards: cards, since: previous.renderer),
                into: &bytes)
        else { return nil }
        return (renderer.catalogue.urls.output(ofPage: entry.path), Data(bytes))
    }

    /// The model stage: the catalogue, with its statistics. After a vote or an edit of a skill
    /// (`patching`, when the last load made `last`), only the touched skills' entries change.
    private func model(_ loaded: LoadedContent, theme: Theme, patching: Bool) -> Catalogue {
        let config = loaded.config.wordsFilled(from: theme.strings)
        if patching, let previous = last?.catalogue, let touched = loaded.touchedSkills,
            let patched = Catalogue(
                skills: loaded.skills, ratings: loaded.ratings, config: config, patching: previous, touched: touched)
        {
            return patched
        }
        return Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: config, reusing: last?.catalogue)
    }

    /// The paths the site no longer has since the last good build.
    private func removed(_ site: SitePaths, samePaths: Bool) -> Set<String> {
        samePaths ? [] : site.went.map(Set.init) ?? Set(files.keys.filter { !site.existing.contains($0) })
    }
}

extension LiveSite.Destination {
    /// Where the render stage hands its batches: made only once everything before succeeded.
    fileprivate func sink(_ options: BuildOptions, _ times: inout StageTimes) throws -> (any OutputSink)? {
        switch self {
        case .nowhere, .kept: nil
        case .sink(let given): given
        case .folder: try times.time(.write) { try OutputFolder.Staging(output: options.output) }
        }
    }
}

extension Error {
    /// What stopped a run, with all the log found before it.
    fileprivate func failure(_ log: DiagnosticLog, _ options: BuildOptions) -> BuildFailure {
        switch self {
        case let failure as BuildFailure: failure
        case let render as BatchedRender.RenderFailure:
            // Links found broken in earlier batches are reported with the render error.
            BuildFailure(
                log.items + LinkCheck.diagnostics(broken: render.broken, outputDisplay: options.outputDisplay)
                    + render.error.diagnostics)
        default: BuildFailure(log.items + [.error(options.outputDisplay, "cannot write the site: \(self)")])
        }
    }
}

extension LoadedContent {
    /// The catalogue holds what the pages show: a build that keeps nothing lets the loaded
    /// tallies go (at 100,000 skills a table of tens of MB) instead of holding them to the end.
    fileprivate mutating func dropModelInputs() {
        LaterRelease.drop((skills, ratings))
        (skills, ratings) = ([], [:])
    }
}
