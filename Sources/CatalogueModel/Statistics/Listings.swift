import Parallel
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

        /// The order of a listing's partitions: by name, then path.
        static func isListedBefore(_ a: Partition, _ b: Partition) -> Bool {
            let order = Catalogue.compareNamesOrder(a.name, b.name)
            return order != 0 ? order < 0 : a.path < b.path
        }
    }

    /// Rated skills by Bayesian score (see `BayesianRanking`).
    public static func topRated(
        _ entries: [Catalogue.Entry], priorVotes: Double, nameOrder: NameOrder? = nil
    ) -> [Catalogue.Entry] {
        BayesianRanking(priorVotes: priorVotes).ranked(entries, nameOrder: nameOrder)
    }

    /// Rated skills by number of votes; ties: higher exact average, then name, then id.
    public static func mostRated(_ entries: [Catalogue.Entry], nameOrder: NameOrder? = nil) -> [Catalogue.Entry] {
        let rated = entries.filter(\.rating.isRated)
        let counts = rated.map(\.rating.counts)
        let byName = rated.nameRanks(nameOrder)
        return rated.sortedByIndex { i, j in hasMoreVotes(counts[i], counts[j]) ?? (byName[i] < byName[j]) }
    }

    /// Whether counts `a` rank above `b` in Most rated: more votes, then the higher exact
    /// average; nil when both tie (the name decides).
    static func hasMoreVotes(_ a: StarCounts, _ b: StarCounts) -> Bool? {
        if a.total != b.total { return a.total > b.total }
        // Cross-multiplied so equal averages compare equal, whatever floating point would say.
        let left = a.starSum * b.total
        let right = b.starSum * a.total
        return left != right ? left > right : nil
    }

    /// Skills with a `created` date, newest first; ties: name, then id. Undated skills are left out:
    /// placing them anywhere would claim a date they do not have.
    public static func newest(_ entries: [Catalogue.Entry], nameOrder: NameOrder? = nil) -> [Catalogue.Entry] {
        let dated = entries.filter { $0.skill.created != nil }
        let days = dated.map { $0.skill.created ?? "" }
        let byName = dated.nameRanks(nameOrder)
        return dated.sortedByIndex { i, j in
            if days[i] != days[j] { return days[i] > days[j] }
            return byName[i] < byName[j]
        }
    }

    /// What the home page shows of each group: its first `count` skills in Top rated order, then
    /// its unrated skills by name. Lists are in the order of `groups`; `topRated` holds entries
    /// of the same catalogue.
    public static func highlights(_ groups: [Catalogue.Group], topRated: [Catalogue.Entry], count: Int) -> [[Catalogue
        .Entry]]
    {
        ordered(groups, by: topRated).map { Array($0.prefix(count)) }
    }

    /// `highlights` and `groupPages` of a catalogue's groups, each group put in Top rated order
    /// once for both when its pages are in that order (the default).
    static func groupLists(
        _ catalogue: Catalogue, topRated: [Catalogue.Entry], mostRated: [Catalogue.Entry], newest: [Catalogue.Entry]
    ) -> (highlights: [[Catalogue.Entry]], groupPages: [[Catalogue.Entry]]) {
        let (groups, config) = (catalogue.groups, catalogue.config)
        guard config.groupOrder == .rating else {
            return (
                highlights(groups, topRated: topRated, count: config.homeCards),
                groupPages(groups, order: config.groupOrder, topRated: topRated, mostRated: mostRated, newest: newest)
            )
        }
        let byRating = ordered(groups, by: topRated)
        return (byRating.map { Array($0.prefix(config.homeCards)) }, byRating)
    }

    /// Each group's skills in `order`, for its own pages. Lists are in the order of `groups`.
    public static func groupPages(
        _ groups: [Catalogue.Group], order: GroupOrder, topRated: [Catalogue.Entry],
        mostRated: [Catalogue.Entry], newest: [Catalogue.Entry]
    ) -> [[Catalogue.Entry]] {
        switch order {
        case .rating: ordered(groups, by: topRated)
        case .votes: ordered(groups, by: mostRated)
        case .newest: ordered(groups, by: newest)
        case .name: groups.map(\.entries)
        }
    }

    /// Each group's skills in the order of `listing`, then those it leaves out by name.
    static func ordered(_ groups: [Catalogue.Group], by listing: [Catalogue.Entry]) -> [[Catalogue.Entry]] {
        // By the entry's identity (listings share the catalogue's entries): hashing an address
        // costs less than hashing an id, for each of a large catalogue's skills.
        var place: [ObjectIdentifier: Int] = [:]
        place.reserveCapacity(listing.count)
        for (rank, entry) in listing.enumerated() { place[ObjectIdentifier(entry)] = rank }
        return groups.map { group in
            // Looked up once per entry, not twice per comparison.
            let places = group.entries.map { place[ObjectIdentifier($0)] ?? Int.max }
            // Group entries are by name, so ties on place (the entries left out) stay by name.
            let ranked = group.entries.indices.sorted { i, j in
                places[i] != places[j] ? places[i] < places[j] : i < j
            }
            return ranked.map { group.entries[$0] }
        }
    }

    /// One partition per language, by code. Codes that make the same URL (`de`, `DE`) are one language.
    public static func byLanguage(
        _ entries: [Catalogue.Entry], urls: SiteURLs = .standard, nameOrder: NameOrder? = nil
    ) -> [Partition] {
        partition(entries, key: { $0.skill.language }, path: urls.languagePage, nameOrder: nameOrder)
    }

    /// One partition per author, by name; skills without an author are in none. Spellings that make
    /// the same URL (`Lena Hoffmann`, `lena hoffmann`) are one author.
    public static func byAuthor(
        _ entries: [Catalogue.Entry], urls: SiteURLs = .standard, nameOrder: NameOrder? = nil
    ) -> [Partition] {
        partition(entries, key: { $0.skill.author }, path: urls.authorPage, nameOrder: nameOrder)
    }

    static func partition(
        _ entries: [Catalogue.Entry], key: (Catalogue.Entry) -> String?,
        path: (String) -> String, nameOrder: NameOrder? = nil
    ) -> [Partition] {
        var names: [String: String] = [:]
        var lists: [String: [Catalogue.Entry]] = [:]
        // Far fewer keys than entries: each key's path is made once.
        var paths: [String: String] = [:]
        // Sorted by name first, so each partition keeps that order.
        let byName = entries.nameRanks(nameOrder)
        for entry in entries.sortedByIndex({ byName[$0] < byName[$1] }) {
            guard let name = key(entry) else { continue }
            let p: String
            if let made = paths[name] {
                p = made
            } else {
                p = path(name)
                paths[name] = p
            }
            lists[p, default: []].append(entry)
            if shows(name, over: names[p]) { names[p] = name }
        }
        return lists.map { Partition(name: names[$0.key] ?? $0.key, path: $0.key, entries: $0.value) }
            .sorted(by: Partition.isListedBefore)
    }

    /// Whether a partition shows `spelling` of its name rather than `shown`: the spelling that
    /// sorts first, whichever skill came first.
    static func shows(_ spelling: String, over shown: String?) -> Bool {
        shown.map { Catalogue.compareNames(spelling, $0) } ?? true
    }
}

