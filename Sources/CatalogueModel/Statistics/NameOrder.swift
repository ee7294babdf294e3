/// Entries' places in name order (`Catalogue.byName`), by identity. A catalogue's entries are
/// in that order already, and every listing is made of them: a listing's ties by name are then
/// looked up, where finding them again compared names across the catalogue once per listing.
public struct NameOrder: Sendable {
    private let place: [ObjectIdentifier: Int]

    /// - Parameter sorted: entries in `Catalogue.byName` order (a catalogue's `entries`).
    public init(_ sorted: [Catalogue.Entry]) {
        var place: [ObjectIdentifier: Int] = [:]
        place.reserveCapacity(sorted.count)
        for (rank, entry) in sorted.enumerated() { place[ObjectIdentifier(entry)] = rank }
        self.place = place
    }

    /// Each entry's place, or nil when one of them is not among the sorted entries.
    func ranks(of entries: [Catalogue.Entry]) -> [Int]? {
        var ranks: [Int] = []
        ranks.reserveCapacity(entries.count)
        for entry in entries {
            guard let rank = place[ObjectIdentifier(entry)] else { return nil }
            ranks.append(rank)
        }
        return ranks
    }
}
