import Foundation
import Parallel

/// What `RelatedSkills` scores from: each skill's words as numbers, the skills that use each word,
/// each word's weight, and authors and groups as numbers. Kept between builds of `sitegen serve`,
/// so an edit rescores only the skills the edited one can change (`replace`), and so a skill's
/// words are not read again while its text stays.
///
/// Scores are fixed-point integers (`RelatedSkills.scale`): their sums are the same in any order,
/// so a few skills rescored after an edit score exactly as a build from scratch scores them, and
/// two skills that share the same words tie exactly.
struct RelatedTermIndex: Sendable {
    /// Word → number, and back.
    private var vocabulary = Vocabulary()
    /// Every word, by number (made as asked: a string for each word is needed only by tests).
    var words: [String] { vocabulary.terms.map(\.word) }
    /// For each word that may count (in at most `most` skills), the skills (indices) that use
    /// it; empty for a word in more. Those say nothing (`weight`), and a generated catalogue's
    /// every word is one: their lists were a million appends per index, on one core.
    private(set) var postings: [[Int32]] = []
    /// For each word, how many skills use it.
    private(set) var documents: [Int] = []
    /// For each skill, its words' numbers.
    private(set) var terms: [[Int32]] = []
    /// Each word's weight: ln(N / df) in fixed point, or 0 for a word in one skill only or in too many.
    private(set) var weights: [Int] = []
    private(set) var authorOf: [Int] = []
    private(set) var byAuthor: [[Int]] = []
    private var authorNumbers: [String: Int] = [:]
    private(set) var groupOf: [Int] = []
    private var groupNumbers: [String: Int] = [:]
    let count: Int
    /// The most skills a word may be in and still count.
    let most: Int

    /// A skill's words: as read (`SkillTerms.terms`), or as the words skill `j` of the index they
    /// are numbered in has.
    enum Words: Sendable {
        case terms([SkillTerm])
        case numbered(Int)

        static func text(_ words: [String]) -> Words { .terms(words.map(SkillTerm.init)) }
    }

    /// - Parameters:
    ///   - words: each skill's words (`SkillTerms`).
    ///   - authors: each skill's author key (its author page), nil without an author.
    ///   - groups: each skill's group key (its group page).
    init(words skillWords: [[String]], authors: [String?], groups: [String]) {
        self.init(
            words: skillWords.map(Words.text), numberedIn: nil, authors: authors.map(Key.name),
            groups: groups.map(Key.name))
    }

    /// A skill's author or group: its key (the page), or the one skill `j` of the index it is
    /// numbered in has (so the key is not hashed again for a skill that stayed).
    enum Key: Sendable {
        case name(String?)
        case kept(Int)
    }

    /// - Parameter previous: the index `.numbered` words are taken from. Its numbers are kept
    ///   and new words numbered after them, so a skill that came or went (every later skill's
    ///   place moves, and the weights with the count) does not number every word again. Numbers
    ///   only name words: scores are the same whatever number a word has. A word no skill uses
    ///   any more keeps its number (and an empty posting) for the rest of a `serve` session.
    init(words skillWords: [Words], numberedIn previous: RelatedTermIndex?, authors: [Key], groups: [Key]) {
        count = skillWords.count
        most = min(RelatedSkills.maxPostings, max(2, Int(Double(count) * RelatedSkills.maxShare)))
        if let previous {
            vocabulary = previous.vocabulary
            postings = Array(repeating: [], count: words.count)
            documents = Array(repeating: 0, count: words.count)
            weights = Array(repeating: 0, count: words.count)
            // Author and group numbers are kept too, as words' are: `.kept` ones are the previous index's.
            authorNumbers = previous.authorNumbers
            byAuthor = Array(repeating: [], count: previous.byAuthor.count)
            groupNumbers = previous.groupNumbers
        }
        // Words are numbered in the order they first appear, skill by skill, as one pass over the
        // skills would number them; hashing every word of every skill on one core was most of
        // the index. Each run of skills numbers its own words on a core, the runs' words are then
        // numbered in run order (each word once per run, not once per use), and each skill's
        // words are put in the index's numbers and sorted on all cores again.
        let runs = Self.runs(count)
        let local = runs.parallelMap { run -> RunWords in
            var local = RunWords()
            for i in run {
                guard case .terms(let terms) = skillWords[i] else {
                    local.skills.append(nil)
                    continue
                }
                local.skills.append(terms.map { local.vocabulary.number(of: $0).number })
            }
            return local
        }
        let global = local.map { $0.vocabulary.terms.map { number(of: $0) } }
        let previousTerms = previous?.terms
        terms = runs.indices.parallelMap { r -> [[Int32]] in
            zip(runs[r], local[r].skills).map { i, numbered in
                guard let numbered else {
                    guard case .numbered(let j) = skillWords[i] else { return [] }
                    return previousTerms.map { $0[j] } ?? []
                }
                return numbered.map { global[r][Int($0)] }.sorted()
            }
        }.flatMap { $0 }
        // Each word's skills, in skill order. Counted first, so each list is made at its size:
        // grown step by step, a million appends reallocated them again and again.
        var documents = [Int](repeating: 0, count: postings.count)
        for numbered in terms {
            for term in numbered { documents[Int(term)] += 1 }
        }
        Self.fill(&postings, with: terms, documents: documents, most: most)
        self.documents = documents
        weights = documents.map { weight(documents: $0) }
        authorOf = authors.enumerated().map { i, author in
            let number: Int
            switch author {
            case .name(nil): return -1
            case .name(let key?): number = authorNumber(key)
            case .kept(let j):
                guard let kept = previous?.authorOf[j], kept >= 0 else { return -1 }
                number = kept
            }
            byAuthor[number].append(i)
            return number
        }
        groupOf = []
        groupOf.reserveCapacity(count)
        for group in groups {
            switch group {
            case .name(let key): groupOf.append(groupNumber(key ?? ""))
            case .kept(let j): groupOf.append(previous?.groupOf[j] ?? groupNumber(""))
            }
        }
    }

