import Parallel
/// The whole catalogue, ready to render: skills with their ratings, grouped and sorted.
public struct Catalogue: Sendable {
    /// A class, not a struct: listings, cards and pages pass entries around by the thousand, and
    /// copying one as a value retained every string of its skill (a few percent of a build).
    /// Every property is a constant, so sharing one is the same as copying it.
    public final class Entry: Sendable {
        public let skill: Skill
        public let rating: RatingSummary
        /// Site path of the skill page, ending in `/` (`skills/news/headline-finder/`).
        public let path: String

        package init(skill: Skill, rating: RatingSummary, path: String) {
            self.skill = skill
            self.rating = rating
            self.path = path
        }
    }

    public struct Group: Sendable {
        public let name: String
        /// Site path of the group page (`groups/news/`).
        public let path: String
        /// Entries sorted by name, then id.
        public let entries: [Entry]
        public var ratingCount: Int { entries.reduce(0) { $0 + $1.rating.total } }
    }

    /// All entries sorted by name, then id.
    public let entries: [Entry]
    /// Groups sorted by name.
    public let groups: [Group]
    public let config: SiteConfig
    /// Each entry's place in `entries`, by skill id: the next kept build finds its previous
    /// entries with it, and takes it over whole when the order holds.
    private let placeByID: [String: Int]

    public var urls: SiteURLs { config.urls }

    /// The place in `entries` of the skill with this id: how a kept build's later stages find a
    /// skill's previous entry, card or summary without a table of their own.
    package func place(ofSkill id: String) -> Int? { placeByID[id] }

    public init(skills: [Skill], ratings: [String: RatingTally], config: SiteConfig) {
        self.init(skills: skills, ratings: ratings, config: config, reusing: nil)
    }

    /// A catalogue that keeps the entries of `previous` (a kept build's last catalogue) whose
    /// skill and rating are the same: later stages find an unchanged entry by its identity
    /// (`isSame`, cards) instead of comparing every field of its skill, and its page path is
    /// not made again.
    package init(skills: [Skill], ratings: [String: RatingTally], config: SiteConfig, reusing previous: Catalogue?) {
        self.config = config
        let urls = config.urls
        // Each previous entry by id, with its place in the previous order.
        let kept = previous.flatMap { $0.config.urls == urls ? $0 : nil }
        let places = kept?.placeByID ?? [:]
        let before = kept?.entries ?? []
        // On all cores: each skill's summary is made and compared with its previous entry's.
        let unsorted = skills.parallelMap { skill in
            let rating = RatingSummary(ratings[skill.id] ?? RatingTally())
            if let place = places[skill.id], before[place].rating == rating, before[place].skill == skill {
                return before[place]
            }
            return Entry(skill: skill, rating: rating, path: urls.skillPage(skill.id))
        }
        let ordered = Self.inPreviousOrder(unsorted, previous: before, places: places)
        let entries =
            ordered
            ?? {
                // `byName`, with each name lowercased once rather than on every comparison.
                let lowercased = unsorted.parallelMap { $0.skill.name.lowercased() }
                return unsorted.indices.sorted { i, j in
                    if lowercased[i] != lowercased[j] { return lowercased[i] < lowercased[j] }
                    let a = unsorted[i].skill
                    let b = unsorted[j].skill
                    return a.name != b.name ? a.name < b.name : a.id < b.id
                }.map { unsorted[$0] }
            }()
        self.entries = entries
        // The places stand when every skill stayed where it was.
        let samePlaces =
            ordered.map { $0.count == before.count && zip($0, before).allSatisfy { $0.skill.id == $1.skill.id } }
            ?? false
        // Made beside the groups below: both are serial, and after loading nothing else runs.
        let placeByID =
            samePlaces
            ? nil : Background { Dictionary(entries.enumerated().map { ($1.skill.id, $0) }) { _, last in last } }
        // Groups are keyed by their page name, so spellings that differ only in case or
        // punctuation ("News", "news") share one page instead of overwriting each other.
        // The spelling most skills use names the group; ties go to the first in sort order.
        var byGroup: [String: [Entry]] = [:]
        // A site has far fewer groups than skills: each name's page is made once.
        var pages: [String: String] = [:]
        for entry in entries {
            let group = entry.skill.group
            let page: String
            if let made = pages[group] {
                page = made
            } else {
                page = urls.groupPage(group)
                pages[group] = page
            }
            byGroup[page, default: []].append(entry)
        }
        groups = byGroup.map { path, members -> Group in
            var spellings: [String: Int] = [:]
            for member in members { spellings[member.skill.group, default: 0] += 1 }
            let name =
                spellings.sorted { a, b in a.value != b.value ? a.value > b.value : Self.compareNames(a.key, b.key) }
                .first?.key ?? ""
            return Group(name: name, path: path, entries: members)
        }.sorted { a, b in a.name != b.name ? Self.compareNames(a.name, b.name) : a.path < b.path }
        self.placeByID = placeByID?.wait() ?? places
    }

