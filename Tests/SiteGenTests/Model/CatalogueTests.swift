import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

@Suite struct CatalogueTests {
    static func skill(_ id: String, _ name: String, group: String) -> Skill {
        Skill(id: id, tag: id, name: name, group: group)
    }

    @Test func groupsThatDifferOnlyInCaseShareOnePage() {
        let catalogue = Catalogue(
            skills: [
                Self.skill("a", "A", group: "News"), Self.skill("b", "B", group: "news"),
                Self.skill("c", "C", group: "News"),
            ], ratings: [:], config: SiteConfig())
        #expect(catalogue.groups.count == 1)
        #expect(catalogue.groups.first?.name == "News")  // the spelling most skills use
        #expect(catalogue.groups.first?.entries.count == 3)
    }

    @Test func entriesSortByNameIgnoringCaseThenById() {
        let catalogue = Catalogue(
            skills: [
                Self.skill("z", "beta", group: "G"), Self.skill("y", "Alpha", group: "G"),
                Self.skill("x", "beta", group: "G"),
            ], ratings: [:], config: SiteConfig())
        #expect(catalogue.entries.map(\.skill.id) == ["y", "x", "z"])
    }

    /// A kept build's catalogue keeps the entries whose skill and rating did not change, so
    /// later stages know them by identity; an edited or newly rated skill gets a new entry.
    @Test func unchangedEntriesAreKeptFromThePreviousCatalogue() throws {
        let skills = [
            Self.skill("a", "A", group: "G"), Self.skill("b", "B", group: "G"), Self.skill("c", "C", group: "H"),
        ]
        let first = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        var edited = skills
        edited[1].name = "B2"
        let second = Catalogue(
            skills: edited, ratings: ["c": RatingTally(stars: StarCounts(five: 1))], config: SiteConfig(),
            reusing: first)
        let before = Dictionary(uniqueKeysWithValues: first.entries.map { ($0.skill.id, $0) })
        let after = Dictionary(uniqueKeysWithValues: second.entries.map { ($0.skill.id, $0) })
        let a = try #require(after["a"])
        let b = try #require(after["b"])
        let c = try #require(after["c"])
        #expect(a === before["a"])
        #expect(b !== before["b"] && b.skill.name == "B2")
        #expect(c !== before["c"] && c.rating.total == 1)
        #expect(second.groups.map { $0.entries.map(\.skill.id) } == [["a", "b"], ["c"]])

        var moved = SiteConfig()
        moved.baseURL = "/docs/"
        let elsewhere = Catalogue(skills: skills, ratings: [:], config: moved, reusing: first)
        #expect(
            elsewhere.entries.allSatisfy { entry in before[entry.skill.id] !== entry }, "other URLs make new entries")
    }

    /// A kept catalogue takes its order from the last one while names stay, and sorts again when
    /// a name changes, a skill comes or goes: every time, the order a fresh catalogue has.
    @Test func aKeptCatalogueIsInNameOrderAfterEveryChange() {
        var skills = (0..<40).map { Self.skill("s\($0)", "Skill \(($0 * 7) % 40)", group: "G\($0 % 3)") }
        var kept = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        func check(_ what: Comment) {
            kept = Catalogue(
                skills: skills, ratings: ["s3": RatingTally(stars: StarCounts(two: 1))], config: SiteConfig(),
                reusing: kept)
            let fresh = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
            #expect(kept.entries.map(\.skill.id) == fresh.entries.map(\.skill.id), what)
            #expect(
                kept.groups.map { $0.entries.map(\.skill.id) } == fresh.groups.map { $0.entries.map(\.skill.id) }, what)
        }
        check("a vote")
        skills[5].name = "aaa first"
        check("a renamed skill")
        skills[6].description = "Now described."
        check("an edit that keeps the name")
        skills.append(Self.skill("new", "Middle", group: "G1"))
        check("a new skill")
        skills.removeFirst()
        check("a removed skill")
        skills[0].id = "renamed-id"
        check("an id that changed with the same count")
    }

    /// Series of skills that come, go and are renamed, with names that differ in case, accents
    /// or not at all: the kept catalogue puts the few new ones in by name, and its order, groups
    /// and places are a fresh catalogue's every time.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func aKeptCatalogueWithSkillsComingAndGoingIsAFreshOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let names = ["Alpha", "alpha", "ALPHA", "Émile", "émile", "Emile", "Zed", "zed", "Ångström", "beta", "Beta 2"]
        var next = 0
        func make() -> Skill {
            next += 1
            return Self.skill("s\(next)", names[random.below(names.count)], group: "G\(random.below(3))")
        }
        var skills = (0..<(1 + random.below(30))).map { _ in make() }
        var kept = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        for step in 0..<8 {
            for _ in 0..<(1 + random.below(3)) {
                switch random.below(4) {
                case 0 where skills.count > 1: skills.remove(at: random.below(skills.count))
                case 1: skills[random.below(skills.count)].name = names[random.below(names.count)]
                default: skills.insert(make(), at: random.below(skills.count + 1))
                }
            }
            kept = Catalogue(skills: skills, ratings: [:], config: SiteConfig(), reusing: kept)
            let fresh = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
            let what = Comment(rawValue: "seed \(seed), step \(step)")
            #expect(kept.entries.map(\.skill.id) == fresh.entries.map(\.skill.id), what)
            #expect(
                kept.groups.map { $0.entries.map(\.skill.id) } == fresh.groups.map { $0.entries.map(\.skill.id) }, what)
            for (place, entry) in kept.entries.enumerated() {
                #expect(kept.place(ofSkill: entry.skill.id) == place, what)
            }
        }
    }
}
