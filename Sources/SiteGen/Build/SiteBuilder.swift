import Foundation

/// The pipeline, stage by stage: load → validate → model and statistics → render → write.
/// The only stage that touches the output folder is the last, and only when all others succeeded.
public enum SiteBuilder {
    /// Everything `build` does but the write (`sitegen check`): reading, validation, rendering
    /// every page and the link check. Throws when there are errors (or warnings, with `strict`).
    public static func check(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, writing: false)
    }

    public static func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, writing: true)
    }

    private static func run(_ options: BuildOptions, writing: Bool) throws(BuildFailure) -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        var stages: [(String, Double)] = []
        var mark = start
        func lap(_ name: String) {
            let now = clock.now
            stages.append((name, (now - mark).seconds))
            mark = now
        }
        // One log for every stage: whatever ends the build reports all that was found before.
        var log = DiagnosticLog()
        func failure(_ more: [Diagnostic]) -> BuildFailure { BuildFailure(log.items + more) }

        let loaded = ContentLoader.load(options.content, baseURLOverride: options.baseURL)
        log.append(contentsOf: loaded.diagnostics)
        let theme = Theme.load(directory: options.templates, display: options.templatesDisplay, &log)
        if writing, let problem = OutputFolder.problem(output: options.output, display: options.outputDisplay,
                                                       protected: [options.content.root, options.templates].compactMap { $0 },
                                                       force: options.force) {
            log.append(problem)
        }
        try fail(on: log.items, strict: options.strict)
        lap("load")

        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
        lap("model")

        let listedStatic = StaticFiles.list(options.content, &log)
        var renderer = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: options.content.root)
        renderer.buildDate = options.buildDate
        renderer.staticPaths = Set(listedStatic.map(\.relativePath))
        let plan = renderer.plan()
        let generated = Set(plan.paths)
        let staticFiles = StaticFiles.collect(listedStatic, generated: generated, &log)
        let existing = generated.union(staticFiles.map(\.path))
        try fail(on: log.items, strict: options.strict)
        lap("plan")

        // Pages are rendered, link-checked and written a batch at a time, so a large site never
        // sits in memory whole. Nothing reaches the output until every batch has succeeded.
        var staging: OutputFolder.Staging?
        if writing {
            do {
                staging = try OutputFolder.Staging(output: options.output)
            } catch {
                throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
            }
        }
        var renderSeconds = 0.0, writeSeconds = 0.0
        var broken: [LinkCheck.Broken] = []
        var pageCount = 0, fileCount = 0
        let batchSize = 256
        do {
            var start = 0
            while start < plan.count || start == 0 {
                let end = min(start + batchSize, plan.count)
                let renderStart = clock.now
                var files = try renderer.make(plan, items: start..<end)
                if end == plan.count { files += plan.otherFiles + staticFiles }
                broken += LinkCheck.check(files, existing: existing, config: catalogue.config)
                let writeStart = clock.now
                renderSeconds += (writeStart - renderStart).seconds
                // Once anything is broken, keep checking (to report it all) but stop writing.
                if broken.isEmpty { try staging?.write(files) }
                writeSeconds += (clock.now - writeStart).seconds
                pageCount += files.filter { $0.path.hasSuffix(".html") }.count
                fileCount += files.count
                if end == plan.count { break }
                start = end
            }
        } catch let error as SiteRenderer.RenderError {
            staging?.discard()
            throw failure(error.diagnostics)
        } catch {
            staging?.discard()
            throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
        }
        log.append(contentsOf: LinkCheck.diagnostics(broken: broken, outputDisplay: options.outputDisplay))
        do {
            try fail(on: log.items, strict: options.strict)
        } catch {
            staging?.discard()
            throw error
        }
        var notes: [String] = []
        if let staging {
            let commitStart = clock.now
            do {
                try staging.commit()
            } catch {
                staging.discard()
                throw failure([.error(options.outputDisplay, "cannot write the site: \(error)")])
            }
            if let fallback = staging.exchangeFallback { notes.append(fallback) }
            writeSeconds += (clock.now - commitStart).seconds
        }
        stages.append(("render and check", renderSeconds))
        if writing { stages.append(("write", writeSeconds)) }

        var report = BuildReport(
            skills: catalogue.entries.count, groups: catalogue.groups.count,
            pages: pageCount, files: fileCount,
            votesRead: catalogue.ratingCount, ratingFiles: loaded.ratingFilesRead,
            warnings: log.items.filter { $0.severity == .warning }.sorted(),
            seconds: (clock.now - start).seconds, stages: stages
        )
        report.catalogue = catalogue
        report.unchangedFiles = staging?.unchanged ?? 0
        if catalogue.config.ratingForm == nil { notes.append(RatingFormConfig.absentNote) }
        report.notes = notes
        return report
    }

    static func fail(on diagnostics: [Diagnostic], strict: Bool) throws(BuildFailure) {
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing {
            throw BuildFailure(strict ? diagnostics.map { var d = $0; d.severity = .error; return d } : diagnostics)
        }
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// `Content/static/` is copied into the site as it is: files a user wants published beside the
/// generated pages (favicon, CNAME, …). It may not overwrite a generated file.
enum StaticFiles {
    /// The files of `Content/static/` (the disk is read here, at the edge).
    static func list(_ content: ContentLocation, _ log: inout DiagnosticLog) -> [ContentFile] {
        ContentFile.list(in: content.staticFiles, display: content.display + "/static", root: content.root, &log)
    }

    static func collect(_ files: [ContentFile], generated: Set<String>, _ log: inout DiagnosticLog) -> [OutputFile] {
        // Compared case-insensitively, as some hosts do.
        let generated = Set(generated.map { $0.lowercased() })
        return files.compactMap { file in
            if generated.contains(file.relativePath.lowercased()) {
                log.error(file.displayPath, "would overwrite the generated `\(file.relativePath)`; rename or remove it")
                return nil
            }
            return OutputFile(path: file.relativePath, copyOf: file.url)
        }
    }
}
