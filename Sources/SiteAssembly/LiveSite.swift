import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// A site kept in memory between builds, for `sitegen serve`: after an edit or a vote only the
/// files whose inputs changed are read, rendered and link-checked again, and the result is the
/// same, byte for byte, as a full build of the same content (`LiveSiteTests`).
///
/// It holds what the last good build produced: each content file's parse result with its stamp
/// (`ParsedContent`), the renderer (description summaries) and cards, and per output path the
/// page's inputs key and its bytes. A page is rendered again only when its key differs; a change
/// of templates or settings renders everything. A failed build leaves the kept site as it was,
/// as a failed full build leaves `Public/`.
public struct LiveSite: Sendable {
    /// The site's files, path → bytes, as the last good build made them.
    public private(set) var files: [String: Data] = [:]
    private var parsed = ParsedContent()
    private var last: Built?
    /// Whether the last `apply` made a good build: then its load is the one `last` was made of.
    private var lastApplied = false
    /// The theme as last loaded, good build or not, with what loading it said.
    private var loadedTheme: LoadedTheme?

    private struct LoadedTheme: Sendable {
        var theme: Theme
        var diagnostics: [Diagnostic]
        var language: String
        var folder: URL?
    }

    /// What a good build leaves for the next.
    private struct Built: Sendable {
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
        /// Every path of the site, claimed.
        var paths: OutputPaths
        /// By page (HTML and XML files): where its links lead.
        var linkTargets: [String: LinkTargets]
    }

    /// A page's or generated file's inputs besides the site-wide values its template reaches
    /// (compared once per template): its template (empty for files) and its own key.
    private struct FileKey: Sendable, Equatable {
        var template: String
        var key: PageKey
    }

