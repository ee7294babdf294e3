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
        let (items, moved) = Self.changed(before, steps: 6, &random) { "new\($0)" }
        let places = PlaceWalk.places(of: items, in: before) { $0 }
        // What came and went: the items with no place, and the places no item has, in order.
        let changes = PlaceWalk.changes(of: items, in: before) { $0 }
        #expect(changes.places == places)
        #expect(changes.came == places.indices.filter { places[$0] == nil })
        #expect(changes.went == before.indices.filter { !places.contains($0) })
        let table = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
        #expect(places.count == items.count)
        for (item, place) in zip(items, places) {
            if let place {
                #expect(before[place] == item, "seed \(seed): \(items) in \(before)")
            } else {
                // Of two neighbours that changed places, either may be the one taken as moved.
                #expect(table[item] == nil || moved, "seed \(seed): \(item) of \(items) in \(before)")
            }
        }
    }

    final class Item {
        let key: String
        init(_ key: String) { self.key = key }
    }

    /// Objects are found at their place without their keys made, and the walk is the same as
    /// the walk by keys: kept objects, the same keys in new objects, new keys, moves.
    @Test(arguments: 1...200 as ClosedRange<UInt64>)
    func objectsArePlacedAsTheirKeysAre(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let before = (0..<random.below(40)).map { Item("k\($0)") }
        let (items, _) = Self.changed(before, steps: 8, &random, made: { Item("new\($0)") }, remade: { Item($0.key) })
        let byObject = PlaceWalk.places(of: items, in: before) { $0.key }
        let byKey = PlaceWalk.places(of: items.map(\.key), in: before.map(\.key)) { $0 }
        #expect(byObject == byKey, "seed \(seed)")
        #expect(zip(items, byObject).allSatisfy { item, place in place.map { before[$0].key == item.key } ?? true })
    }

    /// Paths compared where they lie are placed as the walk by keys places them: the very
    /// strings kept, equal ones made again (other storage), small ones held in the value, new ones.
    @Test(arguments: 1...200 as ClosedRange<UInt64>)
    func pathsArePlacedAsTheirKeysAre(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let before = (0..<random.below(40)).map {
            $0 % 3 == 0 ? "p\($0)" : "skills/group-\($0 % 7)/skill-\($0)/index.html"
        }
        let (items, _) = Self.changed(
            before, steps: 8, &random, made: { "skills/new/skill-\($0)/index.html" },
            remade: { String(decoding: Array($0.utf8), as: UTF8.self) })
        let inPlace = PlaceWalk.places(of: items, in: before)
        #expect(inPlace == PlaceWalk.places(of: items, in: before) { $0 }, "seed \(seed)")
        #expect(PlaceWalk.changes(of: items, in: before).places == inPlace)
    }

    /// `before` after up to `steps` random changes: items removed, moved, new ones (`made` of a
    /// number) put in, and with `remade`, items replaced by a remade one. Says whether one moved.
    static func changed<T>(
        _ before: [T], steps: Int, _ random: inout SplitMix64, made: (Int) -> T, remade: ((T) -> T)? = nil
    ) -> (items: [T], moved: Bool) {
        var items = before
        var moved = false
        for step in 0..<random.below(steps) {
            switch random.below(remade == nil ? 3 : 4) {
            case 0 where !items.isEmpty:
                items.remove(at: random.below(items.count))
            case 1 where !items.isEmpty:
                let item = items.remove(at: random.below(items.count))
                items.insert(item, at: random.below(items.count + 1))
                moved = true
            case 2 where !items.isEmpty:
                let place = random.below(items.count)
                items[place] = remade?(items[place]) ?? made(step)
            default:
                items.insert(made(step), at: random.below(items.count + 1))
            }
        }
        return (items, moved)
    }
}
