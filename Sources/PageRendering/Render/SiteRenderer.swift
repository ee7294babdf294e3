import CatalogueModel
import Foundation
import MustacheCompiler
import Parallel

/// Render stage: the catalogue and a theme in, the site's files out (in memory; the build stage
/// writes them). Knows nothing of where content came from.
public struct SiteRenderer: Sendable {
    public let catalogue: Catalogue
    public let theme: Theme
    let starRow: StarRow
    let bigStarRow: StarRow
    package let chart: BarChart
    /// The chart rows' labels (`BarChart.labels`), the same on every skill's chart: made once.
    let chartLabels: [String]
    let timelineChart: TimelineChart
    /// The skill page's costly values the theme shows; only those are made.
    let skillPageReach: SkillPageReach
    /// Where the site's files came from, for copying skill images.
    package let contentRoot: URL
    /// Each description's summary as a card shows it (140 characters), by skill id. Only that
    /// much is kept: the skill's page reads its whole summary, with its HTML, from one parse of
    /// the description (at 100,000 skills the whole summaries were about 100 MB).
    package let cardSummaries: [String: String]
    /// The last feed made, shared with the renderers of the builds before and after.
    let feedMemo: FeedMemo
    package let ratingForm: RatingForm?
    let listingData: ListingData
    let siteWide: SiteWide
    /// Both star rows of each value shown, drawn once per build.
    let starRows: [Double: StarRows]
    /// The header and footer, once per root and navigation state.
    let frames: PageFrames
    /// Each skill language's `lang` attribute on this site (nil for the site's own language), by
    /// language: checking a tag on every card and page cost more than the rest of a card's data.
    let contentLangs: [String: String?]
    /// From --build-date or SOURCE_DATE_EPOCH; templates see `buildDate` (and `buildTimestamp`).
    public var buildDate: BuildDate?
    /// The paths of `Content/static/`'s files, as the load stage listed them: planning decides
    /// with them (a `robots.txt` of the owner's own wins) and never looks at the disk itself.
    public var staticPaths: Set<String> = []
    /// The copies of skill images the build made, set before planning: cards and pages show them.
    public var sizedImages = SizedImages.none

    /// Templates whose rendering was cut short as never ending, fragments included.
    let overrun: OverrunWatch.Names

    public init(catalogue: Catalogue, theme: Theme, contentRoot: URL) {
        self.init(catalogue: catalogue, theme: theme, contentRoot: contentRoot, reusing: nil)
    }

    /// A renderer that takes the description summaries of `previous` (a kept build's last
    /// renderer) for skills whose description is the same, instead of running libcmark on all.
    /// A renderer no next build reuses (`keeps` false) holds nothing for one.
    package init(
        catalogue: Catalogue, theme: Theme, contentRoot: URL, reusing previous: SiteRenderer?, keeps: Bool = true
    ) {
        self.catalogue = catalogue
        // Where each entry stood in the kept build's: the entries that are the very objects there
        // keep their summary and language (reading a field of each of 10,000 skills, scattered
        // over the memory, was milliseconds of every rebuild).
        let places = previous.map { PlaceWalk.places(of: catalogue.entries, in: $0.catalogue.entries) { $0.skill.id } }
        // The listings first: they start the related skills on another core (`ListingData`), the
        // longest of what the plan waits for, while the summaries are made.
        skillPageReach = SkillPageReach(engine: theme.engine)
        listingData = ListingData(
            catalogue, reusing: previous?.listingData, of: previous?.catalogue, related: skillPageReach.related,
            keepsScores: keeps)
        cardSummaries = Self.cardSummaries(of: catalogue.entries, reusing: previous, places: places)
        feedMemo = previous?.feedMemo ?? FeedMemo()
        var theme = theme
        let watch = OverrunWatch(engine: theme.engine)
        theme.engine = watch
        overrun = watch.overrun
        self.theme = theme
        self.contentRoot = contentRoot
        let style = catalogue.config.stars
        starRow = StarRow(style: style)
        var big = style
        big.size = style.size * 1.5
        big.spacing = style.spacing * 1.5
        bigStarRow = StarRow(style: big)
        chart = BarChart(style: catalogue.config.chart)
        chartLabels = BarChart.labels(theme.strings)
        timelineChart = TimelineChart(strings: theme.strings)
        ratingForm = catalogue.config.ratingForm.map { RatingForm(config: $0, symbol: catalogue.config.stars.symbol) }
        siteWide = SiteWide(
            catalogue: catalogue, strings: theme.strings, themeCSS: chart.themeCSS, hasFeed: listingData.hasFeed,
            listed: ListedListings(listingData.listings), fingerprinted: theme.fingerprinted)
        // A row's SVG depends only on the value it shows, and ratings share few of those.
        var starRows: [Double: StarRows] = [:]
        for entry in catalogue.entries {
            guard let average = entry.rating.average else { continue }
            let scaled = average * Double(starRow.style.count) / 5
            let shown = starRow.displayedValue(scaled)
            if starRows[shown] == nil {
                starRows[shown] = StarRows(
                    small: starRow.svg(value: scaled, engine: theme.engine),
                    large: bigStarRow.svg(value: scaled, cssClass: "stars stars-large", engine: theme.engine))
            }
        }
        self.starRows = starRows
        frames = PageFrames(engine: theme.engine)
        contentLangs = Self.contentLangs(
            of: catalogue.entries, siteLanguage: catalogue.config.language, reusing: previous, places: places)
    }

