import Foundation

/// Where each item of a list stood in the list's last version, for lists that keep their order
/// from build to build: a kept build's entries (in name order) and its plan's paths. A skill
/// that comes or goes shifts every later item's place, so looking each one up by key would hash
/// them all; walking both lists side by side finds nearly all of them by one comparison, and
/// builds the table by key only when the walk loses step.
public enum PlaceWalk {
    // Inlinable, so that callers in other modules get it specialized for their keys: unspecialized,
    // each comparison went through the generic witnesses.
    /// For each of `items`, the place in `before` of the item with the same key, or nil when
    /// there is none. An item one step out of line is a new one when the next item is back in
    /// line: so nil may also mean an item that moved (a renamed skill), which callers make again.
    /// - Precondition: keys are unique in `before`.
    @inlinable public static func places<T, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key
    ) -> [Int?] {
        walk(items, before, key: key, identicalAt: { _, _ in false })
    }

    /// `places(of:in:key:)` for objects: an item that is the very object at its place is found
    /// there without its key made (a kept catalogue's entry: a skill's id read through two boxes,
    /// 10,000 times a plan, was milliseconds of each vote).
    @inlinable public static func places<T: AnyObject, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key
    ) -> [Int?] {
        // Compared where they lie, in spans, not loaded: a loaded reference is retained and
        // released, and a kept build's objects are counted from both cores (a walk of 10,000
        // entries was milliseconds of it).
        walk(items, before, key: key, identical: { $0 === $1 })
    }

    /// `places(of:in:key:)` where items that are `identical` are known to have the same key,
    /// which is then not made (values that share their storage).
    @inlinable public static func places<T, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key, identical: (T, T) -> Bool
    ) -> [Int?] {
        walk(items, before, key: key, identical: identical)
    }

    /// `places(of:in:key:)` for paths, their own keys: a path that is the very string at its
    /// place (the same bytes of the value: the same storage, or the same small string) is found
    /// there compared where both lie, with neither copied (two strings retained and released
    /// per path, 30,000 paths a walk); any other is compared as a string.
    public static func places(of items: [String], in before: [String]) -> [Int?] {
        // `==` compares two strings' bits before their text: the same storage is equal at once.
        walk(items, before, key: { $0 }, identical: ==)
    }

    /// `changes(of:in:key:)` for paths, as `places(of:in:)` finds them.
    public static func changes(of items: [String], in before: [String]) -> Changes {
        Changes(places: places(of: items, in: before), before: before.count)
    }

    /// What came and went between a list's last version and this one: each item's place in the
    /// last (`places`), the places of the items that came (none there), and the places in the
    /// last version of those that went (no item has them).
    public struct Changes: Sendable {
        public let places: [Int?]
        public let came: [Int]
        public let went: [Int]

        @inlinable init(places: [Int?], before count: Int) {
            var stayed = [Bool](repeating: false, count: count)
            var came: [Int] = []
            for (i, place) in places.enumerated() {
                if let place { stayed[place] = true } else { came.append(i) }
            }
            self.places = places
            self.came = came
            went = stayed.indices.filter { !stayed[$0] }
        }
    }

    /// `places(of:in:key:)` with what came and went.
    @inlinable public static func changes<T, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key
    ) -> Changes {
        Changes(places: places(of: items, in: before, key: key), before: before.count)
    }

    /// `changes(of:in:key:)` with items that are `identical` known to have the same key.
    @inlinable public static func changes<T, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key, identical: (T, T) -> Bool
    ) -> Changes {
        Changes(places: walk(items, before, key: key, identical: identical), before: before.count)
    }

    /// `changes(of:in:key:)` for objects, found at their places by identity.
    @inlinable public static func changes<T: AnyObject, Key: Equatable & Hashable>(
        of items: [T], in before: [T], key: (T) -> Key
    ) -> Changes {
        Changes(places: places(of: items, in: before, key: key), before: before.count)
    }

    /// The walk, where `identical` items are known to have the same key.
    @inlinable static func walk<T, Key: Equatable & Hashable>(
        _ items: [T], _ before: [T], key: (T) -> Key, identical: (T, T) -> Bool
    ) -> [Int?] {
        // Through spans, items are lent to `key`: from the arrays, each was copied first (a
        // file's four strings retained and released, 10,000 times a walk).
        let items = items.span
        let before = before.span
        return walk(items, before, key: key, identicalAt: { identical(items[$0], before[$1]) })
    }

    /// The walk, where the item at `i` and the last version's at `j` are known to have the same
    /// key when `identicalAt(i, j)`.
    @inlinable static func walk<T, Key: Equatable & Hashable>(
        _ items: [T], _ before: [T], key: (T) -> Key, identicalAt: (Int, Int) -> Bool
    ) -> [Int?] {
        walk(items.span, before.span, key: key, identicalAt: identicalAt)
    }

    @inlinable static func walk<T, Key: Equatable & Hashable>(
        _ items: Span<T>, _ before: Span<T>, key: (T) -> Key,
        identicalAt: (Int, Int) -> Bool
    ) -> [Int?] {
        var places: [Int?] = []
        places.reserveCapacity(items.count)
        var table: [Key: Int]?
        var j = 0
        for i in items.indices {
            if j < before.count, identicalAt(i, j) {
                places.append(j)
                j += 1
                continue
            }
            let item = key(items[i])
            if j < before.count, key(before[j]) == item {
                places.append(j)
                j += 1
            } else if j + 1 < before.count, key(before[j + 1]) == item {
                // One gone.
                places.append(j + 1)
                j += 2
            } else if j < before.count, i + 1 < items.count, key(items[i + 1]) == key(before[j]) {
                // One new.
                places.append(nil)
            } else {
                if table == nil {
                    var made: [Key: Int] = [:]
                    made.reserveCapacity(before.count)
                    for k in before.indices where made[key(before[k])] == nil { made[key(before[k])] = k }
                    table = made
                }
                let found = table?[item]
                places.append(found)
                if let found { j = found + 1 }
            }
        }
        return places
    }
}
