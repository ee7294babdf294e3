import Testing

@testable import CatalogueModel

/// `EntrySwaps` answers as the table of entries it stands for, whether it holds a few (compared
/// by address) or many (hashed), and however often an entry is replaced again.
@Suite struct EntrySwapsTests {
    static func entry(_ id: String) -> Catalogue.Entry {
        Catalogue.Entry(
            skill: Skill(id: id, tag: id, name: id, group: "G"), rating: RatingSummary(RatingTally()), path: id + "/")
    }

    @Test(arguments: 1...100 as ClosedRange<UInt64>)
    func swapsAnswerAsATableDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let entries = (0..<30).map { Self.entry("s\($0)") }
        var swaps = EntrySwaps()
        var table: [ObjectIdentifier: Catalogue.Entry] = [:]
        for step in 0..<random.below(24) {
            let old = entries[random.below(entries.count)]
            let new = Self.entry("new\(step)")
            swaps.replace(old, with: new)
            table[ObjectIdentifier(old)] = new
        }
        #expect(swaps.count == table.count)
        #expect(swaps.isEmpty == table.isEmpty)
        for entry in entries {
            #expect(swaps[entry] === table[ObjectIdentifier(entry)], "seed \(seed)")
        }
        #expect(Set(swaps.values.map(ObjectIdentifier.init)) == Set(table.values.map(ObjectIdentifier.init)))
        #expect(swaps.values.count == table.count)
        let replaced = entries.replacing(swaps)
        #expect(
            replaced.map(ObjectIdentifier.init) == entries.map { ObjectIdentifier(table[ObjectIdentifier($0)] ?? $0) })
    }

    /// Entries marked for removal leave a list, wherever they stand and however many there are,
    /// and the others keep their order; `replacing` leaves every entry in its place.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func removedEntriesLeaveTheList(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let entries = (0..<30).map { Self.entry("s\($0)") }
        let gone = entries.filter { _ in random.below(3) == 0 }
        let removal = EntrySwaps(removing: gone)
        let goneIDs = Set(gone.map(ObjectIdentifier.init))
        #expect(removal.count == goneIDs.count)
        let kept = Listings.reranked(entries, removing: removal, inserting: [], by: Catalogue.byName)
        #expect(
            kept.map(ObjectIdentifier.init)
                == entries.filter { !goneIDs.contains(ObjectIdentifier($0)) }.map(ObjectIdentifier.init), "seed \(seed)"
        )
        #expect(entries.replacing(removal).map(ObjectIdentifier.init) == entries.map(ObjectIdentifier.init))
    }
}