    /// Each skill language's `lang` attribute on a site in `siteLanguage`. A value depends on the
    /// language alone: the previous build's table is kept (with languages no skill has any more,
    /// never looked up), and only languages it lacks are added; making a set of 10,000 skills'
    /// languages was milliseconds of each new skill's wait.
    private static func contentLangs(
        of entries: [Catalogue.Entry], siteLanguage: String, reusing previous: SiteRenderer?, places: [Int?]?
    ) -> [String: String?] {
        let kept = previous.flatMap { $0.catalogue.config.language == siteLanguage ? $0 : nil }
        var langs = kept?.contentLangs ?? [:]
        // The kept table has the language of each entry of its build: only other entries may add one.
        let before = kept?.catalogue.entries ?? []
        let others = entries.indices.lazy.filter { i in
            guard kept != nil, let j = places?[i] ?? nil, j < before.count else { return true }
            return before[j] !== entries[i]
        }.map { entries[$0] }
        for entry in others {
            let language = entry.skill.language
            // Absent, not present as nil (the site's own language has no attribute).
            if langs.index(forKey: language) == nil {
                langs.updateValue(LanguageTag.attribute(for: language, onSiteIn: siteLanguage), forKey: language)
            }
        }
        return langs
    }

    /// Each description's card summary, by skill id, through libcmark on all cores; those of
    /// `previous` are kept for descriptions it already read.
    private static func cardSummaries(of entries: [Catalogue.Entry], reusing previous: SiteRenderer?, places: [Int?]?)
        -> [String: String]
    {
        // libcmark keeps no global state: descriptions render on all cores.
        // Summaries for now; each skill page makes its HTML when it is rendered.
        @Sendable func summary(_ entry: Catalogue.Entry) -> String {
            HTML.truncate(Markdown.summary(entry.skill.description), to: 140)
        }
        guard let previous, let places else {
            let rendered = entries.parallelMap(summary)
            var descriptions: [String: String] = [:]
            descriptions.reserveCapacity(rendered.count)
            for (entry, html) in zip(entries, rendered) { descriptions[entry.skill.id] = html }
            return descriptions
        }
        // A kept catalogue has the previous entries in the previous order (a skill that came or
        // went shifts the rest): the previous table is taken whole, and only the descriptions it
        // was not made from are read again.
        let before = previous.catalogue.entries
        let changed = entries.indices.filter { i in
            guard let j = places[i] else { return true }
            return before[j] !== entries[i] && before[j].skill.description != entries[i].skill.description
        }
        let moved = entries.count != before.count || places.contains(nil)
        // Shared, not copied (10,000 entries), when no description changed and no skill came or went.
        if changed.isEmpty && !moved { return previous.cardSummaries }
        var descriptions = previous.cardSummaries
        if moved {
            var placed = [Bool](repeating: false, count: before.count)
            for case let j? in places { placed[j] = true }
            for j in before.indices where !placed[j] { descriptions[before[j].skill.id] = nil }
        }
        let rendered = changed.parallelMap { summary(entries[$0]) }
        for (i, made) in zip(changed, rendered) { descriptions[entries[i].skill.id] = made }
        return descriptions
    }

    /// Both star rows of each value shown (see `StarRow.displayedValue`).
    struct StarRows: Sendable {
        let small: String
        package let large: String
    }

    /// Every star row the site's pages and cards show for a rating: the markup they repeat most.
    package var starRowMarkup: [String] { starRows.values.flatMap { [$0.small, $0.large] } }

    public struct RenderError: Error, Sendable {
        public let diagnostics: [Diagnostic]
    }

    /// One page to render: its template, where it goes, and how to make its data. The data is
    /// made on the worker that renders the page, so pages render on all cores and no more than a
    /// few pages' data exist at once.
    package struct PageJob: Sendable {
        package let template: String
        package let path: String
        /// What the page's data is made from (see `PageKey`).
        package let key: PageKey
        package let data: @Sendable () -> any TemplateData
    }

    /// A file made when the build gets to it, like a page: the JSON API alone is tens of
    /// megabytes for a large catalogue.
    package struct FileJob: Sendable {
        package let path: String
        package let key: PageKey
        package let make: @Sendable () -> OutputFile
    }

