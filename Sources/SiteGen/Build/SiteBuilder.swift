import Foundation

/// The pipeline, stage by stage: load → validate → model and statistics → render → write.
/// The only stage that touches the output folder is the last, and only when all others succeeded.
public enum SiteBuilder {
    /// Reads and validates everything without writing (`sitegen check`). Throws when there are errors
    /// (or warnings, with `strict`); returns the warnings otherwise.
    public static func check(_ options: BuildOptions) throws(BuildFailure) -> LoadedContent {
        let loaded = ContentLoader.load(options.content, baseURLOverride: options.baseURL)
        var log = DiagnosticLog()
        log.append(contentsOf: loaded.diagnostics)
        _ = Theme.load(directory: options.templates, display: options.templatesDisplay, &log)
        try fail(on: log.items, strict: options.strict)
        return loaded
    }

    public static func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        var stages: [(String, Double)] = []
        var mark = start
        func lap(_ name: String) {
            let now = clock.now
            stages.append((name, (now - mark).seconds))
            mark = now
        }

        let loaded = ContentLoader.load(options.content, baseURLOverride: options.baseURL)
        var log = DiagnosticLog()
        log.append(contentsOf: loaded.diagnostics)
        let theme = Theme.load(directory: options.templates, display: options.templatesDisplay, &log)
        if let problem = OutputFolder.problem(output: options.output, display: options.outputDisplay,
                                              protected: [options.content.root, options.templates].compactMap { $0 }) {
            log.append(problem)
        }
        try fail(on: log.items, strict: options.strict)
        lap("load")

        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
        lap("model")

        var files: [OutputFile]
        do {
            var renderer = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: options.content.root)
            renderer.buildDate = options.buildDate
            files = try renderer.render()
        } catch {
            throw BuildFailure(log.items + error.diagnostics)
        }
        var staticLog = DiagnosticLog()
        files += StaticFiles.collect(options.content, generated: Set(files.map(\.path)), &staticLog)
        staticLog.append(contentsOf: LinkCheck.diagnostics(files, config: catalogue.config, outputDisplay: options.outputDisplay))
        try fail(on: log.items + staticLog.items, strict: options.strict)
        lap("render")

        var unchanged = 0
        do {
            unchanged = try OutputFolder.replace(options.output, with: files)
        } catch {
            throw BuildFailure(log.items + [.error(options.outputDisplay, "cannot write the site: \(error)")])
        }
        lap("write")

        var report = BuildReport(
            skills: catalogue.entries.count, groups: catalogue.groups.count,
            pages: files.filter { $0.path.hasSuffix(".html") }.count, files: files.count,
            votesRead: catalogue.ratingCount, ratingFiles: loaded.ratingFilesRead,
            warnings: (log.items + staticLog.items).filter { $0.severity == .warning }.sorted(),
            seconds: (clock.now - start).seconds, stages: stages
        )
        report.catalogue = catalogue
        report.unchangedFiles = unchanged
        if catalogue.config.ratingForm == nil { report.notes.append(RatingFormConfig.absentNote) }
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
    static func collect(_ content: ContentLocation, generated: Set<String>, _ log: inout DiagnosticLog) -> [OutputFile] {
        // Compared case-insensitively, as some hosts do.
        let generated = Set(generated.map { $0.lowercased() })
        return ContentFile.list(in: content.staticFiles, display: content.display + "/static", &log).compactMap { file in
            if generated.contains(file.relativePath.lowercased()) {
                log.error(file.displayPath, "would overwrite the generated `\(file.relativePath)`; rename or remove it")
                return nil
            }
            return OutputFile(path: file.relativePath, copyOf: file.url)
        }
    }
}