    /// Every planned page's and generated file's inputs, in the plan's order (`Outline`).
    private struct Keys: Sendable {
        var pages: [FileKey]
        var files: [FileKey]
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
    @discardableResult
    public mutating func apply(
        _ options: BuildOptions, changed: Set<String> = [], changedOnly: Bool = false,
        appended: [AppendedVotes] = []
    ) throws(BuildFailure) -> Update {
        let started = ContinuousClock.now
        // What the load says changed since the last load is what changed since `last` only when
        // the last load made it.
        let lastLoadBuilt = lastApplied
        lastApplied = false
        var times = StageTimes()
        var log = DiagnosticLog()
        let source = options.content.source

        let loaded = times.time(.load) {
            ContentLoader.load(
                options.content, baseURLOverride: options.baseURL, recordedVotes: options.recordedVotes,
                keeping: &parsed, changed: changed, changedOnly: changedOnly, appended: appended)
        }
        log.append(contentsOf: loaded.diagnostics)
        var theme = times.time(.templates) { () -> Theme in
            // A change the kernel named that touched no template leaves the theme as it was
            // loaded (reading and compiling it was most of a vote's time for templates).
            if changedOnly, let kept = loadedTheme, kept.language == loaded.config.language,
                kept.folder == options.templates, !Self.touches(changed, folder: options.templates)
            {
                log.append(contentsOf: kept.diagnostics)
                return kept.theme
            }
            var themeLog = DiagnosticLog()
            let theme = options.loadTheme(language: loaded.config.language, &themeLog)
            loadedTheme = LoadedTheme(
                theme: theme, diagnostics: themeLog.items, language: loaded.config.language,
                folder: options.templates)
            log.append(contentsOf: themeLog.items)
            return theme
        }
        let sameTheme = last.map { Self.sameFiles(theme, $0.theme) } ?? false
        if sameTheme, let last {
            theme = last.theme
        } else if let engine = options.templateEngine {
            theme.engine = engine(theme)
        }
        try SiteBuilder.fail(on: log.items, strict: options.strict)

        let catalogue = times.time(.model) { () -> Catalogue in
            let config = loaded.config.wordsFilled(from: theme.strings)
            // After a vote or an edit of a description, only the touched skills' entries change.
            if lastLoadBuilt, let previous = last?.catalogue, let touched = loaded.touchedSkills,
                let patched = Catalogue(
                    skills: loaded.skills, ratings: loaded.ratings, config: config, patching: previous, touched: touched
                )
            {
                return patched
            }
            return Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: config, reusing: last?.catalogue)
        }
        // Everything renders again when anything every page depends on changed.
        var kept = last.flatMap { last in
            sameTheme && last.catalogue.config == catalogue.config && last.buildDate == options.buildDate ? last : nil
        }
        var renderer = times.time(.renderSetup) {
            SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: options.content.root, reusing: last?.renderer)
        }
        // The kept build's paths, when this build patches them (taken out of it), and their table.
        var patched = false
        var lastKnown = last?.site.known
        /// Puts paths taken out of the kept build back, with their table, as they were.
        func putBack(_ site: SitePaths) {
            var site = site
            lastKnown?.existing = site.existing
            site.known = lastKnown
            last?.site = site
        }
        var (plan, staticFiles, site, samePaths, samePlan) = times.time(.plan) {
            () -> (SiteRenderer.Plan, [OutputFile], SitePaths, Bool, Bool) in
            let listedStatic = StaticFiles.list(options.content, &log)
            renderer.buildDate = options.buildDate
            renderer.staticPaths = Set(listedStatic.map(\.relativePath))
            var plan = renderer.plan(
                reusing: kept?.cards, sitemap: kept?.sitemap, since: kept.map { ($0.renderer, $0.outline) },
                cutsDated: true)
            // Left-out skill pages keep their keys only while their template's site-wide values do.
            if let kept,
                !plan.leftOutTemplates.allSatisfy({ kept.siteValues[$0] == renderer.siteValues(reachedFrom: $0) })
            {
                plan = renderer.plan(reusing: kept.cards, sitemap: kept.sitemap, cutsDated: true)
            }
            // Most changes leave the site's paths as they were: then its set is the last one.
            let planned = plan.paths
            let previous = last.flatMap { $0.site.planned == planned ? $0.site : nil }
            // Made only when asked for: a skill that came or went patches the last paths (below).
            var made = previous?.generated
            func generated() -> Set<String> {
                if let made { return made }
                let generated = Set(planned)
                made = generated
                return generated
            }
            var caseless = previous?.caseless
            let staticFiles = StaticFiles.collect(
                listedStatic,
                caselessGenerated: {
                    let made = caseless ?? StaticFiles.caseless(generated())
                    caseless = made
                    return made
                }, &log)
            let staticPaths = staticFiles.map(\.path)
            // No path came or went since the last good build: its paths stand.
            if var previous, previous.staticPaths == staticPaths {
                previous.caseless = caseless
                return (plan, staticFiles, previous, true, true)
            }
            // Patched in place, taken out of the kept build: copying its two sets retained and
            // released 60,000 strings. A failed build puts them back as they were (below).
            if made == nil, last?.site.staticPaths == staticPaths, var site = last?.site {
                last?.site = SitePaths(planned: [], generated: [], staticPaths: [])
                // So does the kept build's copy (never read again in this build): else the sets
                // are shared, and the first path put in copies them whole.
                kept?.site = SitePaths(planned: [], generated: [], staticPaths: [])
                lastKnown = site.known
                site.known = nil
                // The table holds the same set of paths: it lets go while the set is patched.
                lastKnown?.existing = []
                if site.patch(planned: planned) {
                    patched = true
                    return (plan, staticFiles, site, false, false)
                }
                putBack(site)
            }
            var site = SitePaths(planned: planned, generated: generated(), staticPaths: staticPaths)
            site.caseless = caseless
            return (plan, staticFiles, site, false, previous != nil)
        }
        var succeeded = false
        defer {
            if patched, !succeeded {
                site.unpatch()
                putBack(site)
            }
        }
        let existing = site.existing
        try SiteBuilder.fail(on: log.items, strict: options.strict)
        // The site's paths as a table for the link check: made beside the render when they moved.
        let indexFile = catalogue.urls.indexFile
        let laterKnown =
            site.known.map { known in Background { known } }
            ?? lastKnown.flatMap { $0.indexFile == indexFile ? $0 : nil }.map {
                [came = site.came, went = site.went] last in
                Background(sharing: true) { KnownPaths(patching: last, existing: existing, came: came, went: went) }
            }
            ?? Background(sharing: true) { KnownPaths(existing: existing, indexFile: indexFile) }

