import Testing

@testable import CatalogueModel

/// `PlaceWalk` finds each item where it stood by walking the two lists side by side: whatever
/// came, went or moved, a place it gives holds the same key, and while items only come and go
/// it gives one to every item that stayed. Only when an item moved may one go unplaced (of two
/// neighbours that changed places, either; its callers make it again).
@Suite struct PlaceWalkTests {
    @Test func aSkillThatCameOrWentShiftsTheRest() {
        let before = ["a", "b", "c", "d"]
        #expect(PlaceWalk.places(of: ["a", "b", "x", "c", "d"], in: before) { $0 } == [0, 1, nil, 2, 3])
        #expect(PlaceWalk.places(of: ["a", "c", "d"], in: before) { $0 } == [0, 2, 3])
        #expect(PlaceWalk.places(of: ["d", "c", "b", "a"], in: before) { $0 } == [3, 2, 1, 0])
        #expect(PlaceWalk.places(of: [], in: before) { $0 } == [])
        #expect(PlaceWalk.places(of: ["a"], in: []) { $0 } == [nil])
    }

    @Test(arguments: 1...200 as ClosedRange<UInt64>)
    func everyPlaceHoldsTheSameKeyAndEveryItemInLineIsPlaced(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let before = (0..<random.below(40)).map { "k\($0)" }
        var items = before
        var added = 0
        var moved = Set<String>()
        for _ in 0..<random.below(6) {
            switch random.below(3) {
            case 0 where !items.isEmpty:
                items.remove(at: random.below(items.count))
            case 1 where !items.isEmpty:
                let item = items.remove(at: random.below(items.count))
                items.insert(item, at: random.below(items.count + 1))
                moved.insert(item)
            default:
                added += 1
                items.insert("new\(added)", at: random.below(items.count + 1))
            }
        }
        let places = PlaceWalk.places(of: items, in: before) { $0 }
        let table = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
        #expect(places.count == items.count)
        for (item, place) in zip(items, places) {
            if let place {
                #expect(before[place] == item, "seed \(seed): \(items) in \(before)")
            } else {
                // Of two neighbours that changed places, either may be the one taken as moved.
                #expect(table[item] == nil || !moved.isEmpty, "seed \(seed): \(item) of \(items) in \(before)")
            }
        }
    }
}
