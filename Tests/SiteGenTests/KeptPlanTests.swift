import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// After a vote or an edit, a kept build's plan (`plan(reusing:sitemap:since:)`) makes only the
/// jobs of the skills whose pages may show it, and every other job. Over random catalogues and
/// series of votes, or of votes and edits (words, examples, authors): its outline is the whole
/// plan's, each job it made is the whole plan's job at its place, and each job it left out has
/// the key the last plan had there (so a kept build that made it would not render it again).
@Suite struct KeptPlanTests {
    static let theme: Theme = {
        var log = DiagnosticLog()
        return Theme.load(directory: nil, display: "Templates", source: .disk, &log)
    }()

    static func keys(_ plan: SiteRenderer.Plan) -> [String: PageKey] {
        var keys: [String: PageKey] = [:]
        for job in plan.jobs { keys[job.path] = job.key }
        for job in plan.fileJobs { keys[job.path] = job.key }
        return keys
    }

    @Test(arguments: [false, true], 1...12 as ClosedRange<UInt64>)
    func aPlanAfterAChangeMakesWhatMayChangeAndLeavesOutWhatCannot(edits: Bool, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var skills = ListingsPatchTests.skills(&random)
        // Shared words, so related skills come from scores as well as from groups.
        for i in skills.indices { skills[i].description = "word\(random.below(6)) word\(random.below(9))" }
        var config = SiteConfig()
        config.pageSize = 4 + random.below(8)
        var ratings: [String: RatingTally] = [:]
        for skill in skills { ratings[skill.id] = ListingsPatchTests.tally(&random) }
        let root = URL(fileURLWithPath: "/nonexistent")
        var catalogue = Catalogue(skills: skills, ratings: ratings, config: config)
        var renderer = SiteRenderer(catalogue: catalogue, theme: Self.theme, contentRoot: root)
        var plan = renderer.plan()
        var lastKeys = Self.keys(plan)
        for step in 0..<10 {
            let context = "seed \(seed), step \(step)"
            var touched = Set<String>()
            for _ in 0..<(1 + random.below(2)) {
                let i = random.below(skills.count)
                touched.insert(skills[i].id)
                switch edits ? random.below(4) : 0 {
                case 0: ratings[skills[i].id] = ListingsPatchTests.tally(&random)
                case 1: skills[i].description = "word\(random.below(6)) word\(random.below(9)) other\(random.below(3))"
                case 2: skills[i].author = random.below(3) == 0 ? nil : "Author \(random.below(4))"
                default: skills[i].examples = random.below(2) == 0 ? [] : ["word\(random.below(9)) please"]
                }
            }
            // An author's edit may move a skill in the listings, which the catalogue is not patched for.
            let next = try #require(
                Catalogue(skills: skills, ratings: ratings, config: config, patching: catalogue, touched: touched)
                    ?? (edits ? Catalogue(skills: skills, ratings: ratings, config: config, reusing: catalogue) : nil))
            let nextRenderer = SiteRenderer(catalogue: next, theme: Self.theme, contentRoot: root, reusing: renderer)
            let fresh = RelatedSkills(next.entries, topRated: CatalogueListings(next).topRated, urls: next.urls)
            #expect(nextRenderer.listingData.related.lists == fresh.lists, "\(context): related skills")
            let kept = nextRenderer.plan(reusing: plan.cards, sitemap: plan.sitemap, since: (renderer, plan.outline))
            let whole = nextRenderer.plan()
            // After a vote the plan leaves jobs out; after an edit of an author, it may be made whole.
            guard let places = kept.places else {
                #expect(edits, "\(context): a vote's plan was made whole")
                #expect(kept.jobs.map(\.path) == whole.jobs.map(\.path), "\(context)")
                (catalogue, renderer, plan, lastKeys) = (next, nextRenderer, kept, Self.keys(whole))
                continue
            }
            #expect(kept.outline.pagePaths == whole.outline.pagePaths, "\(context)")
            #expect(kept.outline.fileJobPaths == whole.outline.fileJobPaths, "\(context)")
            #expect(kept.otherFiles.map(\.path) == whole.otherFiles.map(\.path), "\(context)")
            #expect(kept.jobs.count < whole.jobs.count, "\(context): every page was planned")
            for (job, place) in zip(kept.jobs, places.pages) {
                #expect(whole.jobs[place].path == job.path && whole.jobs[place].key == job.key, "\(context)")
            }
            for (job, place) in zip(kept.fileJobs, places.files) {
                #expect(whole.fileJobs[place].path == job.path && whole.fileJobs[place].key == job.key, "\(context)")
            }
            let madePages = Set(places.pages)
            let madeFiles = Set(places.files)
            for (place, job) in whole.jobs.enumerated() where !madePages.contains(place) {
                #expect(lastKeys[job.path] == job.key, "\(context): \(job.path) was left out but changed")
            }
            for (place, job) in whole.fileJobs.enumerated() where !madeFiles.contains(place) {
                #expect(lastKeys[job.path] == job.key, "\(context): \(job.path) was left out but changed")
            }
            catalogue = next
            renderer = nextRenderer
            plan = kept
            lastKeys = Self.keys(whole)
        }
    }

    /// A skill that came or went moves every later skill's place: the plan is made whole.
    @Test func aNewSkillMakesTheWholePlan() {
        var random = SplitMix64(seed: 3)
        let skills = ListingsPatchTests.skills(&random)
        let root = URL(fileURLWithPath: "/nonexistent")
        let before = SiteRenderer(
            catalogue: Catalogue(skills: Array(skills.dropLast()), ratings: [:], config: SiteConfig()),
            theme: Self.theme, contentRoot: root)
        let last = before.plan()
        let after = SiteRenderer(
            catalogue: Catalogue(skills: skills, ratings: [:], config: SiteConfig()), theme: Self.theme,
            contentRoot: root, reusing: before)
        let plan = after.plan(reusing: last.cards, sitemap: last.sitemap, since: (before, last.outline))
        #expect(plan.places == nil)
        #expect(plan.jobs.map(\.path) == after.plan().jobs.map(\.path))
    }
}
