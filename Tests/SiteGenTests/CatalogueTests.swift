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
}