        // Which pages and generated files to make again.
        func valuesReached(by plan: SiteRenderer.Plan) -> [String: [String]] {
            var values: [String: [String]] = [:]
            for template in Set(plan.jobs.map(\.template)).union(plan.leftOutTemplates) {
                values[template] = renderer.siteValues(reachedFrom: template)
            }
            return values
        }
        var siteValues = valuesReached(by: plan)
        var stale = Self.stale(plan, samePlan: samePlan, siteValues: siteValues, kept: kept)
        if stale == nil {
            // A left-out job's place was not found in the kept outline: every job is made (the paths are the same).
            plan = times.time(.plan) { renderer.plan(reusing: kept?.cards, sitemap: kept?.sitemap, cutsDated: true) }
            siteValues = valuesReached(by: plan)
            stale = Self.stale(plan, samePlan: samePlan, siteValues: siteValues, kept: kept)
        }
        // A plan with every job never lacks a kept key; were it to, everything is made.
        let (keys, pageJobs, fileJobs) = stale ?? Self.everything(plan)
        let isKept = kept != nil

        // Pages are link-checked as they are made, on the cores that render them.
        let linkFree = LinkFreeMarkup(renderer.starRowMarkup)
        let config = catalogue.config
        // A file made again with the bytes the last good build checked (the sitemap and feed are
        // made every time, and rarely change) needs no second look unless paths went away (below).
        func differs(_ file: OutputFile) -> Bool {
            // Links are judged with the settings too: new settings check everything.
            guard isKept, case .data(let data) = file.contents, let before = files[file.path] else { return true }
            return before != data
        }
        let removed = samePaths ? [] : site.went.map(Set.init) ?? Set(files.keys.filter { !existing.contains($0) })
        // The plan made the sitemap and feed: they are checked while the pages render (the
        // sitemap's 13,000 links, checked after them, were a tenth of a new skill's wait), a
        // sitemap patched from the kept one by its new lines alone.
        let otherFiles = plan.otherFiles.filter(differs)
        let sitemapPath = config.urls.sitemap
        let sitemapLines = kept.flatMap { plan.sitemap.linesToCheck(since: $0.sitemap, gone: removed) }
        let othersChecked = Background {
            let looked = otherFiles.map { file in file.path == sitemapPath ? sitemapLines ?? file : file }
            return LinkCheck.checkRecording(looked, known: laterKnown.wait(), config: config, linkFree: linkFree)
        }
        var made: [OutputFile]
        var looks: [LinkCheck.Look]
        do {
            (made, looks) = try times.time(.render) {
                () throws(SiteRenderer.RenderError) -> ([OutputFile], [LinkCheck.Look]) in
                // Called with no pages too: it reports fragments drawn for the whole site that never ended.
                try renderer.render(pageJobs, then: fileJobs[...]) { run, places in
                    LinkCheck.look(
                        at: run, places: places, known: laterKnown.wait(), config: config, linkFree: linkFree,
                        recording: true)
                }
            }
        } catch {
            throw BuildFailure(log.items + error.diagnostics)
        }
        times.move(coreSeconds: looks.reduce(0) { $0 + $1.seconds }, from: .render, to: .linkCheck)
        let pageCount = looks.reduce(0) { $0 + $1.files }
        let checkedFiles = made[pageCount...].filter(differs)
        let checked = made[..<pageCount] + checkedFiles + otherFiles
        made += plan.otherFiles + staticFiles

        // Only the files made now are scanned; a kept page's links were good, and stay good
        // while every path they could lead to is still there.
        let known = laterKnown.wait()
        let (madeBroken, madeTargets) = times.time(.linkCheck) {
            let (broken, targets) = LinkCheck.checkRecording(
                checkedFiles, known: known, config: config, linkFree: linkFree)
            let others = othersChecked.wait()
            return (broken + others.broken, targets + others.targets)
        }
        var broken = looks.flatMap(\.broken) + madeBroken
        if !removed.isEmpty || !broken.isEmpty {
            let checkedPaths = Set(checked.map(\.path))
            // Static files are copied as they are and never checked, as in a full build.
            let staticPaths = Set(site.staticPaths)
            // A kept page whose links were good breaks only by linking to a path that went: its
            // targets say whether it may. A broken page made now has the whole site checked, so
            // the failure names what a full build would.
            let gone = broken.isEmpty ? removed.map(LinkTargets.hash) : []
            func kept(_ path: String, _ data: Data) -> OutputFile? {
                guard existing.contains(path), !checkedPaths.contains(path), !staticPaths.contains(path) else {
                    return nil
                }
                return OutputFile(path: path, data: data)
            }
            // When paths went, only the pages whose links may lead to one are looked at: every
            // page has its targets, and a file without them has no links to check. Hashing
            // 30,000 paths into three sets was a tenth of a deleted skill's wait.
            let keptPages =
                gone.isEmpty
                ? files.compactMap(kept)
                // The kept build's targets: every file whose targets change now is checked already.
                : (last?.linkTargets ?? [:]).compactMap { path, targets in
                    gone.contains(where: targets.mayLead) ? files[path].flatMap { kept(path, $0) } : nil
                }
            broken += times.time(.linkCheck) {
                LinkCheck.check(keptPages, known: known, config: catalogue.config, linkFree: linkFree)
            }
        }
        log.append(contentsOf: LinkCheck.diagnostics(broken: broken, outputDisplay: options.outputDisplay))
        try SiteBuilder.fail(on: log.items, strict: options.strict)