    func weight(documents: Int) -> Int {
        documents < 2 || documents > most
            ? 0 : Int((log(Double(count) / Double(documents)) * RelatedSkills.scale).rounded())
    }

    /// A skill's words, as `SkillTerms` would give them (in another order).
    func words(ofSkill i: Int) -> [String] { terms[i].map { vocabulary.terms[Int($0)].word } }

    /// Each word's skills in `postings`, in skill order, for the words in at most `most`
    /// skills. Filled through a span: through the array, a million appends (a generated
    /// catalogue's every word in nearly every skill) each checked both arrays for sharing.
    private static func fill(_ postings: inout [[Int32]], with terms: [[Int32]], documents: [Int], most: Int) {
        var lists = postings.mutableSpan
        for t in lists.indices where documents[t] <= most { lists[t].reserveCapacity(documents[t]) }
        for (i, numbered) in terms.enumerated() {
            for term in numbered where documents[Int(term)] <= most { lists[Int(term)].append(Int32(i)) }
        }
    }

    /// Skills split into a few runs per core.
    private static func runs(_ count: Int) -> [Range<Int>] {
        let runs = Swift.max(1, Swift.min(count, Cores.active * 4))
        return (0..<runs).map { (($0 * count) / runs)..<((($0 + 1) * count) / runs) }
    }

    /// Words numbered from 0 in the order they first appear.
    private struct Vocabulary: Sendable {
        var packedNumbers = NumberTable()
        var textNumbers: [String: Int32] = [:]
        var terms: [SkillTerm] = []

        mutating func number(of term: SkillTerm) -> (number: Int32, isNew: Bool) {
            let number = Int32(terms.count)
            switch term {
            case .packed(let key):
                let numbered = packedNumbers.number(of: key, orGive: number)
                guard numbered.isNew else { return numbered }
            case .text(let text):
                if let known = textNumbers[text] { return (known, false) }
                textNumbers[text] = number
            }
            terms.append(term)
            return (number, true)
        }
    }

    /// One run's words, numbered in its own vocabulary.
    private struct RunWords: Sendable {
        var vocabulary = Vocabulary()
        /// Each skill's words by those numbers; nil for a skill numbered in the previous index.
        var skills: [[Int32]?] = []
    }

    private mutating func number(of term: SkillTerm) -> Int32 {
        let (number, isNew) = vocabulary.number(of: term)
        if isNew {
            postings.append([])
            documents.append(0)
            weights.append(0)
        }
        return number
    }

    private mutating func authorNumber(_ key: String) -> Int {
        if let known = authorNumbers[key] { return known }
        authorNumbers[key] = byAuthor.count
        byAuthor.append([])
        return byAuthor.count - 1
    }

    private mutating func groupNumber(_ key: String) -> Int {
        if let known = groupNumbers[key] { return known }
        groupNumbers[key] = groupNumbers.count
        return groupNumbers.count - 1
    }

