import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// The render and link-check stages: pages are rendered, link-checked and handed on a batch at
/// a time, so a large site never sits in memory whole. A batch is written on another thread
/// while the next one renders: the cores a batch's render or check leaves idle at its end,
/// waiting for its slowest page, write instead.
struct BatchedRender {
    let renderer: SiteRenderer
    let options: BuildOptions
    /// The files the plan made besides its jobs (sitemap, feed, assets): checked while the pages
    /// render, and written with the last batch, as the static files are.
    let others: [OutputFile]
    let staticFiles: [OutputFile]
    /// The site's paths as the link check looks links up, made beside the first batch's render.
    let known: Background<KnownPaths>
    let existing: Set<String>
    /// The paths the kept site had and this one does not.
    let removed: Set<String>
    let config: SiteConfig
    let linkFree: LinkFreeMarkup
    let sitemapPath: String
    /// For a kept site: the sitemap's lines that are new since the kept one, to be checked
    /// instead of all of it (its 13,000 links were a tenth of a new skill's wait).
    let sitemapLines: OutputFile?

    /// What the batches made and found.
    struct Made {
        var broken: [LinkCheck.Broken] = []
        /// Kept: every file made, in order.
        var files: [OutputFile] = []
        /// Kept: each checked page's and file's link targets, in order.
        var targets: [(path: String, targets: LinkTargets)] = []
        /// Kept: the paths checked.
        var checked: [String] = []
        /// Pages (HTML files) and files handed on.
        var pageCount = 0
        var fileCount = 0
    }

    /// A render that failed, with the links found broken in the batches before.
    struct RenderFailure: Error {
        var error: SiteRenderer.RenderError
        var broken: [LinkCheck.Broken]
    }

    init(
        options: BuildOptions, renderer: SiteRenderer, plan: SiteRenderer.Plan, staticFiles: [OutputFile],
        known: Background<KnownPaths>, existing: Set<String>, removed: Set<String>, keptSitemap: Sitemap.Made?
    ) {
        self.options = options
        self.renderer = renderer
        others = options.otherFiles?(plan.otherFiles) ?? plan.otherFiles
        self.staticFiles = staticFiles
        self.known = known
        self.existing = existing
        self.removed = removed
        config = renderer.catalogue.config
        linkFree = LinkFreeMarkup(renderer.starRowMarkup)
        sitemapPath = config.urls.sitemap
        sitemapLines = keptSitemap.flatMap { plan.sitemap.linesToCheck(since: $0, gone: removed) }
    }

