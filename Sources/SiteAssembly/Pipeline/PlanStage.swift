import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// What the plan stage made: the plan, the static files beside it, and every path of the site.
struct PlannedSite: Sendable {
    var plan: SiteRenderer.Plan
    var staticFiles: [OutputFile]
    var site: SitePaths
    /// No path came or went since the last good build.
    var samePaths = false
    /// The plan's paths are the last good build's.
    var samePlan = false
    /// `site` is the kept build's paths, taken out of it and patched: a failed build puts them back.
    var patched = false
    /// The kept build's table of paths (emptied while its paths are patched).
    var lastKnown: KnownPaths?

    /// The site's paths as a table for the link check: made beside the render when they moved.
    func knownPaths(indexFile: String) -> Background<KnownPaths> {
        let existing = site.existing
        return site.known.map { known in Background { known } }
            ?? lastKnown.flatMap { $0.indexFile == indexFile ? $0 : nil }.map {
                [came = site.came, went = site.went] last in
                Background(sharing: true) { KnownPaths(patching: last, existing: existing, came: came, went: went) }
            }
            ?? Background(sharing: true) { KnownPaths(existing: existing, indexFile: indexFile) }
    }

    /// The paths as the next build starts from them, with their table.
    func keptSite(known: KnownPaths) -> SitePaths {
        var site = site
        site.known = known
        // What came and went since the build before: the next build's paths are told apart from these.
        site.kept()
        return site
    }
}

extension LiveSite {
    /// The plan stage: every page and file the site will have, and the static files. A kept
    /// build's plan leaves out the jobs of skills whose pages cannot have changed, and most
    /// changes leave the site's paths as they were.
    mutating func plan(
        _ options: BuildOptions, renderer: inout SiteRenderer, kept: inout Built?, keeps: Bool,
        _ log: inout DiagnosticLog
    ) -> PlannedSite {
        let listedStatic = StaticFiles.list(options.content, &log)
        renderer.buildDate = options.buildDate
        renderer.staticPaths = Set(listedStatic.map(\.relativePath))
        var plan = renderer.plan(
            reusing: kept?.cards, sitemap: kept?.sitemap, since: kept.map { ($0.renderer, $0.outline) },
            cutsDated: keeps)
        // Left-out skill pages keep their keys only while their template's site-wide values do.
        if let kept,
            !plan.leftOutTemplates.allSatisfy({ kept.siteValues[$0] == renderer.siteValues(reachedFrom: $0) })
        {
            plan = renderer.plan(reusing: kept.cards, sitemap: kept.sitemap, cutsDated: true)
        }
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
        var result = PlannedSite(plan: plan, staticFiles: staticFiles, site: previous ?? SitePaths.none)
        result.lastKnown = last?.site.known
        // No path came or went since the last good build: its paths stand.
        if var previous, previous.staticPaths == staticPaths {
            previous.caseless = caseless
            result.site = previous
            result.samePaths = true
            result.samePlan = true
            return result
        }
        // Patched in place, taken out of the kept build: copying its two sets retained and
        // released 60,000 strings. A failed build puts them back as they were.
        if made == nil, last?.site.staticPaths == staticPaths, var site = last?.site {
            last?.site = .none
            // So does the kept build's copy (never read again in this build): else the sets
            // are shared, and the first path put in copies them whole.
            kept?.site = .none
            result.lastKnown = site.known
            site.known = nil
            // The table holds the same set of paths: it lets go while the set is patched.
            result.lastKnown?.existing = []
            if site.patch(planned: planned) {
                result.site = site
                result.patched = true
                return result
            }
            result.lastKnown = putBack(site, known: result.lastKnown)
        }
        result.site = SitePaths(planned: planned, generated: generated(), staticPaths: staticPaths)
        result.site.caseless = caseless
        result.samePlan = previous != nil
        return result
    }

    /// Puts paths taken out of the kept build back, with their table, as they were; returns the table.
    @discardableResult
    mutating func putBack(_ site: SitePaths, known: KnownPaths?) -> KnownPaths? {
        var site = site
        var known = known
        known?.existing = site.existing
        site.known = known
        last?.site = site
        return known
    }

    /// The jobs a run makes, with every planned job's inputs (`Keys`) and each template's
    /// site-wide values for the next run: all of them, or for a kept build those whose inputs changed.
    struct Jobs {
        var keys: Keys
        var siteValues: [String: [String]]
        var pages: [SiteRenderer.PageJob]
        var files: [SiteRenderer.FileJob]
    }

    /// The stale-jobs stage: which pages and generated files to make again.
    func jobs(
        of planned: inout PlannedSite, renderer: SiteRenderer, kept: Built?, keeps: Bool, _ times: inout StageTimes
    ) -> Jobs {
        // Nothing kept: everything is made, and nothing is kept for a next run.
        guard keeps else {
            return Jobs(keys: .none, siteValues: [:], pages: planned.plan.jobs, files: planned.plan.fileJobs)
        }
        func valuesReached(by plan: SiteRenderer.Plan) -> [String: [String]] {
            var values: [String: [String]] = [:]
            for template in Set(plan.jobs.map(\.template)).union(plan.leftOutTemplates) {
                values[template] = renderer.siteValues(reachedFrom: template)
            }
            return values
        }
        var siteValues = valuesReached(by: planned.plan)
        var stale = Self.stale(planned.plan, samePlan: planned.samePlan, siteValues: siteValues, kept: kept)
        if stale == nil {
            // A left-out job's place was not found in the kept outline: every job is made (the paths are the same).
            planned.plan = times.time(.plan) {
                renderer.plan(reusing: kept?.cards, sitemap: kept?.sitemap, cutsDated: true)
            }
            siteValues = valuesReached(by: planned.plan)
            stale = Self.stale(planned.plan, samePlan: planned.samePlan, siteValues: siteValues, kept: kept)
        }
        // A plan with every job never lacks a kept key; were it to, everything is made.
        let (keys, pages, files) = stale ?? Self.everything(planned.plan)
        return Jobs(keys: keys, siteValues: siteValues, pages: pages, files: files)
    }
}