    /// The catalogue `init(skills:ratings:config:reusing:)` makes, from `previous`, when only the
    /// skills of `touched` (ids) may differ from those `previous` was made of, in their skill or
    /// their rating, or came or went, and each that stayed keeps its group (a vote, an edit of a
    /// description or a name, a new or deleted skill): their entries are made again in place,
    /// those that came or were renamed are put in by name, and every other entry and the groups stand. Nil
    /// otherwise (a group would come or go, or be named otherwise): then the catalogue is made whole.
    package init?(
        skills: [Skill], ratings: [String: RatingTally], config: SiteConfig, patching previous: Catalogue,
        touched: Set<String>
    ) {
        guard config == previous.config else { return nil }
        var entries = previous.entries
        var replaced = EntrySwaps()
        var came: [Entry] = []
        var renamed: [Entry] = []
        var stayed = Set<String>()
        let urls = config.urls
        for skill in skills where touched.contains(skill.id) {
            let rating = RatingSummary(ratings[skill.id] ?? RatingTally())
            guard let place = previous.placeByID[skill.id], entries.indices.contains(place) else {
                came.append(Entry(skill: skill, rating: rating, path: urls.skillPage(skill.id)))
                continue
            }
            stayed.insert(skill.id)
            let old = entries[place]
            guard old.skill.id == skill.id, old.skill.group == skill.group else { return nil }
            // A new name moves the skill in name order: it leaves its place and goes in again
            // by name, as a skill that went and one that came.
            guard old.skill.name == skill.name else {
                renamed.append(old)
                came.append(Entry(skill: skill, rating: rating, path: old.path))
                continue
            }
            if old.rating == rating, old.skill == skill { continue }
            let new = Entry(skill: skill, rating: rating, path: old.path)
            entries[place] = new
            replaced.replace(old, with: new)
        }
        let gone =
            touched.subtracting(stayed).compactMap { id in
                previous.placeByID[id].flatMap { entries.indices.contains($0) ? entries[$0] : nil }
            } + renamed
        guard skills.count == previous.entries.count + came.count - gone.count else { return nil }
        self.config = config
        guard !came.isEmpty || !gone.isEmpty else {
            self.entries = entries
            placeByID = previous.placeByID
            groups = previous.groups.map {
                Group(name: $0.name, path: $0.path, entries: $0.entries.replacing(replaced))
            }
            return
        }
        entries = Listings.reranked(entries, removing: EntrySwaps(removing: gone), inserting: came, by: Self.byName)
        guard entries.count == skills.count else { return nil }
        self.entries = entries
        // The places before the first skill that came or went stand: only those from it on are
        // set again (ids are unique here), not all 10,000 hashed into a new table.
        var places = previous.placeByID
        for old in gone { places[old.skill.id] = nil }
        var first = 0
        while first < entries.count, first < previous.entries.count, entries[first] === previous.entries[first] {
            first += 1
        }
        for place in first..<entries.count { places[entries[place].skill.id] = place }
        placeByID = places
        var patched = previous.groups.map { (name: $0.name, path: $0.path, entries: $0.entries.replacing(replaced)) }
        var groupPlace: [String: Int] = [:]
        for (k, group) in patched.enumerated() { groupPlace[group.path] = k }
        // A group keeps its name while every skill in it spells the name alike: the name is the
        // spelling most of its skills use.
        func spelledAlike(_ k: Int) -> Bool {
            let name = patched[k].name
            return patched[k].entries.allSatisfy { $0.skill.group.utf8.elementsEqual(name.utf8) }
        }
        for old in gone {
            guard let k = groupPlace[urls.groupPage(old.skill.group)], spelledAlike(k) else { return nil }
            patched[k].entries.removeAll { $0 === old }
            guard !patched[k].entries.isEmpty else { return nil }
        }
        for new in came {
            guard let k = groupPlace[urls.groupPage(new.skill.group)], spelledAlike(k),
                new.skill.group.utf8.elementsEqual(patched[k].name.utf8)
            else { return nil }
            patched[k].entries = Listings.reranked(patched[k].entries, inserting: [new], by: Self.byName)
        }
        groups = patched.map { Group(name: $0.name, path: $0.path, entries: $0.entries) }
    }