        var written: [String] = []
        // Taken out of the kept build rather than copied: a copy of a 23,000-path set per change.
        var paths = last?.paths ?? OutputPaths()
        last?.paths = OutputPaths()
        let first = last == nil
        do {
            try times.time(.write) { () throws(OutputFolder.WriteError) in
                // Only new paths need claiming: the kept ones were claimed by the last good build.
                for path in removed { paths.release(path) }
                if samePaths {
                    // Nothing came.
                } else if let came = site.came, !first {
                    for path in came { try paths.claim(path) }
                } else {
                    for path in existing where first || files[path] == nil { try paths.claim(path) }
                }
                // Everything that can fail comes first: the kept files change only once nothing can.
                let contents = try made.map { file throws(OutputFolder.WriteError) in
                    (file.path, try file.bytes(from: source))
                }
                for (path, data) in contents where files.updateValue(data, forKey: path) != data {
                    written.append(path)
                }
                for path in removed { files[path] = nil }
            }
        } catch {
            // The claims went part of the way: the kept site's are claimed again from its files.
            var kept = OutputPaths()
            for path in files.keys { _ = try? kept.claim(path) }
            last?.paths = kept
            throw BuildFailure(log.items + [.error(options.outputDisplay, "cannot write the site: \(error)")])
        }
        // Taken out of the kept build (which no longer fails) and patched in place: a copy of
        // its 33,000 entries per change was a few milliseconds and as many retains.
        var linkTargets = last?.linkTargets ?? [:]
        last?.linkTargets = [:]
        kept?.linkTargets = [:]
        for look in looks {
            for (path, targets) in look.targets { linkTargets[path] = targets }
        }
        for (path, var targets) in madeTargets {
            // The sitemap's kept lines lead where they did.
            if sitemapLines != nil, path == sitemapPath, let before = linkTargets[path] { targets.formUnion(before) }
            linkTargets[path] = targets
        }
        for path in removed { linkTargets[path] = nil }
        var keptSite = site
        keptSite.known = known
        // What came and went since the build before: the next build's paths are told apart from these.
        keptSite.kept()
        let previous = last.take()
        last = Built(
            theme: theme, renderer: renderer, cards: plan.cards, sitemap: plan.sitemap, outline: plan.outline,
            buildDate: options.buildDate,
            keys: keys, siteValues: siteValues, site: keptSite,
            catalogue: catalogue, paths: paths, linkTargets: linkTargets)
        // The caller's references go first, so the last one is dropped on the queue.
        LaterRelease.drop((consume previous, kept.take(), consume plan))

