import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// The pipeline, stage by stage: load → validate → model and statistics → plan → render and
/// link check → write. Content is read through the options' content source and the site goes
/// into an output sink, so the same pipeline builds on disk or in memory. The only stage that
/// touches the output is the last, and only when all others succeeded.
public enum SiteBuilder {
    /// Everything `build` does but the write (`sitegen check`): reading, validation, rendering
    /// every page and the link check. Throws when there are errors (or warnings, with `strict`).
    public static func check(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, into: .nowhere)
    }

    /// Builds into the output folder, which is replaced only when the whole build succeeded.
    public static func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, into: .folder)
    }

    /// Builds into `sink` instead of the output folder (`options.output` is not looked at).
    public static func build(_ options: BuildOptions, into sink: any OutputSink) throws(BuildFailure) -> BuildReport {
        try run(options, into: .sink(sink))
    }

    private enum Destination {
        case nowhere
        /// The staging folder beside `options.output`, made once everything before the write succeeded.
        case folder
        case sink(any OutputSink)
    }

    private static func run(_ options: BuildOptions, into destination: Destination) throws(BuildFailure) -> BuildReport
    {
        let clock = ContinuousClock()
        let start = clock.now
        var times = StageTimes()
        // One log for every stage: whatever ends the build reports all that was found before it.
        var log = DiagnosticLog()
        func failure(_ more: [Diagnostic]) -> BuildFailure {
            log.append(contentsOf: more)
            return BuildFailure(log.items)
        }
        let source = options.content.source

        let loaded = times.time(.load) {
            ContentLoader.load(options.content, baseURLOverride: options.baseURL, recordedVotes: options.recordedVotes)
        }
        log.append(contentsOf: loaded.diagnostics)
        var theme = times.time(.templates) { options.loadTheme(language: loaded.config.language, &log) }
        if let engine = options.templateEngine { theme.engine = engine(theme) }
        if case .folder = destination,
            let problem = OutputFolder.problem(
                output: options.output, display: options.outputDisplay,
                protected: [options.content.root, options.templates].compactMap { $0 },
                force: options.force)
        {
            log.append(problem)
        }
        try fail(on: log.items, strict: options.strict)

        let catalogue = times.time(.model) {
            Catalogue(
                skills: loaded.skills, ratings: loaded.ratings, config: loaded.config.wordsFilled(from: theme.strings))
        }

        var renderer = times.time(.renderSetup) {
            SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: options.content.root)
        }
        let (plan, staticFiles, existing) = times.time(.plan) { () -> (SiteRenderer.Plan, [OutputFile], Set<String>) in
            let listedStatic = StaticFiles.list(options.content, &log)
            renderer.buildDate = options.buildDate
            renderer.staticPaths = Set(listedStatic.map(\.relativePath))
            let plan = renderer.plan()
            let generated = Set(plan.paths)
            let staticFiles = StaticFiles.collect(
                listedStatic, caselessGenerated: { StaticFiles.caseless(generated) }, &log)
            return (plan, staticFiles, generated.union(staticFiles.map(\.path)))
        }
        try fail(on: log.items, strict: options.strict)

        // Pages are rendered, link-checked and written a batch at a time, so a large site never
        // sits in memory whole. Nothing is in place until every batch has succeeded.
        var sink: (any OutputSink)?
        switch destination {
        case .nowhere:
            break
        case .sink(let given):
            sink = given
        case .folder:
            do {
                sink = try times.time(.write) { try OutputFolder.Staging(output: options.output) }
            } catch {
                throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
            }
        }
        var broken: [LinkCheck.Broken] = []
        func brokenLinks() -> [Diagnostic] {
            LinkCheck.diagnostics(broken: broken, outputDisplay: options.outputDisplay)
        }
        var pageCount = 0
        var fileCount = 0
        // The site's paths as the link check looks links up, made beside the first batch's render.
        let indexFile = catalogue.urls.indexFile
        let laterKnown = Background(sharing: true) { KnownPaths(existing: existing, indexFile: indexFile) }
        let linkFree = LinkFreeMarkup(renderer.starRowMarkup)
        let round = LinkCheck.Round()
        let batchSize = options.batchSize
        // A batch is written on another thread while the next one renders: the cores a batch's
        // render or check leaves idle at its end, waiting for its slowest page, write instead.
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
            let config = catalogue.config
            // The plan made the sitemap and feed: they are checked while the pages render, from
            // the first batch that finds the path table made. (Started at once, the check held
            // one of Dispatch's workers while it waited for the table: on two cores, the other
            // one.)
            let otherFiles = options.otherFiles?(plan.otherFiles) ?? plan.otherFiles
            @Sendable func checkOthers(_ known: KnownPaths) -> [LinkCheck.Broken] {
                LinkCheck.check(otherFiles, known: known, config: config, linkFree: linkFree)
            }
            var othersChecked: Background<[LinkCheck.Broken]>?
            let batches = PlanBatches(pages: plan.jobs.count, files: plan.fileJobs.count, size: batchSize)
            for batch in 0..<batches.count {
                let isLast = batch == batches.count - 1
                if othersChecked == nil, let known = laterKnown.valueIfDone {
                    othersChecked = Background { checkOthers(known) }
                }
                let (pages, later) = batches.items(batch)
                // Pages are link-checked as they are made, on the cores that render them.
                var (files, looks) = try times.time(.render) {
                    () throws(SiteRenderer.RenderError) -> ([OutputFile], [LinkCheck.Look]) in
                    try renderer.make(plan, pages: pages, later: later) { run, places in
                        // The first runs do not wait for the path table: they look links up in the set.
                        LinkCheck.look(
                            at: run, places: places, known: laterKnown.valueIfDone, existing: existing, config: config,
                            linkFree: linkFree, recording: false, round: round)
                    }
                }
                times.move(coreSeconds: looks.reduce(0) { $0 + $1.seconds }, from: .render, to: .linkCheck)
                let pagesMade = looks.reduce(0) { $0 + $1.files }
                broken += looks.flatMap(\.broken)
                // The batch's later files (the API's, the badges) hold no page the check reads, as a
                // rule: then it neither waits for the path table nor looks.
                let laterRead = files[pagesMade...].filter(LinkCheck.reads)
                broken += times.time(.linkCheck) {
                    (laterRead.isEmpty
                        ? [] : LinkCheck.check(laterRead, known: laterKnown.wait(), config: config, linkFree: linkFree))
                        + (isLast ? othersChecked?.wait() ?? checkOthers(laterKnown.wait()) : [])
                }
                if isLast { files += otherFiles + staticFiles }
                try finishWriting()
                // Once anything is broken, keep checking (to report it all) but stop writing.
                if broken.isEmpty, let sink { writing = BatchWrite.start(files, into: sink, from: source) }
                pageCount += files.filter { $0.path.hasSuffix(".html") }.count
                fileCount += files.count
            }
            try finishWriting()
        } catch let error as SiteRenderer.RenderError {
            sink?.discard()
            if let writeFailure {
                throw failure([.error(options.outputDisplay, "cannot write the site: \(writeFailure)")])
            }
            // Links found broken in earlier batches are reported with the render error.
            throw failure(brokenLinks() + error.diagnostics)
        } catch {
            sink?.discard()
            throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
        }
        log.append(contentsOf: brokenLinks())
        do {
            try fail(on: log.items, strict: options.strict)
        } catch {
            sink?.discard()
            throw error
        }
        var notes: [String] = []
        if let sink {
            do {
                try times.time(.write) { try sink.commit() }
            } catch {
                sink.discard()
                throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
            }
            if let note = sink.note { notes.append(note) }
        }

        if !options.freesMemory { ProcessLifetime.keep((loaded, theme, renderer, plan, existing, laterKnown, sink)) }
        return BuildReport(
            catalogue: catalogue, loaded: loaded, options: options, pages: pageCount, files: fileCount,
            unchanged: sink?.unchanged ?? 0, log: log, notes: notes,
            seconds: (clock.now - start).seconds, stages: times.stages)
    }

    package static func fail(on diagnostics: [Diagnostic], strict: Bool) throws(BuildFailure) {
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing {
            throw BuildFailure(
                strict
                    ? diagnostics.map {
                        var d = $0
                        d.severity = .error
                        return d
                    } : diagnostics)
        }
    }
}