    /// Everything the render stage will produce: pages still to render and files still to make
    /// (both a batch at a time by the build, so a large site never sits in memory whole), and the
    /// other files, made now.
    public struct Plan: Sendable {
        package let jobs: [PageJob]
        package let fileJobs: [FileJob]
        /// For a plan made since a kept build's last (`plan(reusing:sitemap:since:)`), which left
        /// out the jobs of skills whose pages cannot have changed: each job's place among
        /// `outline.pagePaths` and each file job's among `outline.fileJobPaths`. Nil when the
        /// jobs are all of them, in order.
        package let places: (pages: [Int], files: [Int])?
        package let outline: Outline
        public let otherFiles: [OutputFile]
        /// The cards the pages were planned with, for the next plan of a kept build to reuse.
        package let cards: CardCache
        /// The sitemap, for the same.
        package let sitemap: Sitemap.Made
        public var pagePaths: [String] { outline.pagePaths }
        /// Pages, then the files made later: the order the build goes through them.
        public var count: Int { jobs.count + fileJobs.count }
        public var paths: [String] { outline.pagePaths + outline.fileJobPaths + otherFiles.map(\.path) }
        /// The templates of the jobs left out (see `places`).
        package var leftOutTemplates: Set<String> { places == nil ? [] : ["skill"] }
    }

    /// Where a plan's pages and generated files go, in order, made or left out.
    package struct Outline: Sendable {
        package let pagePaths: [String]
        package let fileJobPaths: [String]
        /// Where the skill pages (one per entry, in the catalogue's order) start among `pagePaths`.
        package let skillPages: Int
    }

    public func plan() -> Plan { plan(reusing: nil) }

    /// A plan whose cards are taken from `previous` (made with the same theme and settings) for
    /// the skills that did not change, and whose sitemap is `sitemap` when it lists the same pages.
    /// - Parameter last: the renderer and outline of a kept build's last plan, made with the same
    ///   theme and settings. When only some skills changed since (a vote, an edit), the plan
    ///   leaves out the page, API file and badge of each skill whose page shows nothing that
    ///   changed (`skillsToPlan`): at 10,000 skills a vote makes a few hundred jobs, not 30,000.
    /// - Parameter cutsDated: whether the cards keep dated cards too (`CardCache`), for a kept build.
    package func plan(
        reusing previous: CardCache?, sitemap: Sitemap.Made? = nil,
        since last: (renderer: SiteRenderer, outline: Outline)? = nil, cutsDated: Bool = false
    ) -> Plan {
        let urls = catalogue.urls
        // The API's and badges' jobs (two per skill) on another core while the pages are planned;
        // those of a kept plan once it knows which skills it makes (below).
        func fileJobs(only: Set<ObjectIdentifier>?) -> Background<PlacedJobs<FileJob>> {
            Background { [catalogue, strings] in
                var jobs = JSONAPI.files(catalogue, only: only)
                jobs.append(Badge.files(catalogue, strings: strings, only: only))
                return jobs
            }
        }
        let allFileJobs = last == nil ? fileJobs(only: nil) : nil
        // The pages that do not depend on related skills come first: those are made on another
        // core meanwhile (`ListingData.related`), and a kept plan needs them to know which skill
        // pages it makes (`skillsToPlan`).
        let cards = CardCache(renderer: self, engine: theme.engine, reusing: previous, cutsDated: cutsDated)
        var jobs = PlacedJobs<PageJob>()
        jobs.append(PageJob(template: "index", path: urls.output(ofPage: ""), key: indexKey()) { indexPage(cards) })
        // Jobs hold the renderer and the cards by reference, and their skill or group by index: a
        // closure that captured them by value would carry a copy of each per page.
        let shared = Shared(self)
        let sharedCards = Shared(cards)
        appendGroupPages(to: &jobs, shared: shared, cards: sharedCards)
        let skillPages = jobs.count
        let listingJobs = listingPages(cards: cards)
        let reviews = reviewJobs()
        // The last renderer is not kept whole: copying it is a retain of each of its many parts.
        let planned = last.flatMap { last in
            skillsToPlan(since: last.renderer).map { ($0, last.outline, last.renderer.catalogue) }
        }
        let only = planned.map { planned in
            Set(
                catalogue.entries.indices.lazy.filter { planned.0.planned[$0] }.map {
                    ObjectIdentifier(catalogue.entries[$0])
                })
        }
        let laterFileJobs = allFileJobs ?? fileJobs(only: only)
        let isPlanned: @Sendable (Int) -> Bool = { index in planned.map { $0.0.planned[index] } ?? true }
        // By author name: making the author page's path once per skill cost more than the rest.
        var moreByAuthor: [String: Bool] = [:]
        for (index, entry) in catalogue.entries.enumerated() where isPlanned(index) {
            if let author = entry.skill.author, moreByAuthor[author] == nil {
                moreByAuthor[author] = hasMoreByAuthor(entry)
            }
        }
        // Each skill page's path and key on all cores: one after the other they were a tenth of
        // a second with the other core idle.
        let skillJobs = catalogue.entries.indices.parallelMap { [moreByAuthor] index -> (String, PageKey)? in
            guard isPlanned(index) else { return nil }
            let entry = catalogue.entries[index]
            // The related skills' cards and whether the author page lists others are on the page too.
            let related = (listingData.related(of: index) ?? []).map { catalogue.entries[$0] }
            let more = entry.skill.author.flatMap { moreByAuthor[$0] } ?? false
            return (urls.output(ofPage: entry.path), PageKey(entries: [entry] + related, values: [String(more)]))
        }
        for (index, job) in skillJobs.enumerated() {
            guard let (path, key) = job else {
                jobs.skip()
                continue
            }
            jobs.append(
                PageJob(template: "skill", path: path, key: key) {
                    shared.value.skillPage(
                        shared.value.catalogue.entries[index], index: index, cards: sharedCards.value)
                })
        }
        jobs.append(
            PageJob(
                template: "404", path: urls.notFound,
                key: PageKey(values: catalogue.groups.flatMap { [$0.name, $0.path] })
            ) { notFoundPage() })
        jobs.append(contentsOf: listingJobs)
        jobs.append(contentsOf: reviews)

        let fileJobs = laterFileJobs.wait()
        let outline: Outline
        if let (kept, lastOutline, lastCatalogue) = planned {
            guard
                let outline = keptOutline(
                    kept, since: lastOutline, of: lastCatalogue, jobs: jobs, skillPages: skillPages,
                    fileJobs: fileJobs)
            else { return plan(reusing: previous, sitemap: sitemap, cutsDated: cutsDated) }
            return finish(jobs: jobs, fileJobs: fileJobs, kept: true, outline: outline, cards: cards, sitemap: sitemap)
        } else {
            outline = Outline(
                pagePaths: jobs.jobs.map(\.path), fileJobPaths: fileJobs.jobs.map(\.path), skillPages: skillPages)
        }
        return finish(jobs: jobs, fileJobs: fileJobs, kept: false, outline: outline, cards: cards, sitemap: sitemap)
    }