/// Every listing of one catalogue, computed once per build.
public struct CatalogueListings: Sendable {
    public let topRated: [Catalogue.Entry]
    public let mostRated: [Catalogue.Entry]
    public let newest: [Catalogue.Entry]
    public let languages: [Listings.Partition]
    public let authors: [Listings.Partition]
    /// Each group's skills on the home page (see `Listings.highlights`), in the order of `Catalogue.groups`.
    public let highlights: [[Catalogue.Entry]]
    /// Each group's skills in `group_order`, in the order of `Catalogue.groups`.
    public let groupPages: [[Catalogue.Entry]]
    /// When patched (`init(_:patching:of:)`): the entries of skills that came since, and of those
    /// that went in again (a new name, language, author or date).
    package private(set) var came: [Catalogue.Entry] = []

    public init(_ catalogue: Catalogue) {
        let entries = catalogue.entries
        // The catalogue's entries are in name order: each listing takes its ties from there.
        let order = NameOrder(entries)
        let urls = catalogue.urls
        // Each listing sorts every entry: the partitions on another core, the rankings on this one.
        let partitions = Background {
            (
                Listings.byLanguage(entries, urls: urls, nameOrder: order),
                Listings.byAuthor(entries, urls: urls, nameOrder: order)
            )
        }
        topRated = Listings.topRated(entries, priorVotes: catalogue.config.priorVotes, nameOrder: order)
        mostRated = Listings.mostRated(entries, nameOrder: order)
        newest = Listings.newest(entries, nameOrder: order)
        (languages, authors) = partitions.wait()
        (highlights, groupPages) = Listings.groupLists(
            catalogue, topRated: topRated, mostRated: mostRated, newest: newest)
    }
}