extension Duration {
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// `Content/static/` is copied into the site as it is: files a user wants published beside the
/// generated pages (favicon, CNAME, …). It may not overwrite a generated file.
enum StaticFiles {
    /// The one hidden folder published: RFC 8615's home of `security.txt`, `assetlinks.json` and
    /// the like. Other hidden files (`.git`, `.DS_Store`, editors' backups) stay out.
    static let wellKnown = ".well-known"

    /// The files of `Content/static/`, listed from the content source, `.well-known/` among them.
    package static func list(_ content: ContentLocation, _ log: inout DiagnosticLog) -> [ContentFile] {
        let display = content.display + "/static"
        let files = ContentFile.list(
            in: content.staticFiles, display: display, root: content.root, source: content.source, &log)
        let wellKnown = ContentFile.list(
            in: content.staticFiles.appendingPathComponent(wellKnown), display: display + "/" + wellKnown,
            root: content.root, source: content.source, &log)
        guard !wellKnown.isEmpty else { return files }
        return (files + wellKnown.map { $0.prefixed(Self.wellKnown + "/") }).sorted {
            $0.relativePath < $1.relativePath
        }
    }

    /// The generated paths as `collect` compares them: case-insensitively, as some hosts do.
    package static func caseless(_ generated: Set<String>) -> Set<String> {
        Set(generated.map(OutputPaths.caseless))
    }

    /// `files` as output files, less those that would overwrite a generated file (`caselessGenerated`,
    /// from `caseless`; made only when there are static files: most sites have none).
    package static func collect(
        _ files: [ContentFile], caselessGenerated: () -> Set<String>, _ log: inout DiagnosticLog
    ) -> [OutputFile] {
        guard !files.isEmpty else { return [] }
        let generated = caselessGenerated()
        return files.compactMap { file in
            if generated.contains(OutputPaths.caseless(file.relativePath)) {
                log.error(file.displayPath, "would overwrite the generated `\(file.relativePath)`; rename or remove it")
                return nil
            }
            return OutputFile(path: file.relativePath, copyOf: file.url)
        }
    }
}

/// One batch written into a sink on another thread, and how it went.
private struct BatchWrite: Sendable {
    let result: Result<Void, any Error>
    let seconds: Double

    /// The sink is not `Sendable`: the build hands it to this write and touches it again only
    /// after waiting for it, so one thread at a time uses it.
    private struct Handed: @unchecked Sendable {
        let sink: any OutputSink
    }

    static func start(_ files: [OutputFile], into sink: any OutputSink, from source: ContentSource) -> Background<Self>
    {
        let handed = Handed(sink: sink)
        // Shared: the build waits for a batch's write when the next batch is rendered (as the
        // kernel's writing slows with a large site's files), and then writes beside it.
        return Background(sharing: true) {
            let clock = ContinuousClock()
            let start = clock.now
            let result = Result { try handed.sink.write(files, from: source) }
            return BatchWrite(result: result, seconds: (clock.now - start).seconds)
        }
    }
}