        let report = BuildReport(
            catalogue: catalogue, loaded: loaded, options: options,
            pages: site.pageCount, files: existing.count,
            unchanged: existing.count - written.count, log: log,
            seconds: (ContinuousClock.now - started).seconds, stages: times.stages)
        lastApplied = true
        succeeded = true
        return Update(
            report: report, written: written.sorted(), removed: removed.sorted(),
            rendered: pageJobs.count + fileJobs.count, whole: !isKept)
    }

    /// Every path of a build's site: the planned ones in the plan's order, and the static files.
    private struct SitePaths: Sendable {
        var planned: [String]
        var generated: Set<String>
        /// `generated` as static files are checked against it (`StaticFiles.caseless`), once made.
        var caseless: Set<String>?
        var staticPaths: [String]
        /// Every path: `generated`, and the static files when there are any (then a set of its own).
        var existing: Set<String> { withStatic ?? generated }
        private var withStatic: Set<String>?
        /// `existing` as the link check looks links up, once made: kept with the paths.
        var known: KnownPaths?
        /// How many pages (HTML files) the site has.
        var pageCount: Int

        /// For paths patched from the last build's: the paths that came and went since.
        var came: [String]?
        var went: [String]?
        /// For patched paths: the plan's paths before, for `unpatch`.
        private var plannedBefore: [String]?

        init(planned: [String], generated: Set<String>, staticPaths: [String]) {
            self.planned = planned
            self.generated = generated
            self.staticPaths = staticPaths
            withStatic = staticPaths.isEmpty ? nil : generated.union(staticPaths)
            pageCount = (withStatic ?? generated).reduce(0) { $0 + ($1.hasSuffix(".html") ? 1 : 0) }
        }

        /// Makes these the paths of a plan whose static files are these ones: those that came
        /// and went, found by walking both plans' paths side by side, put in and taken out,
        /// instead of 30,000 paths hashed into sets again when a skill comes or goes. False, with
        /// the paths as they were, when either plan names a path twice (the walk's places are a
        /// set's only for unique paths).
        mutating func patch(planned: [String]) -> Bool {
            guard generated.count == self.planned.count else { return false }
            let changes = PlaceWalk.changes(of: planned, in: self.planned)
            let came = changes.came.map { planned[$0] }
            let went = changes.went.map { self.planned[$0] }
            // Static paths are never generated ones (`StaticFiles.collect`): a generated path
            // that went leaves `existing` too.
            var removed: [String] = []
            var inserted: [String] = []
            for path in went where generated.remove(path) != nil {
                withStatic?.remove(path)
                removed.append(path)
            }
            for path in came where generated.insert(path).inserted {
                withStatic?.insert(path)
                inserted.append(path)
            }
            // A path found out of step may have gone from one place and come at another.
            let lastPlanned = self.planned
            let removedPaths = Set(removed)
            self.came = inserted.filter { !removedPaths.contains($0) }
            self.went = removed.filter { !generated.contains($0) }
            self.planned = planned
            plannedBefore = lastPlanned
            // Made again from the patched paths when a static file asks for it.
            caseless = nil
            pageCount +=
                (self.came ?? []).count { $0.hasSuffix(".html") } - (self.went ?? []).count { $0.hasSuffix(".html") }
            guard generated.count == planned.count else {
                unpatch(to: lastPlanned)
                return false
            }
            return true
        }

        /// Forgets what `patch` changed: these paths are a good build's.
        mutating func kept() {
            came = nil
            went = nil
            plannedBefore = nil
        }

        /// Undoes `patch`: the paths of the plan before it.
        mutating func unpatch() {
            unpatch(to: plannedBefore ?? planned)
        }

        private mutating func unpatch(to lastPlanned: [String]) {
            for path in came ?? [] {
                generated.remove(path)
                withStatic?.remove(path)
            }
            for path in went ?? [] {
                generated.insert(path)
                withStatic?.insert(path)
            }
            pageCount -= (came ?? []).count { $0.hasSuffix(".html") } - (went ?? []).count { $0.hasSuffix(".html") }
            planned = lastPlanned
            plannedBefore = nil
            came = nil
            went = nil
        }
    }

    /// Each planned page's and generated file's inputs, and the plan's jobs whose inputs differ
    /// from the kept build's, or that the kept build did not make. A vote or an edit usually leaves
    /// the plan's paths as they were (`samePlan`): then keys are compared place by place, with no
    /// path hashed. Jobs a plan left out (`Plan.places`) keep the kept build's keys at their places.
    private static func stale(
        _ plan: SiteRenderer.Plan, samePlan: Bool, siteValues: [String: [String]], kept: Built?
    ) -> (keys: Keys, pages: [SiteRenderer.PageJob], files: [SiteRenderer.FileJob])? {
        guard let kept else { return everything(plan) }
        let pageKeys = plan.jobs.map { FileKey(template: $0.template, key: $0.key) }
        let fileKeys = plan.fileJobs.map { FileKey(template: "", key: $0.key) }
        let changedTemplates = Set(siteValues.keys.filter { kept.siteValues[$0] != siteValues[$0] })
        @Sendable func differs(_ key: FileKey, _ before: FileKey?) -> Bool {
            key != before || (!changedTemplates.isEmpty && changedTemplates.contains(key.template))
        }
        let outline = plan.outline
        let pagePlaces = plan.places?.pages ?? Array(plan.jobs.indices)
        let filePlaces = plan.places?.files ?? Array(plan.fileJobs.indices)
        // Where each place of the outline stood in the kept one: the same place while the plan's
        // paths stand; else found by walking the kept outline alongside (a skill that came or went
        // shifts the paths after its own; left-out jobs' paths are the kept outline's strings).
        // Every path of the kept outline has its file: `last` is only ever a good build, whose
        // files were all written.
        let samePlaces =
            samePlan && kept.keys.pages.count == outline.pagePaths.count
            && kept.keys.files.count == outline.fileJobPaths.count
        let previous: (pages: [Int?], files: [Int?])? =
            samePlaces
            ? nil
            : (
                PlaceWalk.places(of: outline.pagePaths, in: kept.outline.pagePaths),
                PlaceWalk.places(of: outline.fileJobPaths, in: kept.outline.fileJobPaths)
            )
        func keptKey(_ place: Int, _ previous: [Int?]?, _ keys: [FileKey]) -> FileKey? {
            guard let at = previous.map({ place < $0.count ? $0[place] : nil }) ?? place, at < keys.count else {
                return nil
            }
            return keys[at]
        }
        let before = (
            pages: pagePlaces.map { keptKey($0, previous?.pages, kept.keys.pages) },
            files: filePlaces.map { keptKey($0, previous?.files, kept.keys.files) }
        )
        let stalePages = plan.jobs.indices.parallelMap { differs(pageKeys[$0], before.pages[$0]) }
        let staleFiles = plan.fileJobs.indices.parallelMap { differs(fileKeys[$0], before.files[$0]) }
        /// Every place's key: the made jobs', and the kept ones where jobs were left out. Nil when
        /// a left-out job's place is not found in the kept outline.
        func all(_ made: [FileKey], at places: [Int], count: Int, kept: [FileKey], previous: [Int?]?) -> [FileKey]? {
            guard made.count < count else { return made }
            var keys: [FileKey] = []
            keys.reserveCapacity(count)
            var next = 0
            for place in 0..<count {
                if next < places.count, places[next] == place {
                    keys.append(made[next])
                    next += 1
                } else {
                    guard let key = keptKey(place, previous, kept) else { return nil }
                    keys.append(key)
                }
            }
            return keys
        }
        guard
            let pages = all(
                pageKeys, at: pagePlaces, count: outline.pagePaths.count, kept: kept.keys.pages,
                previous: previous?.pages),
            let files = all(
                fileKeys, at: filePlaces, count: outline.fileJobPaths.count, kept: kept.keys.files,
                previous: previous?.files)
        else { return nil }
        let keys = Keys(pages: pages, files: files)
        return (
            keys, plan.jobs.indices.filter { stalePages[$0] }.map { plan.jobs[$0] },
            plan.fileJobs.indices.filter { staleFiles[$0] }.map { plan.fileJobs[$0] }
        )
    }

    /// Every job of `plan` to make, with its key.
    private static func everything(
        _ plan: SiteRenderer.Plan
    ) -> (keys: Keys, pages: [SiteRenderer.PageJob], files: [SiteRenderer.FileJob]) {
        let keys = Keys(
            pages: plan.jobs.map { FileKey(template: $0.template, key: $0.key) },
            files: plan.fileJobs.map { FileKey(template: "", key: $0.key) })
        return (keys, plan.jobs, plan.fileJobs)
    }

    /// Whether a path in `changed` (as the watcher spells them) may lie in `folder`; true for a
    /// folder spelt otherwise than its standard path, whose events would not name it so.
    private static func touches(_ changed: Set<String>, folder: URL?) -> Bool {
        guard let folder else { return false }
        let path = folder.path
        guard path == folder.standardizedFileURL.path else { return true }
        return changed.contains { ParsedContent.path($0, touches: path) }
    }

    /// Whether two themes were loaded from the same templates, assets and strings.
    private static func sameFiles(_ a: Theme, _ b: Theme) -> Bool {
        a.assets == b.assets && a.strings == b.strings && a.sources.count == b.sources.count
            && a.sources.allSatisfy { name, source in b.sources[name].map { $0 == source } ?? false }
    }
}