extension CatalogueListings {
    /// The listings of `catalogue` made from `previous`, the listings of `before`, when the two
    /// differ in a few skills (a vote, an edit, a new or deleted skill) and have the same
    /// settings. Skills whose entry changed, came or went leave the listings and go (back) in at
    /// their place (a skill with a new name, language, author or date as one that went and one
    /// that came); every other listing keeps its order with their new entries. Nil when more
    /// differs, or a language or author page would come or go.
    public init?(_ catalogue: Catalogue, patching previous: CatalogueListings, of before: Catalogue) {
        let entries = catalogue.entries
        guard catalogue.config == before.config else { return nil }
        var replaced = EntrySwaps()
        var came: [Catalogue.Entry] = []
        var went: [Catalogue.Entry] = []
        let limit = max(16, entries.count / 32)
        // Entries of the skills that stayed, old and new, where they differ.
        var edited: [(old: Catalogue.Entry, new: Catalogue.Entry)] = []
        // In the same places, unless a skill came, went or moved (a new name).
        var samePlaces = entries.count == before.entries.count
        if samePlaces {
            for (old, new) in zip(before.entries, entries) where old !== new {
                guard old.skill.id == new.skill.id else {
                    samePlaces = false
                    break
                }
                edited.append((old, new))
            }
        }
        if !samePlaces {
            let changes = PlaceWalk.changes(of: entries, in: before.entries) { $0.skill.id }
            guard changes.came.count <= limit, changes.went.count <= limit else { return nil }
            came = changes.came.map { entries[$0] }
            went = changes.went.map { before.entries[$0] }
            edited = zip(entries, changes.places).compactMap { new, place in
                guard let place, before.entries[place] !== new else { return nil }
                return (before.entries[place], new)
            }
        }
        for (old, new) in edited {
            if Self.listedAlike(old.skill, new.skill) {
                replaced.replace(old, with: new)
            } else {
                // A new name, language, author or date: out of every listing, and in again at its place.
                went.append(old)
                came.append(new)
            }
        }
        // Each changed entry is put back in its own pass: for many (a replaced rating file) a
        // sort costs less.
        guard replaced.count + came.count + went.count <= limit else { return nil }
        var leaving = replaced
        for old in went { leaving.remove(old) }
        let gone = EntrySwaps(removing: went)
        let urls = catalogue.urls
        guard
            let languages = Self.patched(
                previous.languages, replacing: replaced, came: came, went: went, key: { $0.skill.language },
                path: urls.languagePage),
            let authors = Self.patched(
                previous.authors, replacing: replaced, came: came, went: went, key: { $0.skill.author },
                path: urls.authorPage)
        else { return nil }
        self.languages = languages
        self.authors = authors
        self.came = came
        newest = Listings.reranked(
            previous.newest.replacing(replaced), removing: gone, inserting: came.filter { $0.skill.created != nil },
            by: Listings.isNewer)
        let ranking = BayesianRanking(priorVotes: catalogue.config.priorVotes)
        let changed = replaced.values + came
        topRated = Listings.reranked(
            previous.topRated, removing: leaving, inserting: changed.filter { ranking.score($0.rating.counts) != nil },
            by: { Listings.ranksAbove(ranking, $0, $1) })
        mostRated = Listings.reranked(
            previous.mostRated, removing: leaving, inserting: changed.filter(\.rating.isRated),
            by: Listings.hasMoreVotes)
        (highlights, groupPages) = Listings.groupLists(
            catalogue, topRated: topRated, mostRated: mostRated, newest: newest)
    }

