import CatalogueModel

/// The catalogue as the index sees it: per skill, a digest of the text it indexes (as written,
/// before Markdown is read) and the rating that breaks ties. An update compares these with what
/// the index holds and makes a document (reading the description's Markdown) only for skills
/// whose text changed, so a rebuild after one edit reads one description, not ten thousand.
public struct SearchCatalogue: Sendable {
    struct Item: Sendable {
        let entry: Catalogue.Entry
        let digest: String
        let rating: SearchRating
    }

    let items: [Item]
    private let plainText: @Sendable (String) -> String

    /// - Parameters:
    ///   - plainText: a description's text without its Markdown (`Markdown.plainText`: the index
    ///     stands below rendering and does not read Markdown itself).
    ///   - previous: the last build's, whose digests are taken for skills that did not change
    ///     (a kept build's skills compare without reading their text), so a rebuild digests only
    ///     what changed.
    public init(
        _ catalogue: Catalogue, plainText: @escaping @Sendable (String) -> String,
        reusing previous: SearchCatalogue? = nil
    ) {
        let ranking = BayesianRanking(priorVotes: catalogue.config.priorVotes)
        let known =
            previous.map { previous in
                Dictionary(previous.items.map { ($0.entry.skill.id, $0) }) { first, _ in first }
            } ?? [:]
        items = catalogue.entries.map { entry in
            let kept = known[entry.skill.id].flatMap { $0.entry.skill == entry.skill ? $0.digest : nil }
            return Item(
                entry: entry, digest: kept ?? SearchDocument.digest(entry.skill),
                rating: SearchRating(score: ranking.score(entry.rating.counts) ?? 0, votes: entry.rating.total))
        }
        self.plainText = plainText
    }

    func document(_ item: Item) -> SearchDocument {
        let skill = item.entry.skill
        return SearchDocument(
            id: skill.id, digest: item.digest, rating: item.rating, name: skill.name,
            examples: skill.examples.joined(separator: "\n"), description: plainText(skill.description),
            author: skill.author ?? "", group: skill.group)
    }

    /// What an update writes, given what the index holds (id → digest and rating).
    func changes(from stored: [String: (digest: String, rating: SearchRating)]) -> SearchChanges {
        var changes = SearchChanges()
        var seen = Set<String>()
        for item in items {
            let id = item.entry.skill.id
            // Two skills of one id cannot be loaded; should it happen, the first is indexed.
            guard seen.insert(id).inserted else { continue }
            if let kept = stored[id], kept.digest == item.digest {
                if kept.rating != item.rating { changes.rescored.append((id, item.rating)) }
            } else {
                changes.indexed.append(document(item))
            }
        }
        changes.removed = stored.keys.filter { !seen.contains($0) }.sorted()
        changes.total = seen.count
        return changes
    }
}

/// What breaks ties between equally relevant skills: the Top rated score (0 when unrated; it
/// is between 1 and 5 otherwise), then the number of votes.
struct SearchRating: Sendable, Equatable {
    var score: Double
    var votes: Int
}

/// One skill's row in the index.
struct SearchDocument: Sendable, Equatable {
    var id: String
    var digest: String
    var rating: SearchRating
    var name: String
    var examples: String
    var description: String
    var author: String
    var group: String

    /// 64-bit FNV-1a over the indexed fields as written, each preceded by its length so no two
    /// skills' fields run into the same bytes. Stable across runs and machines (Swift's `Hasher`
    /// is seeded per process), so a persistent index compares with a new build's catalogue.
    static func digest(_ skill: Skill) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in String(text.utf8.count).utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = hash &* 0x0000_0100_0000_01B3
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        add(skill.name)
        add(String(skill.examples.count))
        skill.examples.forEach(add)
        add(skill.description)
        add(skill.author ?? "")
        add(skill.group)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// An update's writes.
struct SearchChanges: Sendable {
    var indexed: [SearchDocument] = []
    var rescored: [(id: String, rating: SearchRating)] = []
    var removed: [String] = []
    var total = 0

    var summary: SearchIndexUpdate {
        SearchIndexUpdate(indexed: indexed.count, rescored: rescored.count, removed: removed.count, total: total)
    }
}