    /// What the home page shows: the highlights of each group, the featured skills, the
    /// collections, and the counts `statsText` gives (every skill and rating, shown or not).
    private func indexKey() -> PageKey {
        let highlights = listingData.listings.highlights
        var values = [String(catalogue.groups.count), String(catalogue.entries.count), String(catalogue.ratingCount)]
        for (group, shown) in zip(catalogue.groups, highlights) {
            values += [group.name, group.path, String(group.entries.count), String(shown.count)]
        }
        values += [String(listingData.featured.count), String(listingData.collections.count)]
        for (collection, entries) in listingData.collections {
            values += [collection.title, collection.text, collection.slug, String(entries.count)]
        }
        return PageKey(entries: highlights.flatMap { $0 } + listingData.featured, values: values)
    }

    /// Every page of every group, in the groups' order.
    private func appendGroupPages(
        to jobs: inout PlacedJobs<PageJob>, shared: Shared<SiteRenderer>, cards: Shared<CardCache>
    ) {
        let urls = catalogue.urls
        for (groupIndex, group) in catalogue.groups.enumerated() {
            let ordered = groupEntries(group)
            let pagination = Pagination(itemCount: group.entries.count, pageSize: catalogue.config.pageSize)
            let values = [group.name, group.path, String(group.entries.count), String(group.ratingCount)]
            for number in 1...pagination.pageCount {
                let key = PageKey(
                    entries: Array(ordered[pagination.items(onPage: number)]),
                    values: values + [String(number), String(pagination.pageCount)])
                jobs.append(
                    PageJob(
                        template: "group", path: urls.output(ofPage: urls.listingPage(group.path, page: number)),
                        key: key
                    ) {
                        shared.value.groupPage(
                            shared.value.catalogue.groups[groupIndex], page: number, cards: cards.value)
                    })
            }
        }
    }

    /// The plan of `jobs` and `fileJobs` laid out by `outline`, with the files made now.
    private func finish(
        jobs: PlacedJobs<PageJob>, fileJobs: PlacedJobs<FileJob>, kept: Bool, outline: Outline, cards: CardCache,
        sitemap: Sitemap.Made?
    ) -> Plan {
        let urls = catalogue.urls
        let machineReadable = machineReadableFiles(pagePaths: outline.pagePaths, reusing: sitemap)
        var files = machineReadable.files
        // Each asset at its own name too: what a theme links by name, and what its CSS refers to.
        for (path, data) in theme.assets.sorted(by: { $0.key < $1.key })
        where catalogue.config.search != nil || path != Self.searchStylesheet {
            files.append(OutputFile(path: urls.asset(path), data: data))
            if let hashed = theme.fingerprinted[path] { files.append(OutputFile(path: urls.asset(hashed), data: data)) }
        }
        var copied = Set<String>()
        for entry in catalogue.entries {
            guard case .local(let path)? = entry.skill.image, copied.insert(path).inserted else { continue }
            files.append(OutputFile(path: urls.media(path), copyOf: contentRoot.appendingPathComponent(path)))
        }
        for file in sizedImages.files { files.append(OutputFile(path: urls.media(file.path), contents: file.contents)) }
        if catalogue.config.susiAPI { files += SusiMirrorFiles.files(catalogue, contentRoot: contentRoot) }
        return Plan(
            jobs: jobs.jobs, fileJobs: fileJobs.jobs,
            places: kept ? (jobs.places, fileJobs.places) : nil, outline: outline,
            otherFiles: files, cards: cards, sitemap: machineReadable.sitemap)
    }