    /// `partitions` (by language or author) with `replaced` entries swapped in, those that `went`
    /// taken out and those that `came` put in by name, each partition named as `partition` names
    /// it; nil when a partition would come or go, or its name would be a tie of two spellings.
    private static func patched(
        _ partitions: [Listings.Partition], replacing replaced: EntrySwaps, came: [Catalogue.Entry],
        went: [Catalogue.Entry], key: (Catalogue.Entry) -> String?, path: (String) -> String
    ) -> [Listings.Partition]? {
        var all = partitions.map {
            (name: $0.name, path: $0.path, entries: $0.entries.replacing(replaced))
        }
        guard !came.isEmpty || !went.isEmpty else {
            return all.map { Listings.Partition(name: $0.name, path: $0.path, entries: $0.entries) }
        }
        var place: [String: Int] = [:]
        for (k, partition) in all.enumerated() { place[partition.path] = k }
        var renamed = false
        for entry in went {
            guard let name = key(entry) else { continue }
            guard let k = place[path(name)] else { return nil }
            all[k].entries.removeAll { $0 === entry }
            guard !all[k].entries.isEmpty else { return nil }
            if name == all[k].name {
                // The name shown may have been this skill's spelling: named again from the rest.
                var shown: String?
                for spelling in all[k].entries.compactMap(key) where Listings.shows(spelling, over: shown) {
                    shown = spelling
                }
                guard let shown else { return nil }
                renamed = renamed || !shown.utf8.elementsEqual(all[k].name.utf8)
                all[k].name = shown
            }
        }
        for entry in came {
            guard let name = key(entry) else { continue }
            guard let k = place[path(name)] else { return nil }
            all[k].entries = Listings.reranked(all[k].entries, inserting: [entry], by: Catalogue.byName)
            if name == all[k].name {
                // Two spellings of one text: which shows depends on which skill comes first.
                guard name.utf8.elementsEqual(all[k].name.utf8) else { return nil }
            } else if Listings.shows(name, over: all[k].name) {
                all[k].name = name
                renamed = true
            }
        }
        let patched = all.map { Listings.Partition(name: $0.name, path: $0.path, entries: $0.entries) }
        return renamed ? patched.sorted(by: Listings.Partition.isListedBefore) : patched
    }

    /// Whether two skills sort and fall into partitions alike in every listing.
    private static func listedAlike(_ a: Skill, _ b: Skill) -> Bool {
        a.id == b.id && a.name == b.name && a.language == b.language && a.author == b.author && a.created == b.created
    }
}

extension Listings {
    /// `list` without the entries `gone` names (by identity), with `new` each put in at its
    /// place in `list`'s order, `before`.
    static func reranked(
        _ list: [Catalogue.Entry], removing gone: EntrySwaps = EntrySwaps(), inserting new: [Catalogue.Entry],
        by before: (Catalogue.Entry, Catalogue.Entry) -> Bool
    ) -> [Catalogue.Entry] {
        var result = gone.isEmpty ? list : list.filter { gone[$0] == nil }
        for entry in new {
            var low = 0
            var high = result.count
            while low < high {
                let middle = (low + high) / 2
                if before(result[middle], entry) { low = middle + 1 } else { high = middle }
            }
            result.insert(entry, at: low)
        }
        return result
    }

    /// Top rated's order of two entries, as `BayesianRanking.ranked` sorts them.
    static func ranksAbove(_ ranking: BayesianRanking, _ a: Catalogue.Entry, _ b: Catalogue.Entry) -> Bool {
        BayesianRanking.ranksAbove(
            score: ranking.score(a.rating.counts) ?? 0, total: a.rating.total,
            score: ranking.score(b.rating.counts) ?? 0, total: b.rating.total) ?? Catalogue.byName(a, b)
    }

