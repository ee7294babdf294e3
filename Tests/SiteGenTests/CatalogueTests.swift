@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
import Testing

@Suite struct CatalogueTests {
    static func skill(_ id: String, _ name: String, group: String) -> Skill {
        Skill(id: id, tag: id, name: name, group: group)
    }

    @Test func groupsThatDifferOnlyInCaseShareOnePage() {
        let catalogue = Catalogue(skills: [
            Self.skill("a", "A", group: "News"), Self.skill("b", "B", group: "news"), Self.skill("c", "C", group: "News"),
        ], ratings: [:], config: SiteConfig())
        #expect(catalogue.groups.count == 1)
        #expect(catalogue.groups.first?.name == "News")  // the spelling most skills use
        #expect(catalogue.groups.first?.entries.count == 3)
    }

    @Test func entriesSortByNameIgnoringCaseThenById() {
        let catalogue = Catalogue(skills: [
            Self.skill("z", "beta", group: "G"), Self.skill("y", "Alpha", group: "G"), Self.skill("x", "beta", group: "G"),
        ], ratings: [:], config: SiteConfig())
        #expect(catalogue.entries.map(\.skill.id) == ["y", "x", "z"])
    }
}
