import Foundation
import Mustache

/// Render stage: the catalogue and a theme in, the site's files out (in memory; the build stage
/// writes them). Knows nothing of where content came from.
public struct SiteRenderer: Sendable {
    public let catalogue: Catalogue
    public let theme: Theme
    let starRow: StarRow
    let bigStarRow: StarRow
    let chart: BarChart
    /// Where the site's files came from, for copying skill images.
    let contentRoot: URL
    /// Each description's summary and text, by skill id (its HTML is made with the skill's page).
    let descriptions: [String: Markdown.Rendered]
    let ratingForm: RatingForm?
    let listingData: ListingData
    let siteWide: SiteWideValues
    /// Both star rows of each value shown, drawn once per build.
    let starRows: [Double: StarRows]
    /// The header and footer, once per root and navigation state.
    let frames: PageFrames
    /// From --build-date or SOURCE_DATE_EPOCH; templates see `buildDate` (and `buildTimestamp`).
    public var buildDate: BuildDate?
    /// The paths of `Content/static/`'s files, as the load stage listed them: planning decides
    /// with them (a `robots.txt` of the owner's own wins) and never looks at the disk itself.
    public var staticPaths: Set<String> = []

    public init(catalogue: Catalogue, theme: Theme, contentRoot: URL) {
        self.catalogue = catalogue
        // libcmark keeps no global state: descriptions render on all cores.
        // Summaries and text for now; each skill page makes its HTML when it is rendered.
        let rendered = catalogue.entries.parallelMap { Markdown.render($0.skill.description, includingHTML: false) }
        var descriptions: [String: Markdown.Rendered] = [:]
        descriptions.reserveCapacity(rendered.count)
        for (entry, html) in zip(catalogue.entries, rendered) { descriptions[entry.skill.id] = html }
        self.descriptions = descriptions
        listingData = ListingData(catalogue)
        self.theme = theme
        self.contentRoot = contentRoot
        let style = catalogue.config.stars
        starRow = StarRow(style: style)
        var big = style
        big.size = style.size * 1.5
        big.spacing = style.spacing * 1.5
        bigStarRow = StarRow(style: big)
        chart = BarChart(style: catalogue.config.chart)
        ratingForm = catalogue.config.ratingForm.map(RatingForm.init)
        siteWide = SiteWideValues(catalogue: catalogue, themeCSS: chart.themeCSS)
        // A row's SVG depends only on the value it shows, and ratings share few of those.
        var starRows: [Double: StarRows] = [:]
        for entry in catalogue.entries {
            guard let average = entry.rating.average else { continue }
            let scaled = average * Double(starRow.style.count) / 5
            let shown = starRow.displayedValue(scaled)
            if starRows[shown] == nil {
                starRows[shown] = StarRows(small: starRow.svg(value: scaled),
                                           large: bigStarRow.svg(value: scaled, cssClass: "stars stars-large"))
            }
        }
        self.starRows = starRows
        frames = PageFrames(library: theme.library)
    }

    /// Both star rows of each value shown (see `StarRow.displayedValue`).
    struct StarRows: Sendable {
        let small: String
        let large: String
    }

    /// What every page shows the same, computed once per build rather than once per page.
    struct SiteWideValues: @unchecked Sendable {
        /// Only `String`, `Int`, `Bool` and arrays of dictionaries of those: immutable values.
        let values: [String: Any]
        let navGroups: [[String: Any]]
        /// Group page path → its index in `navGroups`.
        let groupIndex: [String: Int]

        init(catalogue: Catalogue, themeCSS: String) {
            let config = catalogue.config
            let urls = catalogue.urls
            navGroups = catalogue.groups.map { group -> [String: Any] in
                ["name": group.name, "url": urls.href(group.path), "count": group.entries.count,
                 "current": false]
            }
            groupIndex = Dictionary(catalogue.groups.enumerated().map { ($1.path, $0) }) { first, _ in first }
            values = [
                // Cards sit under the page's h1 (listings) unless a page puts section headings between.
                "cardLevel": 2,
                "lang": config.language,
                "siteTitle": config.title,
                "siteDescription": config.description,
                "themeStyle": themeCSS,
                "skillCount": catalogue.entries.count.grouped,
                "ratingCount": catalogue.ratingCount.grouped,
                "navGroups": navGroups,
                // Where the theme links to, so templates spell no path themselves.
                "groupsURL": urls.href(urls.groups),
                "topRatedURL": urls.href(urls.topRated),
                "mostRatedURL": urls.href(urls.mostRated),
                "newestURL": urls.href(urls.newest),
                "languagesURL": urls.href(urls.languages),
                "authorsURL": urls.href(urls.authors),
                "feedURL": urls.href(urls.feed),
                "apiURL": urls.href(urls.apiGroups),
                "stylesheetURL": urls.href(urls.stylesheet),
            ]
        }
    }