    /// Newest's order of two dated entries, as `newest` sorts them.
    static func isNewer(_ a: Catalogue.Entry, _ b: Catalogue.Entry) -> Bool {
        let (dayA, dayB) = (a.skill.created ?? "", b.skill.created ?? "")
        return dayA != dayB ? dayA > dayB : Catalogue.byName(a, b)
    }

    /// Most rated's order of two entries, as `mostRated` sorts them.
    static func hasMoreVotes(_ a: Catalogue.Entry, _ b: Catalogue.Entry) -> Bool {
        hasMoreVotes(a.rating.counts, b.rating.counts) ?? Catalogue.byName(a, b)
    }
}

extension Array where Element == Catalogue.Entry {
    /// These entries with each one `replaced` names (by identity) swapped for its new entry; the
    /// same array when it holds none of them.
    func replacing(_ replaced: EntrySwaps) -> [Catalogue.Entry] {
        guard !replaced.isEmpty, contains(where: { replaced[$0] != nil }) else { return self }
        return map { replaced[$0] ?? $0 }
    }
}

/// Entries a patch made anew, each by the entry it replaces (by identity). Most patches replace
/// one or two (a vote): then they are compared by address, which costs less than hashing one
/// for each of the 10,000 entries of every listing.
struct EntrySwaps {
    private var table: [ObjectIdentifier: Catalogue.Entry] = [:]
    private var few: [(old: ObjectIdentifier, new: Catalogue.Entry)] = []
    private static let fewest = 8

    var count: Int { table.count }
    var isEmpty: Bool { table.isEmpty }
    var values: [Catalogue.Entry] { few.count == table.count ? few.map(\.new) : Array(table.values) }

    subscript(_ old: Catalogue.Entry) -> Catalogue.Entry? {
        let key = ObjectIdentifier(old)
        guard table.count > Self.fewest else { return few.first { $0.old == key }?.new }
        return table[key]
    }

    init() {}

    /// Entries to take out, with nothing in their place: `reranked` drops them and `replacing`
    /// leaves them be.
    init(removing entries: [Catalogue.Entry]) {
        for entry in entries { remove(entry) }
    }

    mutating func remove(_ entry: Catalogue.Entry) { replace(entry, with: entry) }

    mutating func replace(_ old: Catalogue.Entry, with new: Catalogue.Entry) {
        let key = ObjectIdentifier(old)
        if table.updateValue(new, forKey: key) == nil, table.count <= Self.fewest {
            few.append((key, new))
        } else if let place = few.firstIndex(where: { $0.old == key }) {
            few[place].new = new
        }
    }
}

extension Array where Element == Catalogue.Entry {
    /// Sorted by comparing indices: the entries are large, and sorting moves what it sorts.
    func sortedByIndex(_ areInIncreasingOrder: (Int, Int) -> Bool) -> [Catalogue.Entry] {
        indices.sorted(by: areInIncreasingOrder).map { self[$0] }
    }

    /// Each entry's place in `Catalogue.byName` order, so sorts that fall back to the name
    /// compare two integers instead of two entries. Taken from `order` when it holds every entry.
    func nameRanks(_ order: NameOrder?) -> [Int] {
        order?.ranks(of: self) ?? nameRanks()
    }

    func nameRanks() -> [Int] {
        let names = map(\.skill.name)
        let ids = map(\.skill.id)
        func before(_ i: Int, _ j: Int) -> Bool {
            let order = Catalogue.compareNamesOrder(names[i], names[j])
            return order != 0 ? order < 0 : ids[i] < ids[j]
        }
        // Entries mostly come in this order already (the catalogue's are, and listings filter
        // them): one pass tells, where sorting takes n log n comparisons of names.
        if indices.dropFirst().allSatisfy({ before($0 - 1, $0) }) { return [Int](indices) }
        let order = indices.sorted(by: before)
        var ranks = [Int](repeating: 0, count: count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        return ranks
    }
}
