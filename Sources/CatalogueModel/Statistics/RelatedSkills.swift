import Foundation

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
/// Deterministic: words are numbered in the order the catalogue (in name order) first uses them,
/// and each score is summed over the shared words in that order, so the score of a pair is the
/// same number from either side.
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

    /// - Parameters:
    ///   - entries: the catalogue's entries, in name order (`Catalogue.entries`).
    ///   - topRated: the Top rated listing of the same entries.
    /// Each entry's scored candidates, best first by score alone: those that score at least as
    /// much as the sixth. A vote changes places in Top rated, which only reorders ties, so these
    /// are all a new list can be made of while no skill's text changed.
    private let candidates: [[Candidate]]
    /// What the candidates were scored from, to tell whether a next build may keep them.
    private let scoredSkills: [Skill]
    /// Each scored skill's words (`SkillTerms`): an edit scores again, but reads only its own
    /// skill's text again (reading every description was most of a rescore).
    private let scoredWords: [[String]]

    struct Candidate: Sendable {
        let index: Int
        let score: Double
    }

    ///   - previous: the last build's related skills (`sitegen serve`): when every skill's words,
    ///     author and group are as they were, its scores are kept and only the order of ties and
    ///     the filling from groups are made again.
    public init(
        _ entries: [Catalogue.Entry], topRated: [Catalogue.Entry], urls: SiteURLs = .standard,
        reusing previous: RelatedSkills? = nil
    ) {
        let count = entries.count
        scoredSkills = entries.map(\.skill)
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(count)
        for (i, entry) in entries.enumerated() { index[ObjectIdentifier(entry)] = i }
        // Top rated place by entry index; unrated skills come after every rated one.
        var ranks = [Int](repeating: Int.max, count: count)
        for (rank, entry) in topRated.enumerated() {
            if let i = index[ObjectIdentifier(entry)] { ranks[i] = rank }
        }

        let groupKeys = entries.map { urls.groupPage($0.skill.group) }
        var byGroup: [String: [Int]] = [:]
        for (i, key) in groupKeys.enumerated() { byGroup[key, default: []].append(i) }
        // Each group's skills in Top rated order, then the unrated by name, to fill short lists.
        let fill = byGroup.mapValues { members in members.sorted { (ranks[$0], $0) < (ranks[$1], $1) } }

        if let previous, previous.hasSameText(as: scoredSkills) {
            candidates = previous.candidates
            scoredWords = previous.scoredWords
        } else {
            let words = Self.words(entries, reusing: previous)
            candidates = Self.score(entries, words: words, groupKeys: groupKeys, urls: urls)
            scoredWords = words
        }
        let (place, scored) = (ranks, candidates)
        lists = Array(0..<count).parallelMap { i in
            var ranked = scored[i]
            ranked.sort { a, b in
                a.score != b.score ? a.score > b.score : (place[a.index], a.index) < (place[b.index], b.index)
            }
            var chosen = ranked.prefix(Self.limit).map(\.index)
            if chosen.count < Self.limit {
                for j in fill[groupKeys[i]] ?? [] where j != i && !chosen.contains(j) {
                    chosen.append(j)
                    if chosen.count == Self.limit { break }
                }
            }
            return chosen
        }
    }

    /// Whether `skills` are, one by one, the skills these lists were scored from, as far as
    /// scores go: the same id, words, author and group.
    private func hasSameText(as skills: [Skill]) -> Bool {
        skills.count == scoredSkills.count
            && zip(skills, scoredSkills).allSatisfy { a, b in
                a.id == b.id && a.description == b.description && a.examples == b.examples
                    && a.author == b.author && a.group == b.group
            }
    }

    /// Each entry's candidates with their scores, best first by score, cut after the last that
    /// ties with the sixth.
    /// Each entry's words, taken from `previous` for a skill whose description and examples are
    /// as they were.
    private static func words(_ entries: [Catalogue.Entry], reusing previous: RelatedSkills?) -> [[String]] {
        var known: [String: Int] = [:]
        if let previous {
            known.reserveCapacity(previous.scoredSkills.count)
            for (j, skill) in previous.scoredSkills.enumerated() { known[skill.id] = j }
        }
        let (kept, index) = (previous, known)
        return entries.parallelMap { entry -> [String] in
            let skill = entry.skill
            if let kept, let j = index[skill.id] {
                let before = kept.scoredSkills[j]
                if before.description == skill.description && before.examples == skill.examples {
                    return kept.scoredWords[j]
                }
            }
            return SkillTerms.of(skill)
        }
    }

    private static func score(
        _ entries: [Catalogue.Entry], words: [[String]], groupKeys: [String], urls: SiteURLs
    ) -> [[Candidate]] {
        let count = entries.count
        var termNumber: [String: Int] = [:]
        var skillTerms: [[Int]] = []
        skillTerms.reserveCapacity(count)
        var termPostings: [[Int]] = []
        for (i, skillWords) in words.enumerated() {
            var numbers: [Int] = []
            numbers.reserveCapacity(skillWords.count)
            for word in skillWords {
                let number: Int
                if let known = termNumber[word] {
                    number = known
                } else {
                    number = termPostings.count
                    termNumber[word] = number
                    termPostings.append([])
                }
                termPostings[number].append(i)
                numbers.append(number)
            }
            numbers.sort()
            skillTerms.append(numbers)
        }
        let most = min(Self.maxPostings, max(2, Int(Double(count) * Self.maxShare)))
        // Zero for a word that is not used: in one skill only, or in too many.
        let weight = termPostings.map { list in
            list.count < 2 || list.count > most ? 0 : log(Double(count) / Double(list.count))
        }

        // Authors and groups as numbers, so comparing two skills' compares integers.
        var authorNumbers: [String: Int] = [:]
        var authors: [[Int]] = []
        let authorOf = entries.enumerated().map { i, entry -> Int in
            guard let author = entry.skill.author else { return -1 }
            let key = urls.authorPage(author)
            if let number = authorNumbers[key] {
                authors[number].append(i)
                return number
            }
            authorNumbers[key] = authors.count
            authors.append([i])
            return authors.count - 1
        }
        var groupNumbers: [String: Int] = [:]
        let groupOf = groupKeys.map { key in
            if let number = groupNumbers[key] { return number }
            groupNumbers[key] = groupNumbers.count
            return groupNumbers.count - 1
        }
        // Constants, for the closures that run on all cores.
        let (terms, postings, byAuthor) = (skillTerms, termPostings, authors)
        // A few chunks per core, each with one score per skill, reset after each use: reading a
        // list adds to an array instead of hashing into a dictionary.
        let chunks = Swift.min(count, 64)
        let scored = Array(0..<chunks).parallelMap { chunk -> [[Candidate]] in
            var scores = [Double](repeating: 0, count: count)
            var isCandidate = [Bool](repeating: false, count: count)
            var touched: [Int] = []
            var lists: [[Candidate]] = []
            for i in (chunk * count / chunks)..<((chunk + 1) * count / chunks) {
                func add(_ j: Int, _ weight: Double) {
                    if !isCandidate[j] {
                        isCandidate[j] = true
                        touched.append(j)
                    }
                    scores[j] += weight
                }
                for term in terms[i] where weight[term] > 0 {
                    for j in postings[term] where j != i { add(j, weight[term]) }
                }
                if authorOf[i] >= 0, byAuthor[authorOf[i]].count <= Self.maxPostings {
                    for j in byAuthor[authorOf[i]] where j != i { add(j, 0) }
                }
                var ranked = touched.map { j in
                    var total = scores[j]
                    if authorOf[j] >= 0 && authorOf[j] == authorOf[i] { total += Self.sameAuthor }
                    if groupOf[j] == groupOf[i] { total += Self.sameGroup }
                    return Candidate(index: j, score: total)
                }
                for j in touched {
                    scores[j] = 0
                    isCandidate[j] = false
                }
                touched.removeAll(keepingCapacity: true)
                // By score, then index, so the cut below does not depend on the order lists were read in.
                ranked.sort { a, b in a.score != b.score ? a.score > b.score : a.index < b.index }
                if ranked.count > Self.limit {
                    let sixth = ranked[Self.limit - 1].score
                    ranked = Array(ranked.prefix { $0.score >= sixth })
                }
                lists.append(ranked)
            }
            return lists
        }
        return scored.flatMap { $0 }
    }
}