    /// Gives skill `i` new words, author and group, and returns the skills whose candidates may
    /// have changed by it (besides those that list `i` as a candidate, which only the caller knows).
    mutating func replace(skill i: Int, words newWords: [String], author: String?, group: String) -> Set<Int> {
        var affected: Set<Int> = [i]
        let old = Set(terms[i])
        let new = Set(newWords.map { number(of: SkillTerm($0)) })
        terms[i] = new.sorted()
        for term in old.symmetricDifference(new) {
            let t = Int(term)
            let wasListed = documents[t] <= most
            documents[t] += new.contains(term) ? 1 : -1
            if documents[t] > most {
                postings[t] = []
            } else if wasListed {
                if new.contains(term) {
                    postings[t].append(Int32(i))
                } else {
                    postings[t].removeAll { $0 == Int32(i) }
                }
            } else {
                // Back to few enough skills to count: its list is made from the skills' words.
                postings[t] = skills(using: term).map(Int32.init)
            }
            let weightBefore = weights[t]
            weights[t] = weight(documents: documents[t])
            // A word that counts neither before nor after changes no score. Every other skill
            // that used the word before uses it now: a word that stopped counting is found in
            // the skills' words, as its list is gone.
            if weightBefore != 0 || weights[t] != 0 {
                if postings[t].isEmpty, documents[t] > 0 {
                    affected.formUnion(skills(using: term))
                } else {
                    for j in postings[t] { affected.insert(Int(j)) }
                }
            }
        }
        var newAuthor = -1
        if let author { newAuthor = authorNumber(author) }
        if newAuthor != authorOf[i] {
            if authorOf[i] >= 0 {
                for j in byAuthor[authorOf[i]] { affected.insert(j) }
                byAuthor[authorOf[i]].removeAll { $0 == i }
            }
            if newAuthor >= 0 {
                for j in byAuthor[newAuthor] { affected.insert(j) }
                byAuthor[newAuthor].append(i)
            }
            authorOf[i] = newAuthor
        }
        let newGroup = groupNumber(group)
        if newGroup != groupOf[i] {
            for (j, g) in groupOf.enumerated() where g == newGroup || g == groupOf[i] { affected.insert(j) }
            groupOf[i] = newGroup
        }
        return affected
    }

    /// The skills whose words include `term`, found in their words: for a word whose list is not kept.
    private func skills(using term: Int32) -> [Int] { terms.indices.filter { terms[$0].contains(term) } }

    /// Reusable per-thread space for scoring: one score per skill, reset after each use, so
    /// reading a word's skills adds to an array instead of hashing into a dictionary.
    struct Scratch {
        var scores: [Int]
        var isCandidate: [Bool]
        var touched: [Int] = []

        init(count: Int) {
            scores = [Int](repeating: 0, count: count)
            isCandidate = [Bool](repeating: false, count: count)
        }
    }

    /// Skill `i`'s candidates with their scores, best first by score (then index), cut after the
    /// last that ties with the sixth.
    func candidates(of i: Int, _ scratch: inout Scratch) -> [RelatedSkills.Candidate] {
        func add(_ j: Int, _ weight: Int) {
            if !scratch.isCandidate[j] {
                scratch.isCandidate[j] = true
                scratch.touched.append(j)
            }
            scratch.scores[j] += weight
        }
        for term in terms[i] where weights[Int(term)] > 0 {
            let weight = weights[Int(term)]
            for j in postings[Int(term)] where Int(j) != i { add(Int(j), weight) }
        }
        if authorOf[i] >= 0, byAuthor[authorOf[i]].count <= RelatedSkills.maxPostings {
            for j in byAuthor[authorOf[i]] where j != i { add(j, 0) }
        }
        var ranked = scratch.touched.map { j in
            var total = scratch.scores[j]
            if authorOf[j] >= 0 && authorOf[j] == authorOf[i] { total += RelatedSkills.sameAuthorPoints }
            if groupOf[j] == groupOf[i] { total += RelatedSkills.sameGroupPoints }
            return RelatedSkills.Candidate(index: j, score: total)
        }
        for j in scratch.touched {
            scratch.scores[j] = 0
            scratch.isCandidate[j] = false
        }
        scratch.touched.removeAll(keepingCapacity: true)
        ranked.sort { a, b in a.score != b.score ? a.score > b.score : a.index < b.index }
        if ranked.count > RelatedSkills.limit {
            let sixth = ranked[RelatedSkills.limit - 1].score
            ranked = Array(ranked.prefix { $0.score >= sixth })
        }
        return ranked
    }
}
