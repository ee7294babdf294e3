import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering

/// After a vote, an edit or a skill that came or went, a kept build's plan
/// (`plan(reusing:sitemap:since:)`) makes only the jobs of the skills whose pages may show it,
/// and every other job. Over random catalogues and series of votes, of votes and edits (words,
/// examples, authors), or of those and skills added and deleted: its outline is the whole plan's,
/// each job it made is the whole plan's job at its place, and each job it left out has the key
/// the last plan had for its path (so a kept build that made it would not render it again).
@Suite struct KeptPlanTests {
    static let theme: Theme = {
        var log = DiagnosticLog()
        return Theme.load(directory: nil, display: "Templates", source: .disk, &log)
    }()

    /// A renderer of a random catalogue (`ListingsPatchTests.skills`), with random ratings.
    static func renderer(_ random: inout SplitMix64) -> SiteRenderer {
        let skills = ListingsPatchTests.skills(&random)
        var ratings: [String: RatingTally] = [:]
        for skill in skills { ratings[skill.id] = ListingsPatchTests.tally(&random) }
        let catalogue = Catalogue(skills: skills, ratings: ratings, config: SiteConfig())
        return SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: URL(fileURLWithPath: "/nonexistent"))
    }

    static func keys(_ plan: SiteRenderer.Plan) -> [String: PageKey] {
        var keys: [String: PageKey] = [:]
        for job in plan.jobs { keys[job.path] = job.key }
        for job in plan.fileJobs { keys[job.path] = job.key }
        return keys
    }

    /// What changes between plans: votes; votes and edits; votes, edits and skills that come and go.
    enum Changes: CaseIterable, Sendable { case votes, edits, skillsComeAndGo }

    @Test(arguments: Changes.allCases, 1...12 as ClosedRange<UInt64>)
    func aPlanAfterAChangeMakesWhatMayChangeAndLeavesOutWhatCannot(changes: Changes, seed: UInt64) throws {
        let edits = changes != .votes
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
        var keptWithSkillsComingAndGoing = 0
        defer { if changes == .skillsComeAndGo { #expect(keptWithSkillsComingAndGoing > 0) } }
        for step in 0..<10 {
            let context = "seed \(seed), step \(step)"
            var touched = Set<String>()
            var cameOrWent = false
            for _ in 0..<(1 + random.below(2)) {
                let i = random.below(skills.count)
                touched.insert(skills[i].id)
                switch changes == .skillsComeAndGo ? random.below(7) : edits ? random.below(5) : 0 {
                case 0: ratings[skills[i].id] = ListingsPatchTests.tally(&random)
                case 1: skills[i].description = "word\(random.below(6)) word\(random.below(9)) other\(random.below(3))"
                case 2: skills[i].author = random.below(3) == 0 ? nil : "Author \(random.below(4))"
                case 3: skills[i].examples = random.below(2) == 0 ? [] : ["word\(random.below(9)) please"]
                // A new name: the skill moves in name order, and shows so on other skills' pages.
                case 4: skills[i].name = ["Alpha", "Mid", "Zulu", "émile"][random.below(4)] + " \(step) renamed"
                case 5:
                    var added = skills[i]
                    added.id = "\(skills[i].id)-new\(step)"
                    added.name = ["Alpha", "Mid", "Zulu", "émile"][random.below(4)] + " \(step)"
                    added.description = "word\(random.below(6)) word\(random.below(9))"
                    skills.append(added)
                    ratings[added.id] = ListingsPatchTests.tally(&random)
                    cameOrWent = true
                default:
                    if skills.count > 8 {
                        skills.remove(at: i)
                        cameOrWent = true
                    }
                }
            }
            // An edit of an author or a name may move a skill in the listings; the catalogue is
            // patched for it unless its group would go.
            let next = try #require(
                (cameOrWent
                    ? nil
                    : Catalogue(skills: skills, ratings: ratings, config: config, patching: catalogue, touched: touched))
                    ?? (edits ? Catalogue(skills: skills, ratings: ratings, config: config, reusing: catalogue) : nil))
            let nextRenderer = SiteRenderer(catalogue: next, theme: Self.theme, contentRoot: root, reusing: renderer)
            let fresh = RelatedSkills(next.entries, topRated: CatalogueListings(next).topRated, urls: next.urls)
            #expect(nextRenderer.listingData.related.lists == fresh.lists, "\(context): related skills")
            let kept = nextRenderer.plan(reusing: plan.cards, sitemap: plan.sitemap, since: (renderer, plan.outline))
            let whole = nextRenderer.plan()
            // After a vote the plan leaves jobs out; after an edit of an author, it may be made whole.
            if kept.places != nil, cameOrWent { keptWithSkillsComingAndGoing += 1 }
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

    /// A skill that came moves every later skill's place: the others' jobs are still left out,
    /// their paths taken from the last outline.
    @Test func aNewSkillLeavesTheOthersOut() {
        var random = SplitMix64(seed: 3)
        let skills = ListingsPatchTests.skills(&random)
        let root = URL(fileURLWithPath: "/nonexistent")
        let before = SiteRenderer(
            catalogue: Catalogue(skills: Array(skills.dropLast()), ratings: [:], config: SiteConfig()),
            theme: Self.theme, contentRoot: root)
        let last = before.plan()
        let after = SiteRenderer(
            catalogue: Catalogue(skills: skills, ratings: [:], config: SiteConfig(), reusing: before.catalogue),
            theme: Self.theme,
            contentRoot: root, reusing: before)
        let plan = after.plan(reusing: last.cards, sitemap: last.sitemap, since: (before, last.outline))
        let whole = after.plan()
        #expect(plan.places != nil)
        #expect(plan.jobs.count < whole.jobs.count / 2)
        #expect(plan.outline.pagePaths == whole.outline.pagePaths)
        #expect(plan.outline.fileJobPaths == whole.outline.fileJobPaths)
    }

    /// An author's second skill puts "More by this author" on the first one's page: that page is
    /// made again, though its related skills stay (six that share two words each with it outscore
    /// the same author); and made again when the second skill goes.
    @Test func anAuthorsSecondSkillMakesTheFirstsPageAgain() throws {
        let root = URL(fileURLWithPath: "/nonexistent")
        let soloWords = [0, 1, 2, 3, 4, 6].map { "alpha\($0) beta\($0)" }.joined(separator: " ")
        var skills: [Skill] = []
        for n in 0..<12 {
            let description: String = n == 5 ? soloWords : n < 7 ? "alpha\(n) beta\(n)" : ""
            skills.append(
                Skill(
                    id: "g/s\(n)", tag: "s\(n)", name: "Skill \(n)", group: "G",
                    author: n == 5 ? "Solo" : "Author \(n % 3)", description: description))
        }
        let first = SiteRenderer(
            catalogue: Catalogue(skills: skills, ratings: [:], config: SiteConfig()), theme: Self.theme,
            contentRoot: root)
        let firstPlan = first.plan()
        skills.append(Skill(id: "g/z", tag: "z", name: "Zed", group: "G", author: "Solo"))
        let second = SiteRenderer(
            catalogue: Catalogue(skills: skills, ratings: [:], config: SiteConfig(), reusing: first.catalogue),
            theme: Self.theme, contentRoot: root, reusing: first)
        let secondPlan = second.plan(
            reusing: firstPlan.cards, sitemap: firstPlan.sitemap, since: (first, firstPlan.outline))
        let soloPage = "skills/g/s5/index.html"
        #expect(secondPlan.places != nil)
        let soloPlace = try #require(second.catalogue.entries.firstIndex { $0.skill.id == "g/s5" })
        let firstPlace = try #require(first.catalogue.entries.firstIndex { $0.skill.id == "g/s5" })
        #expect(
            second.listingData.related.lists[soloPlace].map { second.catalogue.entries[$0].skill.id }
                == first.listingData.related.lists[firstPlace].map { first.catalogue.entries[$0].skill.id })
        #expect(secondPlan.jobs.contains { $0.path == soloPage })
        #expect(Self.keys(second.plan())[soloPage] != Self.keys(firstPlan)[soloPage])
        skills.removeLast()
        let third = SiteRenderer(
            catalogue: Catalogue(skills: skills, ratings: [:], config: SiteConfig(), reusing: second.catalogue),
            theme: Self.theme, contentRoot: root, reusing: second)
        let thirdPlan = third.plan(
            reusing: secondPlan.cards, sitemap: secondPlan.sitemap, since: (second, secondPlan.outline))
        #expect(thirdPlan.places != nil)
        #expect(thirdPlan.jobs.contains { $0.path == soloPage })
    }
}