    public struct RenderError: Error, Sendable {
        public let diagnostics: [Diagnostic]
    }

    /// One page to render: its template, where it goes, and how to make its context. Contexts are
    /// made on the worker that renders the page, so pages render on all cores and no more than a
    /// few contexts exist at once.
    struct PageJob: Sendable {
        let template: String
        let path: String
        let context: @Sendable () -> [String: Any]
    }

    /// A file made when the build gets to it, like a page: the JSON API alone is tens of
    /// megabytes for a large catalogue.
    struct FileJob: Sendable {
        let path: String
        let make: @Sendable () -> OutputFile
    }

    /// Everything the render stage will produce: pages still to render and files still to make
    /// (both a batch at a time by the build, so a large site never sits in memory whole), and the
    /// other files, made now.
    public struct Plan: Sendable {
        let jobs: [PageJob]
        let fileJobs: [FileJob]
        public let otherFiles: [OutputFile]
        public var pagePaths: [String] { jobs.map(\.path) }
        /// Pages, then the files made later: the order the build goes through them.
        public var count: Int { jobs.count + fileJobs.count }
        public var paths: [String] { jobs.map(\.path) + fileJobs.map(\.path) + otherFiles.map(\.path) }
    }

    public func plan() -> Plan {
        let urls = catalogue.urls
        let cards = CardCache(renderer: self, library: theme.library)
        var jobs: [PageJob] = [PageJob(template: "index", path: urls.output(ofPage: "")) { indexContext(cards) }]
        for group in catalogue.groups {
            for number in 1...Pagination(itemCount: group.entries.count, pageSize: catalogue.config.pageSize).pageCount {
                jobs.append(PageJob(template: "group", path: urls.output(ofPage: urls.listingPage(group.path, page: number))) {
                    groupContext(group, page: number, cards: cards)
                })
            }
        }
        // Jobs hold the renderer by reference and their skill by index: a closure that captured
        // both by value would carry a copy of each per page.
        let shared = Shared(self)
        for (index, entry) in catalogue.entries.enumerated() {
            jobs.append(PageJob(template: "skill", path: urls.output(ofPage: entry.path)) {
                shared.value.skillContext(shared.value.catalogue.entries[index])
            })
        }
        jobs.append(PageJob(template: "404", path: urls.notFound) { notFoundContext() })
        jobs += listingPages(cards: cards)

        let fileJobs = JSONAPI.files(catalogue)
        var files = machineReadableFiles(pagePaths: jobs.map(\.path))
        for (path, data) in theme.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: urls.asset(path), data: data))
        }
        var copied = Set<String>()
        for entry in catalogue.entries {
            guard case .local(let path)? = entry.skill.image, copied.insert(path).inserted else { continue }
            files.append(OutputFile(path: urls.media(path), copyOf: contentRoot.appendingPathComponent(path)))
        }
        return Plan(jobs: jobs, fileJobs: fileJobs, otherFiles: files)
    }

    /// Makes the part of a plan's items (pages first, then files) in `range`, on all cores, in order.
    public func make(_ plan: Plan, items range: Range<Int>) throws(RenderError) -> [OutputFile] {
        let pages = range.clamped(to: 0..<plan.jobs.count)
        var files = pages.isEmpty ? [] : try render(plan, pages: pages)
        let later = range.clamped(to: plan.jobs.count..<plan.count)
        if !later.isEmpty {
            files += Array(plan.fileJobs[(later.lowerBound - plan.jobs.count)..<(later.upperBound - plan.jobs.count)]).parallelMap { $0.make() }
        }
        return files
    }

    /// Renders some of a plan's pages on all cores, in order.
    public func render(_ plan: Plan, pages range: Range<Int>) throws(RenderError) -> [OutputFile] {
        let library = theme.library
        let jobs = Array(plan.jobs[range])
        let rendered = jobs.parallelMap { job -> OutputFile? in
            library.render(job.context(), withTemplate: job.template).map { OutputFile(path: job.path, text: $0) }
        }
        var files: [OutputFile] = []
        var problems: [Diagnostic] = []
        var missing = Set<String>()
        for (job, file) in zip(jobs, rendered) {
            if let file {
                files.append(file)
            } else if missing.insert(job.template).inserted {
                problems.append(.error("Templates/\(job.template).mustache", "template `\(job.template)` is missing"))
            }
        }
        guard problems.isEmpty else { throw RenderError(diagnostics: problems) }
        return files
    }

    /// The whole site in memory: for tests and small sites (the build renders in batches).
    public func render() throws(RenderError) -> [OutputFile] {
        let plan = plan()
        return try make(plan, items: 0..<plan.count) + plan.otherFiles
    }

    // MARK: - Contexts

    func common(path: String, title: String, description: String, root: String? = nil) -> [String: Any] {
        // Only the 404 page passes its own root: it is served at any address.
        let isErrorPage = root != nil
        let config = catalogue.config
        let urls = config.urls
        let root = root ?? urls.root(from: path)
        // The 404 page is served at any address, so it claims no place in the navigation.
        let key = PageFrames.Key(root: root, nav: isErrorPage ? [:] : SiteNavigation.current(for: path, urls: urls),
                                 currentGroup: siteWide.groupIndex[path], buildDate: buildDate)
        var context = frameContext(key)
        let frame = frames.frame(key) { context }
        context["siteHeader"] = frame.header
        context["siteFooter"] = frame.footer
        context["pageTitle"] = title == config.title ? title : "\(title) · \(config.title)"
        context["metaDescription"] = HTML.truncate(description, to: 160)
        context["ogTitle"] = title
        if urls.hasHost {
            context["canonical"] = urls.absolute(urls.href(path))
        }
        return context
    }

    /// What the header and footer may show: values that are the same on every page with the
    /// same key (pages see them too).
    func frameContext(_ key: PageFrames.Key) -> [String: Any] {
        var context = siteWide.values
        context["root"] = key.root
        context["nav"] = key.nav
        if let current = key.currentGroup {
            var groups = siteWide.navGroups
            groups[current]["current"] = true
            context["navGroups"] = groups
        }
        context["hasFeed"] = listingData.hasFeed
        if let buildDate = key.buildDate {
            context["buildDate"] = buildDate.day
            context["buildTimestamp"] = buildDate.timestamp
        }
        return context
    }

    func indexContext(_ cards: CardCache) -> [String: Any] {
        var context = common(path: "", title: catalogue.config.title, description: catalogue.config.description)
        context["groups"] = zip(catalogue.groups, listingData.listings.highlights).map { group, shown -> [String: Any] in
            let countText = Self.count(group.entries.count, "skill")
            var item: [String: Any] = [
                "name": group.name, "url": catalogue.urls.href(group.path), "count": group.entries.count,
                "slug": Slug.segment(group.name),
                "countText": countText,
                "hasSkills": !shown.isEmpty,
                "skills": shown.map { ["card": cards.card($0, root: "", level: 3)] },
            ]
            // Only when the cards do not already show the whole group.
            if shown.count < group.entries.count { item["more"] = "See all \(countText) in \(group.name)" }
            return item
        }
        context["groupCount"] = catalogue.groups.count
        context["cardLevel"] = 3
        return context
    }

    func groupContext(_ group: Catalogue.Group, page: Int = 1, cards: CardCache) -> [String: Any] {
        let countText = Self.count(group.entries.count, "skill")
        let description = "\(countText) in \(group.name)."
        let pagination = Pagination(itemCount: group.entries.count, pageSize: catalogue.config.pageSize)
        let path = catalogue.urls.listingPage(group.path, page: page)
        var context = common(path: path,
                             title: page > 1 ? "\(group.name), page \(page)" : group.name, description: description)
        context["name"] = group.name
        context["countText"] = countText
        context["ratingsText"] = RatingSummary.ratingsText(group.ratingCount)
        let root = catalogue.urls.root(from: path)
        context["skills"] = group.entries[pagination.items(onPage: page)].map { ["card": cards.card($0, root: root, level: 2)] }
        if let pager = pagerContext(base: group.path, pagination: pagination, page: page) { context["pager"] = pager }
        return context
    }

    func card(_ entry: Catalogue.Entry) -> [String: Any] {
        let skill = entry.skill
        let summary = descriptions[skill.id]?.summary ?? ""
        var card: [String: Any] = [
            "name": skill.name,
            "url": catalogue.urls.href(entry.path),
            "initial": skill.name.first.map { String($0).uppercased() } ?? "?",
            "summary": HTML.truncate(summary, to: 140),
            "group": skill.group,
            "language": skill.language,
        ]
        if let example = skill.examples.first { card["firstExample"] = example }
        card.merge(imageContext(skill)) { a, _ in a }
        card.merge(ratingContext(entry.rating)) { a, _ in a }
        return card
    }

    func imageContext(_ skill: Skill) -> [String: Any] {
        switch skill.image {
        case .local(let path)?: ["image": catalogue.urls.href(catalogue.urls.media(path)), "imageIsLocal": true]
        case .remote(let url)?: ["image": url, "imageIsRemote": true]
        case nil: [:]
        }
    }

    /// Both star row sizes, so each template picks per use: `{{{starRow}}}` (cards) or
    /// `{{{starRowLarge}}}` (skill page header and chart).
    func ratingContext(_ rating: RatingSummary) -> [String: Any] {
        guard let average = rating.average, let text = rating.averageText else {
            return ["rated": false]
        }
        // The star row shows the average on the row's own scale.
        let scaled = average * Double(starRow.style.count) / 5
        let rows = starRows[starRow.displayedValue(scaled)]
        return [
            "rated": true,
            "averageText": text,
            "totalText": rating.totalText,
            "starRow": rows?.small ?? starRow.svg(value: scaled),
            "starRowLarge": rows?.large ?? bigStarRow.svg(value: scaled, cssClass: "stars stars-large"),
            "ratingLabel": "Rated \(text) out of 5 by \(rating.total == 1 ? "1 user" : "\(rating.total.grouped) users")",
        ]
    }

    func skillContext(_ entry: Catalogue.Entry) -> [String: Any] {
        let skill = entry.skill
        let rendered = descriptions[skill.id] ?? Markdown.Rendered(html: "", summary: "")
        let description = rendered.summary.isEmpty ? "\(skill.name), a skill in \(skill.group)." : rendered.summary
        var context = common(path: entry.path, title: skill.name, description: description)
        context.merge(card(entry)) { _, new in new }
        let html = Markdown.html(skill.description)
        context["descriptionHTML"] = html
        context["hasDescription"] = !html.isEmpty
        context["examples"] = skill.examples
        context["hasExamples"] = !skill.examples.isEmpty
        context["author"] = skill.author
        context["authorURL"] = skill.authorURL
        context["termsURL"] = skill.termsOfUse
        context["privacyURL"] = skill.privacyPolicy
        context["hasLegal"] = skill.termsOfUse != nil || skill.privacyPolicy != nil
        context["groupURL"] = catalogue.urls.href(catalogue.urls.groupPage(skill.group))
        context["model"] = skill.model
        context["dynamicContent"] = skill.dynamicContent
        context["created"] = skill.created
        if let ratingForm {
            context["ratingForm"] = ratingForm.html(for: skill, root: catalogue.urls.root(from: entry.path))
            context["ratingThanks"] = ratingForm.thanksHTML(for: skill)
        }
        context.merge(socialContext(entry, description: description)) { _, new in new }
        context.merge(listingLinks(skill)) { _, new in new }
        if entry.rating.isRated {
            context["chart"] = chart.html(entry.rating)
        }
        if entry.rating.hasFeedback {
            context["feedback"] = [
                "positive": (entry.rating.positive ?? 0).grouped,
                "negative": (entry.rating.negative ?? 0).grouped,
            ]
        }
        return context
    }

    func notFoundContext() -> [String: Any] {
        // Served for any missing path, so links start from the site root, not from the page.
        var context = common(path: "", title: "Page not found", description: "This page does not exist.",
                             root: catalogue.urls.basePath)
        context["groups"] = catalogue.groups.map { ["name": $0.name, "url": catalogue.urls.href($0.path)] }
        return context
    }
}

/// A value behind one reference, for closures made by the thousand.
final class Shared<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