    /// The outline of a plan that left out the jobs of `kept`'s skills that are not planned: the
    /// made jobs' paths at their places, and each left-out job's path taken from where the last
    /// plan had it (the same string, so a kept build walks both outlines by pointer). Nil when
    /// the last outline does not hold what this plan leaves out.
    private func keptOutline(
        _ kept: KeptSkills, since lastOutline: Outline, of lastCatalogue: Catalogue, jobs: PlacedJobs<PageJob>,
        skillPages: Int, fileJobs: PlacedJobs<FileJob>
    ) -> Outline? {
        let entries = catalogue.entries
        let after = jobs.count - skillPages - entries.count
        if kept.samePlaces, lastOutline.skillPages == skillPages, lastOutline.fileJobPaths.count == fileJobs.count,
            lastOutline.pagePaths.count >= skillPages + entries.count, after >= 0
        {
            // Every skill where it was: the last outline's skill pages and files, as they were.
            return Outline(
                pagePaths: Array(jobs.jobs.prefix(skillPages).map(\.path))
                    + lastOutline.pagePaths[skillPages..<(skillPages + entries.count)]
                    + jobs.jobs.suffix(after).map(\.path),
                fileJobPaths: lastOutline.fileJobPaths, skillPages: skillPages)
        }
        // Pages: the made ones, and each left-out skill page where the last outline had it.
        var pagePaths = [String?](repeating: nil, count: jobs.count)
        for (job, place) in zip(jobs.jobs, jobs.places) { pagePaths[place] = job.path }
        for (i, planned) in kept.planned.enumerated() where !planned {
            guard let j = kept.before[i], lastOutline.skillPages + j < lastOutline.pagePaths.count else { return nil }
            pagePaths[skillPages + i] = lastOutline.pagePaths[lastOutline.skillPages + j]
        }
        // Files: each left-out skill's API file and badge where the last plan had them.
        guard let (apiBefore, badges, lastBadges) = Self.apiPlaces(of: catalogue, since: lastCatalogue),
            lastBadges + lastCatalogue.entries.count == lastOutline.fileJobPaths.count,
            badges + entries.count == fileJobs.count
        else { return nil }
        var filePaths = [String?](repeating: nil, count: fileJobs.count)
        for (job, place) in zip(fileJobs.jobs, fileJobs.places) { filePaths[place] = job.path }
        for (i, planned) in kept.planned.enumerated() where !planned {
            guard let j = kept.before[i] else { return nil }
            filePaths[badges + i] = lastOutline.fileJobPaths[lastBadges + j]
        }
        // Every API file not made now is a left-out skill's (the groups' files are always made).
        for place in 0..<badges where filePaths[place] == nil {
            guard let lastPlace = apiBefore[place] else { return nil }
            filePaths[place] = lastOutline.fileJobPaths[lastPlace]
        }
        let pages = pagePaths.compactMap { $0 }
        let files = filePaths.compactMap { $0 }
        guard pages.count == pagePaths.count, files.count == filePaths.count else { return nil }
        return Outline(pagePaths: pages, fileJobPaths: files, skillPages: skillPages)
    }

    /// Makes the part of a plan's items (pages first, then files) in `range`, on all cores, in order.
    public func make(_ plan: Plan, items range: Range<Int>) throws(RenderError) -> [OutputFile] {
        try make(plan, pages: range, later: range) { _, _ in () }.files
    }

    /// Makes the plan's pages in `pages` and its later files in `later` (both counted as plan
    /// items: pages first, then files; each range clamped to its part), on all cores in one
    /// pass, pages then files in order, handing each run of pages to `look` as
    /// `render(_:then:looking:)` does.
    package func make<Look: Sendable>(
        _ plan: Plan, pages: Range<Int>, later: Range<Int>,
        looking look: @Sendable ([OutputFile], [[TemplateMark]]) -> Look
    ) throws(RenderError) -> (files: [OutputFile], looks: [Look]) {
        let pages = pages.clamped(to: 0..<plan.jobs.count)
        let later = later.clamped(to: plan.jobs.count..<plan.count)
        let files = plan.fileJobs[(later.lowerBound - plan.jobs.count)..<(later.upperBound - plan.jobs.count)]
        // No pages, no render: fragments that never ended are reported with the first pages.
        guard !pages.isEmpty else { return (Array(files).parallelMap { $0.make() }, []) }
        return try render(Array(plan.jobs[pages]), then: files, looking: look)
    }

    static func templatePath(_ name: String) -> String { "Templates/\(name).mustache" }

    static func neverEnds(_ template: String, page: String?) -> Diagnostic {
        .error(
            templatePath(template),
            "rendering \(page.map { "`\($0)`" } ?? "this template") never ends: a partial includes itself (directly or through others) more than \(TemplateLibrary.expansionLimit.grouped) times, or sections nest over the same list until the page passes \(TemplateLibrary.defaultOutputLimit / (1024 * 1024)) MB; include a partial only inside a section whose data ends"
        )
    }

    /// Renders some of a plan's pages on all cores, in order.
    public func render(_ plan: Plan, pages range: Range<Int>) throws(RenderError) -> [OutputFile] {
        try render(Array(plan.jobs[range]))
    }

