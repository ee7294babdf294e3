import Foundation
import Parallel

/// Up to six skills like each one, for its page. A candidate's score is the sum of
/// - the inverse document frequency, ln(N / df), of each word (`SkillTerms`) both skills use,
/// - `sameAuthor` when both have the same author (the same author page), and
/// - `sameGroup` when both are in the same group;
/// ties go to the better place in Top rated (unrated skills after rated ones), then to name order.
///
/// One shared word outweighs the same author: a word used at all is in at most a tenth of the
/// skills, so it weighs at least ln 10 ≈ 2.3 (in catalogues of 20 skills or more), and a rarer one
/// more. What a skill is about counts for more than who wrote it; "More by this author" links to
/// the rest. The same author outweighs the same group.
///
/// Near linear in the number of skills: candidates come from an inverted index of words, and a word
/// in more than `maxShare` of the skills, or in more than `maxPostings`, is not used at all (it says
/// little, and reading its list for each of its skills would be quadratic). An author's other skills
/// are candidates as long as there are at most `maxPostings` of them. When a skill has fewer than
/// six candidates, its group's skills fill the list in Top rated order.
///
/// Deterministic: scores are sums of fixed-point integers, the same in any order, so the score of
/// a pair is the same number from either side, and the numbers words are given (in the order the
/// catalogue first uses them, or kept from the last build under `serve`) change no list.
public struct RelatedSkills: Sendable {
    public static let limit = 6
    public static let sameAuthor = 2.0
    public static let sameGroup = 1.0
    /// A word used by more than this share of the skills is not used.
    public static let maxShare = 0.1
    /// Nor one used by more than this many skills, however large the catalogue.
    public static let maxPostings = 100

    /// For each entry (by its index in the catalogue's entries), its related entries' indices, best first.
    public let lists: [[Int]]

    /// Scores are sums of fixed-point integers (2^40 to the point): the same sum in any order.
    static let scale = Double(1 << 40)
    static let sameAuthorPoints = Int(sameAuthor * scale)
    static let sameGroupPoints = Int(sameGroup * scale)

    /// Each entry's scored candidates, best first by score alone: those that score at least as
    /// much as the sixth. A vote changes places in Top rated, which only reorders ties, so these
    /// are all a new list can be made of while no skill's text changed.
    /// Empty once forgotten (`forgettingScores`).
    private var candidates: [[Candidate]]
    /// Each scored skill's words and the rest of what scores are made of: an edit rescores only
    /// the skills it can change, and no skill's text is read again while it stays. Nil once
    /// forgotten.
    private var index: RelatedTermIndex?
    /// The entries these lists were scored and made for (a next build compares only the skills of
    /// entries that are not these very objects), each one's Top rated place (`Int.max` unrated),
    /// its group page, and each group's skills in the order that fills short lists: a vote
    /// makes again only the lists it can change (`moved`).
    private let entries: [Catalogue.Entry]
    private let ranks: [Int]
    private let groupKeys: [String]
    private let fill: [String: [Int]]
    private let urls: SiteURLs

    struct Candidate: Sendable {
        let index: Int
        let score: Int
    }

