/// The catalogue's listings besides groups: orders and partitions of its entries. Pure: entries in,
/// entries out, every order with explicit tie-breakers so pages never reshuffle between builds.
public enum Listings {
    /// A listing's entries under one key: a language or an author.
    public struct Partition: Sendable {
        /// The language code or author name as the first skill (by name) spells it.
        public let name: String
        /// Site path, ending in `/` (`languages/de/`, `authors/lena-hoffmann/`).
        public let path: String
        /// Sorted by name, then id.
        public let entries: [Catalogue.Entry]
    }

    public static let topRatedPath = "top-rated/"
    public static let mostRatedPath = "most-rated/"
    public static let newestPath = "newest/"
    public static let languagesPath = "languages/"
    public static let authorsPath = "authors/"
    public static let groupsPath = "groups/"

    public static func languagePath(_ code: String) -> String { languagesPath + Slug.segment(code) + "/" }
    public static func authorPath(_ name: String) -> String { authorsPath + Slug.segment(name) + "/" }

    /// Rated skills by Bayesian score (see `BayesianRanking`).
    public static func topRated(_ entries: [Catalogue.Entry], priorVotes: Double) -> [Catalogue.Entry] {
        BayesianRanking(priorVotes: priorVotes, counts: entries.map(\.rating.counts)).ranked(entries)
    }

    /// Rated skills by number of votes; ties: higher exact average, then name, then id.
    public static func mostRated(_ entries: [Catalogue.Entry]) -> [Catalogue.Entry] {
        entries.filter(\.rating.isRated).sorted { a, b in
            let ca = a.rating.counts, cb = b.rating.counts
            if ca.total != cb.total { return ca.total > cb.total }
            // Cross-multiplied so equal averages compare equal, whatever floating point would say.
            let left = ca.starSum * cb.total, right = cb.starSum * ca.total
            if left != right { return left > right }
            return Catalogue.byName(a, b)
        }
    }

    /// Skills with a `created` date, newest first; ties: name, then id. Undated skills are left out:
    /// placing them anywhere would claim a date they do not have.
    public static func newest(_ entries: [Catalogue.Entry]) -> [Catalogue.Entry] {
        entries.filter { $0.skill.created != nil }.sorted { a, b in
            let da = a.skill.created ?? "", db = b.skill.created ?? ""
            if da != db { return da > db }
            return Catalogue.byName(a, b)
        }
    }

    /// One partition per language, by code. Codes that make the same URL (`de`, `DE`) are one language.
    public static func byLanguage(_ entries: [Catalogue.Entry]) -> [Partition] {
        partition(entries, key: { $0.skill.language }, path: languagePath)
    }

    /// One partition per author, by name; skills without an author are in none. Spellings that make
    /// the same URL (`Lena Hoffmann`, `lena hoffmann`) are one author.
    public static func byAuthor(_ entries: [Catalogue.Entry]) -> [Partition] {
        partition(entries, key: { $0.skill.author }, path: authorPath)
    }

    static func partition(_ entries: [Catalogue.Entry], key: (Catalogue.Entry) -> String?,
                          path: (String) -> String) -> [Partition] {
        var names: [String: String] = [:]
        var lists: [String: [Catalogue.Entry]] = [:]
        // Sorted by name first, so each partition keeps that order.
        for entry in entries.sorted(by: Catalogue.byName) {
            guard let name = key(entry) else { continue }
            let p = path(name)
            lists[p, default: []].append(entry)
            // The name shown is the spelling that sorts first, whichever skill came first.
            if let shown = names[p], !Catalogue.compareNames(name, shown) { continue }
            names[p] = name
        }
        return lists.map { Partition(name: names[$0.key] ?? $0.key, path: $0.key, entries: $0.value) }
            .sorted { a, b in
                let order = Catalogue.compareNamesOrder(a.name, b.name)
                return order != 0 ? order < 0 : a.path < b.path
            }
    }
}

/// Every listing of one catalogue, computed once per build.
public struct CatalogueListings: Sendable {
    public let topRated: [Catalogue.Entry]
    public let mostRated: [Catalogue.Entry]
    public let newest: [Catalogue.Entry]
    public let languages: [Listings.Partition]
    public let authors: [Listings.Partition]

    public init(_ catalogue: Catalogue) {
        let entries = catalogue.entries
        topRated = Listings.topRated(entries, priorVotes: catalogue.config.priorVotes)
        mostRated = Listings.mostRated(entries)
        newest = Listings.newest(entries)
        languages = Listings.byLanguage(entries)
        authors = Listings.byAuthor(entries)
    }
}
