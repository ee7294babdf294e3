import Testing

@testable import CatalogueModel

/// The term index numbers words as one pass over the skills would, however the skills are split
/// between cores: in the order each word first appears, each skill's numbers sorted, and each
/// word's skills in order (for the words in few enough skills to count).
@Suite struct RelatedTermIndexTests {
    /// What one pass over `skills` gives: the words in order of first appearance, each skill's
    /// numbers sorted, and each word's skills.
    static func onePass(_ skills: [[String]], after known: [String] = []) -> (
        words: [String], terms: [[Int32]], postings: [[Int32]]
    ) {
        var words = known
        var numbers = Dictionary(known.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
        var terms: [[Int32]] = []
        for skill in skills {
            terms.append(
                skill.map { word in
                    if let number = numbers[word] { return number }
                    numbers[word] = Int32(words.count)
                    words.append(word)
                    return Int32(words.count - 1)
                }.sorted())
        }
        var postings = [[Int32]](repeating: [], count: words.count)
        for (i, numbered) in terms.enumerated() {
            for term in numbered { postings[Int(term)].append(Int32(i)) }
        }
        return (words, terms, postings)
    }

    /// Words of every kind the index tells apart: short ASCII words (packed into integers), long
    /// ones and words beyond ASCII (kept as text), in both cases of letter.
    static func skills(_ random: inout SplitMix64, count: Int, vocabulary: Int) -> [[String]] {
        let shapes = ["w", "W", "longer-than-8-", "wört", "日本"]
        return (0..<count).map { _ in
            (0..<random.below(12)).map { _ in shapes[random.below(shapes.count)] + "\(random.below(vocabulary))" }
        }
    }

    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func wordsAreNumberedAsOnePassWould(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let skills = Self.skills(&random, count: random.below(300), vocabulary: 1 + random.below(200))
        let index = RelatedTermIndex(
            words: skills, authors: skills.map { _ in nil }, groups: skills.map { _ in "g" })
        let expected = Self.onePass(skills)
        #expect(index.words == expected.words, "seed \(seed)")
        #expect(index.terms == expected.terms, "seed \(seed)")
        // Each word's count of skills; the skills themselves only of a word few enough use to count.
        #expect(index.documents == expected.postings.map(\.count), "seed \(seed)")
        #expect(index.postings == expected.postings.map { $0.count <= index.most ? $0 : [] }, "seed \(seed)")
        #expect(index.postings.contains { !$0.isEmpty } || expected.postings.allSatisfy { $0.count > index.most })
    }

    /// Skills numbered in a previous index keep its numbers; new words are numbered after its words.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func aPreviousIndexKeepsItsNumbers(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let before = Self.skills(&random, count: 1 + random.below(100), vocabulary: 60)
        let previous = RelatedTermIndex(
            words: before, authors: before.map { _ in nil }, groups: before.map { _ in "g" })
        var skills: [[String]] = []
        var given: [RelatedTermIndex.Words] = []
        for _ in 0..<random.below(150) {
            if random.below(2) == 0 {
                let j = random.below(before.count)
                skills.append(before[j])
                given.append(.numbered(j))
            } else {
                let words = Self.skills(&random, count: 1, vocabulary: 120)[0]
                skills.append(words)
                given.append(.text(words))
            }
        }
        let index = RelatedTermIndex(
            words: given, numberedIn: previous, authors: skills.map { _ in .name(nil) },
            groups: skills.map { _ in .name("g") })
        // Numbered skills bring no new words: one pass over the text skills after the previous
        // words numbers the same.
        let expected = Self.onePass(
            zip(skills, given).map { words, kind in
                if case .numbered = kind { [] } else { words }
            }, after: previous.words)
        #expect(index.words == expected.words, "seed \(seed)")
        for (i, kind) in given.enumerated() {
            if case .numbered(let j) = kind {
                #expect(index.terms[i] == previous.terms[j], "seed \(seed)")
            } else {
                #expect(index.terms[i] == expected.terms[i], "seed \(seed)")
            }
            #expect(Set(index.words(ofSkill: i)) == Set(skills[i]), "seed \(seed)")
        }
    }
}