    /// - Parameters:
    ///   - entries: the catalogue's entries, in name order (`Catalogue.entries`).
    ///   - topRated: the Top rated listing of the same entries.
    ///   - previous: the last build's related skills (`sitegen serve`): when every skill's words,
    ///     author and group are as they were, its scores are kept and only the order of ties and
    ///     the filling from groups are made again (for the lists a moved skill can change); when
    ///     a few skills changed, only the skills they can change are scored again.
    public init(
        _ entries: [Catalogue.Entry], topRated: [Catalogue.Entry], urls: SiteURLs = .standard,
        reusing previous: RelatedSkills? = nil
    ) {
        let count = entries.count
        self.entries = entries
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(count)
        for (i, entry) in entries.enumerated() { index[ObjectIdentifier(entry)] = i }
        // Top rated place by entry index; unrated skills come after every rated one.
        var places = [Int](repeating: Int.max, count: count)
        for (rank, entry) in topRated.enumerated() {
            if let i = index[ObjectIdentifier(entry)] { places[i] = rank }
        }
        let ranks = places
        self.ranks = ranks

        // Group and author keys are page paths: kept ones are good while the folders are the same.
        let previous = previous?.urls == urls && previous?.isReusable == true ? previous : nil
        self.urls = urls
        let sameText = previous.map { $0.hasSameText(as: entries) } ?? false
        // Where each skill stood in the previous lists: its own place while none came or went.
        let stood: [Int?]? = previous.map { previous in
            entries.count == previous.entries.count
                ? Array(entries.indices) : PlaceWalk.places(of: entries, in: previous.entries) { $0.skill.id }
        }
        let groupKeys =
            previous.map { $0.groupKeys(of: entries, places: stood ?? [], urls: urls) }
            ?? entries.map(\.skill.group).map(Self.once(urls.groupPage))
        self.groupKeys = groupKeys
        // Each group's skills in Top rated order, then the unrated by name, to fill short lists.
        func ordered(_ members: [Int]) -> [Int] { members.sorted { (ranks[$0], $0) < (ranks[$1], $1) } }

        // A few skills changed (a vote, an edit) and none changed group: a list stands unless
        // its candidates were scored again, or one of them, or its group's order, moved.
        if let previous, previous.groupKeys == groupKeys,
            let moved = previous.moved(entries, topRated: topRated, ranks: ranks, index: index),
            let rescored = sameText
                ? previous.index.map({ (previous.candidates, $0, Set<Int>()) })
                : previous.rescored(entries, groupKeys: groupKeys, urls: urls)
        {
            (candidates, self.index) = (rescored.0, rescored.1)
            let affected = rescored.2
            let movedGroups = Set(moved.map { groupKeys[$0] })
            var fill = previous.fill
            for key in movedGroups { fill[key] = fill[key].map(ordered) }
            self.fill = fill
            // Flags by index, not sets: every list's candidates are looked at.
            var again = [Bool](repeating: false, count: count)
            var isMoved = [Bool](repeating: false, count: count)
            for i in moved { isMoved[i] = true }
            for i in affected.union(moved) { again[i] = true }
            var lists = previous.lists
            for i in 0..<count
            where again[i] || candidates[i].contains(where: { isMoved[$0.index] })
                || (candidates[i].count < Self.limit && movedGroups.contains(groupKeys[i]))
            {
                lists[i] = Self.list(i, candidates: candidates[i], ranks: ranks, fill: fill[groupKeys[i]] ?? [])
            }
            self.lists = lists
            return
        }

        var byGroup: [String: [Int]] = [:]
        for (i, key) in groupKeys.enumerated() { byGroup[key, default: []].append(i) }
        let fill = byGroup.mapValues(ordered)
        self.fill = fill

        if let previous, sameText {
            candidates = previous.candidates
            self.index = previous.index
        } else if let previous, let rescored = previous.rescored(entries, groupKeys: groupKeys, urls: urls) {
            (candidates, self.index) = (rescored.candidates, rescored.index)
        } else {
            let authorPage = Self.once(urls.authorPage)
            // A skill that came or went moves every later one: the others keep their words' and
            // author's and group's numbers, found by their places, instead of all hashed again.
            let kept = previous.map { previous in
                zip(entries, stood ?? []).map { entry, place -> Int? in
                    place.map { previous.entries[$0] === entry ? $0 : nil } ?? nil
                }
            }
            let terms = RelatedTermIndex(
                words: Self.words(entries, reusing: previous, places: stood ?? []), numberedIn: previous?.index,
                authors: entries.indices.map { i in
                    guard let j = kept?[i] ?? nil else { return .name(entries[i].skill.author.map(authorPage)) }
                    return .kept(j)
                },
                groups: entries.indices.map { i in
                    guard let j = kept?[i] ?? nil else { return .name(groupKeys[i]) }
                    return .kept(j)
                })
            candidates = Self.score(terms)
            self.index = terms
        }
        let scored = candidates
        lists = Array(0..<count).parallelMap { i in
            Self.list(i, candidates: scored[i], ranks: ranks, fill: fill[groupKeys[i]] ?? [])
        }
    }

    /// Whether a next build can take these lists' scores (`reusing:`): not once forgotten.
    public var isReusable: Bool { index != nil }

    /// The same lists without the scores and words a next build would reuse: a build that keeps
    /// nothing holds those (a tenth of a large catalogue's memory) only while making the lists.
    public func forgettingScores() -> RelatedSkills {
        var lists = self
        lists.candidates = []
        lists.index = nil
        return lists
    }

