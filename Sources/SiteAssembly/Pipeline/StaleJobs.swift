import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

extension LiveSite {
    /// Each planned page's and generated file's inputs, and the plan's jobs whose inputs differ
    /// from the kept build's, or that the kept build did not make. A vote or an edit usually leaves
    /// the plan's paths as they were (`samePlan`): then keys are compared place by place, with no
    /// path hashed. Jobs a plan left out (`Plan.places`) keep the kept build's keys at their places.
    static func stale(
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
    static func everything(
        _ plan: SiteRenderer.Plan
    ) -> (keys: Keys, pages: [SiteRenderer.PageJob], files: [SiteRenderer.FileJob]) {
        let keys = Keys(
            pages: plan.jobs.map { FileKey(template: $0.template, key: $0.key) },
            files: plan.fileJobs.map { FileKey(template: "", key: $0.key) })
        return (keys, plan.jobs, plan.fileJobs)
    }
}