    /// `entries` in the order of `previous` (a kept build's sorted entries): the skills that stayed
    /// with the same names keep their order, which depends on names and ids alone, and the few that
    /// came or were renamed are put in by name. A change costs one pass and a few binary searches
    /// instead of a sort of the catalogue. Nil when more than a few came or were renamed.
    private static func inPreviousOrder(_ entries: [Entry], previous: [Entry], places: [String: Int]) -> [Entry]? {
        guard !previous.isEmpty else { return nil }
        var placed = [Entry?](repeating: nil, count: previous.count)
        // New skills, and those whose name changed: each is put in by name, when there are few.
        var others: [Entry] = []
        for entry in entries {
            if let place = places[entry.skill.id], placed[place] == nil,
                previous[place] === entry || previous[place].skill.name == entry.skill.name
            {
                placed[place] = entry
            } else {
                others.append(entry)
                guard others.count <= 32 else { return nil }
            }
        }
        // The others go where name order puts them among entries already in name order.
        let ordered = Listings.reranked(placed.compactMap { $0 }, inserting: others, by: byName)
        return ordered.count == entries.count ? ordered : nil
    }

    public var ratingCount: Int { entries.reduce(0) { $0 + $1.rating.total } }

    static func byName(_ a: Entry, _ b: Entry) -> Bool {
        let order = compareNamesOrder(a.skill.name, b.skill.name)
        return order != 0 ? order < 0 : a.skill.id < b.skill.id
    }

    static func compareNames(_ a: String, _ b: String) -> Bool {
        let order = compareNamesOrder(a, b)
        return order != 0 ? order < 0 : a < b
    }

    /// Case-insensitive first, so "apple" sits beside "Apple"; exact text breaks ties.
    package static func compareNamesOrder(_ a: String, _ b: String) -> Int {
        if let order = asciiOrder(a, b) { return order }
        let la = a.lowercased()
        let lb = b.lowercased()
        if la != lb { return la < lb ? -1 : 1 }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    /// `compareNamesOrder` of two ASCII strings, without allocating their lowercase copies
    /// (listings sort thousands of names); nil unless both are ASCII.
    static func asciiOrder(_ a: String, _ b: String) -> Int? {
        guard a.isASCII, b.isASCII else { return nil }
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        var exact = 0
        for (x, y) in zip(a.utf8, b.utf8) {
            let p = lower(x)
            let q = lower(y)
            if p != q { return p < q ? -1 : 1 }
            if exact == 0 && x != y { exact = x < y ? -1 : 1 }
        }
        let (m, n) = (a.utf8.count, b.utf8.count)
        if m != n { return m < n ? -1 : 1 }
        return exact
    }
}