    /// Entry `i`'s list as lists made for `entries` would have it, from these lists' scores:
    /// when every skill is still here with the words, author and group it was scored with, as
    /// after a rename, which sorts the entries anew and so has every list made again. Nil
    /// otherwise, or when these lists are none. Only ties and short lists' filling depend on
    /// places, and both are taken from the new ones, so it is the list the new build makes.
    public func list(of i: Int, in entries: [Catalogue.Entry], topRated: [Catalogue.Entry]) -> [Int]? {
        guard !lists.isEmpty, isReusable, entries.count == self.entries.count, entries.indices.contains(i) else {
            return nil
        }
        // Each old place's new one. The walk finds the skills that kept their order; a renamed
        // one moved away, and is found by its id among the places the walk left.
        var places = PlaceWalk.places(of: entries, in: self.entries, key: { $0.skill.id })
        let unfound = places.indices.filter { places[$0] == nil }
        if !unfound.isEmpty {
            var taken = [Bool](repeating: false, count: entries.count)
            for case let old? in places { taken[old] = true }
            var left: [String: Int] = [:]
            for old in self.entries.indices where !taken[old] { left[self.entries[old].skill.id] = old }
            for j in unfound { places[j] = left[entries[j].skill.id] }
        }
        var moved = [Int](repeating: -1, count: entries.count)
        for (j, place) in places.enumerated() {
            guard let old = place, moved[old] == -1 else { return nil }
            if entries[j] !== self.entries[old] {
                let (skill, before) = (entries[j].skill, self.entries[old].skill)
                guard
                    skill.description == before.description && skill.examples == before.examples
                        && skill.author == before.author && skill.group == before.group
                else { return nil }
            }
            moved[old] = j
        }
        guard let old = moved.firstIndex(of: i) else { return nil }
        var placeOf: [ObjectIdentifier: Int] = [:]
        placeOf.reserveCapacity(entries.count)
        for (j, entry) in entries.enumerated() { placeOf[ObjectIdentifier(entry)] = j }
        var ranks = [Int](repeating: Int.max, count: entries.count)
        for (rank, entry) in topRated.enumerated() {
            if let j = placeOf[ObjectIdentifier(entry)] { ranks[j] = rank }
        }
        let candidates = self.candidates[old].map { Candidate(index: moved[$0.index], score: $0.score) }
        let fill = (self.fill[groupKeys[old]] ?? []).map { moved[$0] }.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        return Self.list(i, candidates: candidates, ranks: ranks, fill: fill)
    }

    /// Skill `i`'s list: its best candidates, ties to the better Top rated place, then its
    /// group's skills in `fill`'s order while there are fewer than `limit`.
    private static func list(_ i: Int, candidates: [Candidate], ranks: [Int], fill: [Int]) -> [Int] {
        var ranked = candidates
        ranked.sort { a, b in
            a.score != b.score ? a.score > b.score : (ranks[a.index], a.index) < (ranks[b.index], b.index)
        }
        var chosen = ranked.prefix(Self.limit).map(\.index)
        if chosen.count < Self.limit {
            for j in fill where j != i && !chosen.contains(j) {
                chosen.append(j)
                if chosen.count == Self.limit { break }
            }
        }
        return chosen
    }

    /// The skills whose Top rated place may have moved against the others since these lists
    /// were made: the entries that are not the same objects (a vote makes its skill's entry
    /// anew). Nil when others moved against one another too, or too many moved, for every list
    /// to be made again.
    private func moved(
        _ entries: [Catalogue.Entry], topRated: [Catalogue.Entry], ranks: [Int], index: [ObjectIdentifier: Int]
    ) -> [Int]? {
        guard entries.count == self.entries.count else { return nil }
        var moved: [Int] = []
        for i in entries.indices where entries[i] !== self.entries[i] {
            moved.append(i)
            guard moved.count <= 32 else { return nil }
        }
        let isMoved = Set(moved)
        // The others, in the new order, must stand in the old order, rated or not as before.
        var last = -1
        for entry in topRated {
            guard let i = index[ObjectIdentifier(entry)], !isMoved.contains(i) else { continue }
            guard self.ranks[i] != Int.max, self.ranks[i] > last else { return nil }
            last = self.ranks[i]
        }
        for i in entries.indices where !isMoved.contains(i) && (ranks[i] == Int.max) != (self.ranks[i] == Int.max) {
            return nil
        }
        return moved
    }

    /// Whether `skills` are, one by one, the skills these lists were scored from, as far as
    /// scores go: the same id, words, author and group.
    /// An entry that is the very object these lists were made with holds the same skill: only
    /// the others' skills are compared (a vote makes one entry anew).
    private func hasSameText(as entries: [Catalogue.Entry]) -> Bool {
        entries.count == self.entries.count
            && zip(entries, self.entries).allSatisfy { entry, before in
                guard entry !== before else { return true }
                let (a, b) = (entry.skill, before.skill)
                return a.id == b.id && a.description == b.description && a.examples == b.examples
                    && a.author == b.author && a.group == b.group
            }
    }