    /// Renders and checks `pages`, then `files`, handing each batch to `sink` (once nothing is
    /// broken). `keeping` holds every file and records each checked one's link targets, in one
    /// batch (a kept site holds them all anyway); a file with the bytes `kept` holds for its
    /// path was checked by the build that made it, and is not checked again.
    func run(
        _ pages: [SiteRenderer.PageJob], then files: [SiteRenderer.FileJob], into sink: (any OutputSink)?,
        keeping keeps: Bool, kept: [String: Data]?, _ times: inout StageTimes
    ) throws -> Made {
        func differs(_ file: OutputFile) -> Bool {
            guard let kept, case .data(let data) = file.contents, let before = kept[file.path] else { return true }
            return before != data
        }
        let looked = others.filter(differs).map { $0.path == sitemapPath ? sitemapLines ?? $0 : $0 }
        let (known, existing, config, linkFree) = (self.known, self.existing, self.config, self.linkFree)
        // The plan made the sitemap and feed: they are checked while the pages render, from the
        // first batch that finds the path table made. (Started at once, the check held one of
        // Dispatch's workers while it waited for the table: on two cores, the other one.)
        @Sendable func checkOthers(_ paths: KnownPaths) -> LinkCheck.Found {
            LinkCheck.check(looked, known: paths, config: config, linkFree: linkFree, recording: keeps)
        }
        var othersChecked: Background<LinkCheck.Found>?
        let round = LinkCheck.Round()
        var made = Made()
        var writing: Background<BatchWrite>?
        func finishWriting() throws {
            guard let batch = writing else { return }
            writing = nil
            let done = batch.wait()
            times.add(done.seconds, to: .write)
            try done.result.get()
        }
        // A batch's write that failed while a later batch failed to render: the build stops at
        // the write, as it did before writes ran beside renders.
        var writeFailure: (any Error)?
        do {
            defer {
                do { try finishWriting() } catch { writeFailure = error }
            }
            let batches = PlanBatches(
                pages: pages.count, files: files.count,
                size: keeps ? max(pages.count + files.count, 1) : options.batchSize)
            for batch in 0..<batches.count {
                let isLast = batch == batches.count - 1
                if othersChecked == nil, let paths = known.valueIfDone {
                    othersChecked = Background { checkOthers(paths) }
                }
                let (pageRange, later) = batches.items(batch)
                let laterJobs = files[(later.lowerBound - pages.count)..<(later.upperBound - pages.count)]
                // Pages are link-checked as they are made, on the cores that render them; the
                // first runs do not wait for the path table: they look links up in the set.
                var (batchFiles, looks) = try times.time(.render) {
                    () throws(SiteRenderer.RenderError) -> ([OutputFile], [LinkCheck.Look]) in
                    // Called with no pages too: it reports fragments drawn for the whole site that never ended.
                    try renderer.render(Array(pages[pageRange]), then: laterJobs) { run, places in
                        LinkCheck.look(
                            at: run, places: places, known: known.valueIfDone, existing: existing, config: config,
                            linkFree: linkFree, recording: keeps, round: round)
                    }
                }
                times.move(coreSeconds: looks.reduce(0) { $0 + $1.seconds }, from: .render, to: .linkCheck)
                let pagesMade = looks.reduce(0) { $0 + $1.files }
                // The batch's later files (the API's, the badges) hold no page the check reads, as a
                // rule: then it neither waits for the path table nor looks.
                let laterRead = batchFiles[pagesMade...].filter { LinkCheck.reads($0) && differs($0) }
                let found = times.time(.linkCheck) {
                    (laterRead.isEmpty
                        ? LinkCheck.Found()
                        : LinkCheck.check(
                            laterRead, known: known.wait(), config: config, linkFree: linkFree, recording: keeps))
                        + (isLast ? othersChecked?.wait() ?? checkOthers(known.wait()) : LinkCheck.Found())
                }
                made.broken += looks.flatMap(\.broken) + found.broken
                if keeps {
                    made.targets += looks.flatMap(\.targets) + found.targets
                    made.checked += batchFiles[..<pagesMade].map(\.path) + laterRead.map(\.path)
                    if isLast { made.checked += looked.map(\.path) }
                }
                if isLast { batchFiles += others + staticFiles }
                try finishWriting()
                // Once anything is broken, keep checking (to report it all) but stop writing.
                if made.broken.isEmpty, let sink {
                    writing = BatchWrite.start(batchFiles, into: sink, from: options.content.source)
                }
                made.pageCount += batchFiles.count { $0.path.hasSuffix(".html") }
                made.fileCount += batchFiles.count
                if keeps { made.files += batchFiles }
            }
            try finishWriting()
        } catch let error as SiteRenderer.RenderError {
            if let writeFailure { throw writeFailure }
            throw RenderFailure(error: error, broken: made.broken)
        }
        return made
    }

    /// Checks the kept pages a kept site's change may have broken. A kept page whose links were
    /// good breaks only by linking to a path that went: its targets (`linkTargets`) say whether
    /// it may. A broken page made now has the whole site checked, so the failure names what a
    /// full build would. Static files are copied as they are and never checked, as in a full build.
    func checkKept(_ made: Made, kept: [String: Data]?, linkTargets: [String: LinkTargets]?) -> [LinkCheck.Broken] {
        guard let kept, !removed.isEmpty || !made.broken.isEmpty else { return [] }
        let checked = Set(made.checked)
        let staticPaths = Set(staticFiles.map(\.path))
        let gone = made.broken.isEmpty ? removed.map(LinkTargets.hash) : []
        func keptFile(_ path: String, _ data: Data) -> OutputFile? {
            guard existing.contains(path), !checked.contains(path), !staticPaths.contains(path) else { return nil }
            return OutputFile(path: path, data: data)
        }
        // When paths went, only the pages whose links may lead to one are looked at: every
        // page has its targets, and a file without them has no links to check. Hashing
        // 30,000 paths into three sets was a tenth of a deleted skill's wait.
        let keptPages =
            gone.isEmpty
            ? kept.compactMap(keptFile)
            : (linkTargets ?? [:]).compactMap { path, targets in
                gone.contains(where: targets.mayLead) ? kept[path].flatMap { keptFile(path, $0) } : nil
            }
        return LinkCheck.check(keptPages, known: known.wait(), config: config, linkFree: linkFree)
    }
}