    /// Renders the given pages on all cores, in order.
    package func render(_ jobs: [PageJob]) throws(RenderError) -> [OutputFile] {
        try render(jobs) { _, _ in () }.files
    }

    /// Renders the given pages on all cores, in order, and hands each short run of pages made to
    /// `look` on the core that made it, while their bytes are still in its cache (the link
    /// check reads them there, instead of in a second pass over every page). Returns the
    /// pages, then the files of `fileJobs`, and what `look` said of each run, in order. With
    /// each run, `look` is handed where each page holds repeated markup (`TemplateMark`).
    package func render<Look: Sendable>(
        _ jobs: [PageJob], then fileJobs: ArraySlice<FileJob> = [],
        looking look: @Sendable ([OutputFile], [[TemplateMark]]) -> Look
    ) throws(RenderError) -> (files: [OutputFile], looks: [Look]) {
        let engine = theme.engine
        // Pages in short runs, each rendered into the run's one buffer: a page grown from empty
        // was copied each time its buffer doubled, and its buffer allocated and freed.
        let runLength = 8
        let runs = stride(from: 0, to: jobs.count, by: runLength).map { $0..<min($0 + runLength, jobs.count) }
        // The files after the pages, in the same pass and in small runs: cheap to make, they keep
        // a core busy while the other ends its last page run, where a pass of their own made
        // each core wait at the end of both.
        let fileRunLength = 16
        let fileRuns = stride(from: fileJobs.startIndex, to: fileJobs.endIndex, by: fileRunLength).map {
            $0..<min($0 + fileRunLength, fileJobs.endIndex)
        }
        let units = runs.map { RenderUnit.pages($0) } + fileRuns.map { RenderUnit.files($0) }
        @Sendable func render(_ run: Range<Int>) -> (pages: [OutputFile?], look: Look?) {
            var page: [UInt8] = []
            var marks: [TemplateMark] = []
            var places: [[TemplateMark]] = []
            let pages = run.map { index -> OutputFile? in
                let job = jobs[index]
                page.removeAll(keepingCapacity: true)
                marks.removeAll(keepingCapacity: true)
                guard engine.render(templateNamed: job.template, data: job.data(), into: &page, marks: &marks) else {
                    return nil
                }
                places.append(marks)
                return OutputFile(path: job.path, data: Data(page))
            }
            return (pages, look(pages.compactMap { $0 }, places))
        }
        let made = units.parallelMap { unit -> (pages: [OutputFile?], look: Look?) in
            switch unit {
            case .pages(let run): render(run)
            case .files(let run): (run.map { fileJobs[$0].make() }, nil)
            }
        }
        let rendered = made.prefix(runs.count).flatMap(\.pages)
        var files: [OutputFile] = []
        var problems: [Diagnostic] = []
        var missing = Set<String>()
        for (job, file) in zip(jobs, rendered) {
            if let file {
                files.append(file)
            } else if missing.insert(job.template).inserted {
                problems.append(
                    engine.hasTemplate(named: job.template)
                        ? Self.neverEnds(job.template, page: job.path)
                        : .error(Self.templatePath(job.template), "template `\(job.template)` is missing"))
            }
        }
        // Fragments drawn for these pages (or before them, for the whole site) that were cut short.
        for name in overrun.sorted where !problems.contains(where: { $0.path == Self.templatePath(name) }) {
            problems.append(Self.neverEnds(name, page: nil))
        }
        guard problems.isEmpty else { throw RenderError(diagnostics: problems) }
        for unit in made.dropFirst(runs.count) { files += unit.pages.compactMap { $0 } }
        return (files, made.compactMap(\.look))
    }

    /// A piece of `render(_:then:looking:)`'s one pass: a run of pages, or of files made after them.
    private enum RenderUnit: Sendable {
        case pages(Range<Int>)
        case files(Range<Int>)
    }

    /// The whole site in memory: for tests and small sites (the build renders in batches).
    public func render() throws(RenderError) -> [OutputFile] {
        let plan = plan()
        return try make(plan, items: 0..<plan.count) + plan.otherFiles
    }

    // MARK: - Page data

    /// The theme's words in the site's language.
    var strings: UIStrings { siteWide.strings }

    /// "Games, page 2": the title of a listing's later pages.
    func numbered(_ title: String, page: Int) -> String {
        page > 1 ? strings.text("page_numbered", ["title": title, "page": strings.numbers.integer(page)]) : title
    }

    func common(path: String, title: String, description: String, root: String? = nil) -> PageCommon {
        // Only the 404 page passes its own root: it is served at any address.
        let isErrorPage = root != nil
        let config = catalogue.config
        let urls = config.urls
        let root = root ?? urls.root(from: path)
        // The 404 page is served at any address, so it claims no place in the navigation.
        let key = PageFrames.Key(
            root: root, nav: isErrorPage ? [:] : SiteNavigation.current(for: path, urls: urls),
            currentGroup: siteWide.groupIndex[path], buildDate: buildDate)
        let frameData = FrameData(site: siteWide, key: key)
        let frame = frames.frame(key) { frameData }
        return PageCommon(
            frame: frameData, header: frame.header, footer: frame.footer,
            pageTitle: title == config.title ? title : "\(title) · \(config.title)",
            metaDescription: HTML.truncate(description, to: 160), ogTitle: title,
            canonical: urls.hasHost ? urls.absolute(urls.href(path)) : nil)
    }