    /// Each entry's words: numbered as in `previous` for a skill whose description and examples
    /// are as they were (found where it stood, `PlaceWalk`), read from its text for the others.
    /// - Parameter places: each entry's place in `previous`' entries (`PlaceWalk`).
    private static func words(_ entries: [Catalogue.Entry], reusing previous: RelatedSkills?, places: [Int?])
        -> [RelatedTermIndex.Words]
    {
        // One collector per run of skills (`TermCollector`).
        guard let previous else {
            return entries.parallelMap(scratch: TermCollector.init) { collector, entry in
                .terms(collector.terms(of: entry.skill))
            }
        }
        let before = previous.entries
        return Array(entries.indices).parallelMap(scratch: TermCollector.init) {
            collector, i -> RelatedTermIndex.Words in
            let skill = entries[i].skill
            if let j = places[i] {
                let was = before[j].skill
                if was.description == skill.description && was.examples == skill.examples { return .numbered(j) }
            }
            return .terms(collector.terms(of: skill))
        }
    }

    /// Every skill's candidates, on all cores.
    private static func score(_ index: RelatedTermIndex) -> [[Candidate]] {
        let count = index.count
        // A few chunks per core, each with its own scratch space.
        let chunks = Swift.min(count, 64)
        return Array(0..<chunks).parallelMap { chunk -> [[Candidate]] in
            var scratch = RelatedTermIndex.Scratch(count: count)
            return ((chunk * count / chunks)..<((chunk + 1) * count / chunks)).map {
                index.candidates(of: $0, &scratch)
            }
        }.flatMap { $0 }
    }

    /// `page`, made once per name: the same few groups and authors come thousands of times, and
    /// a page path is a slug made character by character. Names are told apart by their bytes,
    /// as slugs are made from them: two spellings of the same text (é, or e and a combining
    /// accent) are one key of a dictionary, but may be two pages.
    static func once(_ page: @escaping (String) -> String) -> (String) -> String {
        var made: [String: (name: String, page: String)] = [:]
        return { name in
            if let known = made[name] {
                if known.name.utf8.elementsEqual(name.utf8) { return known.page }
                return page(name)
            }
            let key = page(name)
            made[name] = (name, key)
            return key
        }
    }

    /// Each skill's group page, taken from these lists' for a skill in its place with the same group.
    /// - Parameter places: each entry's place in these lists' entries: its own while none came or
    ///   went (a vote, an edit); otherwise where it stood (`PlaceWalk`).
    private func groupKeys(of entries: [Catalogue.Entry], places: [Int?], urls: SiteURLs) -> [String] {
        let page = Self.once(urls.groupPage)
        return zip(entries, places).map { entry, place in
            guard let place else { return page(entry.skill.group) }
            let before = self.entries[place]
            // By bytes, as page paths are made from them.
            guard entry === before || entry.skill.group.utf8.elementsEqual(before.skill.group.utf8) else {
                return page(entry.skill.group)
            }
            return groupKeys[place]
        }
    }

    /// The candidates after a few skills changed their words, author or group (an edit in
    /// `sitegen serve`), rescoring only the skills those can change; nil when the skills are not
    /// the same ones in the same order, or too many changed, for a build from scratch.
    private func rescored(
        _ entries: [Catalogue.Entry], groupKeys: [String], urls: SiteURLs
    ) -> (candidates: [[Candidate]], index: RelatedTermIndex, affected: Set<Int>)? {
        guard var index, entries.count == self.entries.count else { return nil }
        var changed: [Int] = []
        for i in entries.indices where entries[i] !== self.entries[i] {
            let (skill, before) = (entries[i].skill, self.entries[i].skill)
            guard skill.id == before.id else { return nil }
            if skill.description != before.description || skill.examples != before.examples
                || skill.author != before.author || skill.group != before.group
            {
                changed.append(i)
                guard changed.count <= 32 else { return nil }
            }
        }
        var affected = Set<Int>()
        for i in changed {
            let (skill, before) = (entries[i].skill, self.entries[i].skill)
            let sameText = skill.description == before.description && skill.examples == before.examples
            affected.formUnion(
                index.replace(
                    skill: i, words: sameText ? index.words(ofSkill: i) : SkillTerms.of(skill),
                    author: skill.author.map(urls.authorPage), group: groupKeys[i]))
        }
        // A skill that listed a changed one may list it no longer.
        let changedSet = Set(changed)
        for (j, list) in candidates.enumerated() where list.contains(where: { changedSet.contains($0.index) }) {
            affected.insert(j)
        }
        var result = candidates
        var scratch = RelatedTermIndex.Scratch(count: index.count)
        for i in affected { result[i] = index.candidates(of: i, &scratch) }
        return (result, index, affected.union(changed))
    }
}
