import Testing

@testable import CatalogueModel

/// Entries already in name order are ranked without sorting; any other order is sorted, so the
/// ranks are the same either way.
@Suite struct NameRanksTests {
    @Test func ranksFollowNameThenIdWhateverTheInputOrder() {
        let skills = [("b", "beta"), ("a", "Alpha"), ("c", "alpha"), ("d", "Äpfel"), ("e", "Beta"), ("f", "alpha")]
            .map { Skill(id: $0.0, tag: $0.0, name: $0.1, group: "G") }
        let catalogue = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        let sorted = catalogue.entries
        #expect(sorted.nameRanks() == Array(sorted.indices))
        let reversed = Array(sorted.reversed())
        #expect(reversed.nameRanks() == Array(sorted.indices.reversed()))
        let shuffled = [sorted[2], sorted[0], sorted[5], sorted[1], sorted[4], sorted[3]]
        #expect(shuffled.nameRanks() == [2, 0, 5, 1, 4, 3])
    }
}