    func indexPage(_ cards: CardCache) -> IndexPage {
        let urls = catalogue.urls
        let groups = zip(catalogue.groups, listingData.listings.highlights).map { group, shown in
            let countText = strings.count("skills", group.entries.count)
            return IndexGroup(
                name: group.name, url: urls.href(group.path), count: group.entries.count,
                slug: Slug.segment(group.name), countText: countText,
                cards: shown.map { cards.card($0, root: "", level: 3) },
                more: shown.count < group.entries.count
                    ? strings.text("see_all", ["skills": countText, "group": group.name]) : nil)
        }
        let statsText = strings.text(
            "home_stats",
            [
                "skills": strings.count("skills", catalogue.entries.count),
                "groups": strings.count("groups_count", catalogue.groups.count),
                "ratings": strings.count("ratings", catalogue.ratingCount),
            ])
        var page = IndexPage(
            common: common(path: "", title: catalogue.config.title, description: catalogue.config.description),
            groups: groups, statsText: statsText)
        page.featured = listingData.featured.map { cards.card($0, root: "", level: 3) }
        page.collections = listingData.collections.map { collection, entries in
            IndexCollection(
                title: collection.title, text: collection.text,
                url: urls.href(urls.collectionPage(collection.slug)),
                countText: strings.count("skills", entries.count))
        }
        return page
    }

    package func groupPage(_ group: Catalogue.Group, page: Int = 1, cards: CardCache) -> GroupPage {
        let urls = catalogue.urls
        let countText = strings.count("skills", group.entries.count)
        let pagination = Pagination(itemCount: group.entries.count, pageSize: catalogue.config.pageSize)
        let path = urls.listingPage(group.path, page: page)
        let root = urls.root(from: path)
        return GroupPage(
            common: common(
                path: path, title: numbered(group.name, page: page),
                description: strings.text("group_description", ["skills": countText, "group": group.name])),
            name: group.name, countText: countText, ratingsText: strings.count("ratings", group.ratingCount),
            cards: groupEntries(group)[pagination.items(onPage: page)].map { cards.card($0, root: root, level: 2) },
            pager: pager(base: group.path, pagination: pagination, page: page))
    }

    /// A group's skills in the order its pages show them (`group_order`).
    func groupEntries(_ group: Catalogue.Group) -> [Catalogue.Entry] {
        siteWide.groupIndex[group.path].map { listingData.listings.groupPages[$0] } ?? group.entries
    }

    func card(_ entry: Catalogue.Entry) -> CardData {
        let skill = entry.skill
        let urls = catalogue.urls
        let image: CardData.Image? =
            switch skill.image {
            case .local(let path)?:
                CardData.Image(
                    url: urls.href(urls.media(path)), isLocal: true, boxes: catalogue.config.images,
                    sizing: sizedImages.sizings[path])
            case .remote(let url)?: CardData.Image(url: url, isLocal: false, boxes: catalogue.config.images)
            case nil: nil
            }
        return CardData(
            name: skill.name, url: urls.href(entry.path),
            initial: skill.name.first.map { String($0).uppercased() } ?? "?",
            summary: cardSummaries[skill.id] ?? "",
            group: skill.group, language: skill.language, languageName: languageNames(skill.language),
            contentLang: contentLangs[skill.language]
                ?? LanguageTag.attribute(for: skill.language, onSiteIn: catalogue.config.language),
            firstExample: skill.examples.first,
            image: image, rating: rating(entry.rating), t: siteWide.t)
    }

    /// Both star row sizes, so each template picks per use: `{{{starRow}}}` (cards) or
    /// `{{{starRowLarge}}}` (skill page header and chart). Nil for an unrated skill.
    package func rating(_ rating: RatingSummary) -> CardData.Rating? {
        guard let average = rating.average, let tenths = rating.averageTenths else { return nil }
        let text = strings.numbers.tenths(tenths)
        // The star row shows the average on the row's own scale.
        let scaled = average * Double(starRow.style.count) / 5
        let rows = starRows[starRow.displayedValue(scaled)]
        return CardData.Rating(
            averageText: text, totalText: strings.count("ratings", rating.total),
            starRow: .text(rows?.small ?? starRow.svg(value: scaled, engine: theme.engine)),
            starRowLarge: .text(
                rows?.large ?? bigStarRow.svg(value: scaled, cssClass: "stars stars-large", engine: theme.engine)),
            ratingLabel: strings.count("rating_label", rating.total, ["average": text]))
    }

    /// Whether the author's page lists skills besides this one.
    func hasMoreByAuthor(_ entry: Catalogue.Entry) -> Bool {
        guard let author = entry.skill.author else { return false }
        return (listingData.authorSkillCounts[catalogue.urls.authorPage(author)] ?? 0) > 1
    }

    /// Entry `index`'s skill page for `serve` to show before the rest of the build: its related
    /// skills made from `previous`' scores when those tell (a rename has every list made again),
    /// so it waits for none of this build's. The same page as `skillPage(_:index:cards:)`.
    package func earlySkillPage(_ index: Int, cards: CardCache, since previous: SiteRenderer) -> SkillPage {
        let related = listingData.related(of: index, scoredBy: previous.listingData, in: catalogue.entries)
        return skillPage(catalogue.entries[index], index: index, cards: cards, related: related)
    }

    /// - Parameters:
    ///   - index: the entry's place in the catalogue's entries, for its related skills.
    ///   - cards: the build's cards, for the related skills; without them the page shows none.
    ///   - related: the related skills, when known before this renderer's are made (`earlySkillPage`).
    package func skillPage(
        _ entry: Catalogue.Entry, index: Int? = nil, cards: CardCache? = nil, related: [Int]? = nil
    ) -> SkillPage {
        let skill = entry.skill
        let urls = catalogue.urls
        // The HTML and the whole summary from one parse.
        let rendered = Markdown.render(skill.description)
        let description =
            rendered.summary.isEmpty
            ? strings.text("skill_description", ["name": skill.name, "group": skill.group]) : rendered.summary
        let social = social(entry, description: description)
        var page = SkillPage(
            common: common(path: entry.path, title: skill.name, description: description),
            card: card(entry),
            descriptionHTML: rendered.html,
            examples: skill.examples,
            exampleLinks: catalogue.config.tryURL.map { template in
                skill.examples.map { NamedLink(name: $0, url: TryURL.link(template, example: $0)) }
            },
            author: skill.author, authorURL: skill.authorURL,
            termsURL: skill.termsOfUse, privacyURL: skill.privacyPolicy,
            groupURL: urls.href(urls.groupPage(skill.group)),
            model: skill.model, dynamicContent: skill.dynamicContent, created: skill.created,
            ratingForm: ratingForm?.fragment(
                for: skill, root: urls.root(from: entry.path), engine: theme.engine, strings: strings,
                countedBySusi: entry.rating.countedBySusi),
            ratingThanks: ratingForm?.thanksHTML(for: skill, strings: strings),
            jsonLD: social.jsonLD, ogImage: social.ogImage,
            languageURL: urls.href(urls.languagePage(skill.language)),
            languageName: languageNames(skill.language),
            authorPageURL: skill.author.map { urls.href(urls.authorPage($0)) },
            authorSkillsText: skill.author.map { strings.text("all_skills_by", ["author": $0]) },
            chart: entry.rating.isRated && skillPageReach.chart
                ? chart.fragment(entry.rating, engine: theme.engine, strings: strings, labels: chartLabels)
                : nil,
            feedback: entry.rating.hasFeedback
                ? (
                    strings.numbers.integer(entry.rating.positive ?? 0),
                    strings.numbers.integer(entry.rating.negative ?? 0)
                ) : nil)
        if let index, let cards, let related = related ?? listingData.related(of: index) {
            let root = urls.root(from: entry.path)
            page.related = related.map {
                cards.card(catalogue.entries[$0], root: root, level: 3)
            }
        }
        if hasMoreByAuthor(entry), let author = skill.author {
            page.moreByAuthor = NamedLink(
                name: strings.text("more_by_author", ["author": author]), url: urls.href(urls.authorPage(author)))
        }
        page.reportURL = catalogue.config.reportURL.map { template in
            ReportURL.link(
                template, skill: skill.id,
                pageURL: urls.hasHost ? urls.absolute(urls.href(entry.path)) : urls.href(entry.path))
        }
        let reviews = entry.rating.reviews
        if !reviews.isEmpty {
            page.reviews = reviews.prefix(catalogue.config.reviewsOnSkillPage).map(reviewData)
            page.reviewCount = strings.count("reviews_count", reviews.count)
            if reviews.count > page.reviews.count {
                page.allReviews = NamedLink(
                    name: strings.count("all_reviews", reviews.count),
                    url: urls.href(urls.reviewsPage(page: entry.path)))
            }
        }
        if skillPageReach.timeline {
            page.timeline = timelineChart.fragment(
                entry.rating.timeline, ratings: entry.rating.total, engine: theme.engine)
        }
        page.embed = BadgeEmbed(skill: skill, pagePath: entry.path, urls: urls, strings: strings)
        if page.embed != nil {
            page.badge = (urls.href(urls.badge(page: entry.path)), Badge.width(rating: entry.rating, strings: strings))
        }
        return page
    }

    func notFoundPage() -> NotFoundPage {
        // Served for any missing path, so links start from the site root, not from the page.
        let urls = catalogue.urls
        return NotFoundPage(
            common: common(
                path: "", title: strings.text("not_found"), description: strings.text("not_found_description"),
                root: urls.basePath),
            groups: catalogue.groups.map { NamedLink(name: $0.name, url: urls.href($0.path)) })
    }
}
