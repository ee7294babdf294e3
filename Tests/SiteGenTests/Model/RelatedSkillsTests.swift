import Testing

@testable import CatalogueModel

/// The scoring of `RelatedSkills`: shared words (rarer ones weigh more), the same author, the
/// same group, then Top rated order and name order.
@Suite struct RelatedSkillsTests {
    static func skill(
        _ id: String, group: String = "G", author: String? = nil, description: String = "",
        examples: [String] = [], counts: StarCounts = StarCounts()
    ) -> (Skill, RatingTally) {
        (
            Skill(
                id: id, tag: id, name: id, group: group, author: author, examples: examples,
                description: description),
            RatingTally(stars: counts)
        )
    }

    /// Forty filler skills in their own group, each with a word of its own, so the catalogue is
    /// large enough for a word in up to four skills to be used (`maxShare`).
    static let filler = (0..<40).map { skill("filler\($0)", group: "Filler", description: "lonely\($0)x") }

    static func related(_ items: [(Skill, RatingTally)]) -> [String: [String]] {
        let catalogue = Fixture.catalogue(items + filler)
        let related = RelatedSkills(
            catalogue.entries, topRated: Listings.topRated(catalogue.entries, priorVotes: 10), urls: catalogue.urls)
        var byID: [String: [String]] = [:]
        for (entry, list) in zip(catalogue.entries, related.lists) {
            byID[entry.skill.id] = list.map { catalogue.entries[$0].skill.id }
        }
        return byID
    }

    /// Group and author pages made once per name are each name's own page, for names that are
    /// the same text in two spellings (é, or e and a combining accent), whose slugs differ.
    @Test func pagesMadeOncePerNameAreEachNamesOwn() {
        let urls = SiteURLs.standard
        let names = ["Jos\u{E9}", "Jose\u{301}", "Jos\u{E9}", "Ana", "Jose\u{301}", "ana", "Ana"]
        for page in [urls.authorPage, urls.groupPage] {
            let once = RelatedSkills.once(page)
            #expect(names.map(once) == names.map(page))
        }
        #expect(urls.authorPage("Jos\u{E9}") != urls.authorPage("Jose\u{301}"))
    }

    @Test func aSharedRareWordBeatsTheSameAuthorWhichBeatsTheSameGroup() {
        let lists = Self.related([
            Self.skill("subject", group: "A", author: "Ann", description: "Tides and lighthouses"),
            Self.skill("word", group: "B", description: "Lighthouses of the coast"),
            Self.skill("author", group: "C", author: "Ann"),
            Self.skill("group", group: "A"),
        ])
        #expect(lists["subject"] == ["word", "author", "group"])
    }

    @Test func rareSharedWordsBeatCommonOnes() {
        // "harbour" is in two skills, "weather" in three: sharing the rarer word ranks first.
        let lists = Self.related([
            Self.skill("subject", group: "A", description: "Harbour weather"),
            Self.skill("common", group: "B", description: "weather"),
            Self.skill("rare", group: "C", description: "harbour"),
            Self.skill("other", group: "D", description: "weather"),
        ])
        #expect(lists["subject"] == ["rare", "common", "other"])
    }

    @Test func examplesCountAsWordsAndStopWordsDoNot() {
        let lists = Self.related([
            Self.skill("subject", group: "A", examples: ["Find the nearest lighthouse"]),
            Self.skill("example", group: "B", examples: ["Which lighthouse is open"]),
            Self.skill("stop", group: "C", description: "the which is about"),
        ])
        #expect(lists["subject"] == ["example"])
    }

    @Test func atMostSixNeverItselfAndFilledFromTheGroupInTopRatedOrder() {
        var items = [Self.skill("subject", group: "A")]
        for i in 0..<9 {
            items.append(Self.skill("m\(i)", group: "A", counts: StarCounts(five: i)))
        }
        let lists = Self.related(items)
        // More votes of five stars rank higher in Top rated; m0 is unrated.
        #expect(lists["subject"] == ["m8", "m7", "m6", "m5", "m4", "m3"])
        #expect(lists.values.allSatisfy { $0.count <= RelatedSkills.limit })
        #expect(lists.allSatisfy { id, list in !list.contains(id) })
    }

    @Test func tiesGoToTheBetterRatingThenToTheName() {
        let lists = Self.related([
            Self.skill("subject", group: "A", description: "compass"),
            Self.skill("b-unrated", group: "B", description: "compass"),
            Self.skill("a-unrated", group: "C", description: "compass"),
            Self.skill("c-rated", group: "D", description: "compass", counts: StarCounts(four: 3)),
        ])
        #expect(lists["subject"] == ["c-rated", "a-unrated", "b-unrated"])
    }

    @Test func aSkillWithNothingInCommonHasNoRelatives() {
        let lists = Self.related([Self.skill("alone", group: "Solo", description: "nothing shared")])
        #expect(lists["alone"] == [])
    }

    @Test func wordsAreLowercasedAndCutAtPunctuation() {
        #expect(
            SkillTerms.words(in: "Über-SMART **weather**, 42 km; Straße!") == ["über", "smart", "weather", "straße"])
    }
}

/// What holds for any catalogue, over generated ones.
@Suite struct RelatedSkillsPropertyTests {
    static let vocabulary = (0..<40).map { "word\($0)x" }

    static func catalogue(seed: UInt64, shuffled: Bool = false) -> Catalogue {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 1...120, using: &random)
        var items: [(Skill, RatingTally)] = (0..<count).map { i in
            let words = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]
            }
            let author = Int.random(in: 0...5, using: &random)
            var counts = StarCounts()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                counts.add(vote: Int.random(in: 1...5, using: &random))
            }
            return (
                Skill(
                    id: "s\(i)", tag: "s\(i)", name: "Skill \(Int.random(in: 0...30, using: &random))",
                    group: "G\(Int.random(in: 0...3, using: &random))", author: author == 0 ? nil : "Author \(author)",
                    examples: words.suffix(2), description: words.dropLast(2).joined(separator: " ")),
                RatingTally(stars: counts)
            )
        }
        if shuffled { items.shuffle(using: &random) }
        return Fixture.catalogue(items)
    }

    static func lists(_ catalogue: Catalogue) -> [String: [String]] {
        let related = RelatedSkills(
            catalogue.entries, topRated: Listings.topRated(catalogue.entries, priorVotes: 10), urls: catalogue.urls)
        var byID: [String: [String]] = [:]
        for (entry, list) in zip(catalogue.entries, related.lists) {
            byID[entry.skill.id] = list.map { catalogue.entries[$0].skill.id }
        }
        return byID
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func listsAreShortHaveNoSelfNoRepeatsAndDoNotDependOnTheInputOrder(seed: UInt64) {
        let lists = Self.lists(Self.catalogue(seed: seed))
        #expect(lists == Self.lists(Self.catalogue(seed: seed, shuffled: true)))
        for (id, list) in lists {
            #expect(list.count <= RelatedSkills.limit, "\(id)")
            #expect(!list.contains(id), "\(id) is its own relative")
            #expect(Set(list).count == list.count, "\(id) lists a skill twice: \(list)")
        }
    }

    /// Scores are symmetric, so a skill whose list is not full lists every skill that lists it.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func aShortListHoldsEverySkillThatListsIt(seed: UInt64) {
        let lists = Self.lists(Self.catalogue(seed: seed))
        for (id, list) in lists {
            for other in list {
                guard let back = lists[other], back.count < RelatedSkills.limit else { continue }
                #expect(back.contains(id), "\(id) lists \(other), whose short list \(back) leaves it out")
            }
        }
    }
}

/// The byte-level word reader of ASCII text against the general one, over generated text: the
/// same words, lowercased, without stop words, in the same order.
@Suite struct SkillTermsDifferentialTests {
    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func asciiTextReadsAsTheGeneralReaderReadsIt(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "The", "and", "EINFACH", "Weather", "x", "ab", "abc", "2024", "a1", "1a", "It's", "skill", "skills",
            "www", "HTTP", "Zebra", "zebra", "über", " ", " ", ", ", ".", "-", "\n", "\t", "@", "[", "`", "{",
            "averyveryverylongwordthatislongerthanthesixtyfourbytesofthebufferitisreadintoforsureyes",
            "MixedCASEword", "ABC", "can't", "Www",
        ]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            let fast = SkillTerms.asciiWords(in: text)
            #expect(fast == SkillTerms.unicodeWords(in: text), "\(text)")
        }
    }

    /// A short word packed into an integer is the same word again, and no two words pack alike.
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func aPackedWordIsTheWordAgain(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("abzAZ09-'é\u{0}".unicodeScalars)
        var byKey: [UInt64: String] = [:]
        for _ in 0..<2_000 {
            var word = ""
            for _ in 0..<random.below(11) { word.unicodeScalars.append(alphabet[random.below(alphabet.count)]) }
            let term = SkillTerm(word)
            #expect(term.word == word)
            guard case .packed(let key) = term else {
                #expect(word.isEmpty || word.utf8.count > 8 || word.utf8.contains { $0 == 0 || $0 >= 0x80 }, "\(word)")
                continue
            }
            #expect(word.utf8.count <= 8)
            #expect(byKey.updateValue(word, forKey: key).map { $0 == word } ?? true, "\(word)")
        }
    }

    @Test func thePackedSetKeepsEveryKeyOnceAsItGrows() {
        var set = PackedWordSet()
        let keys = (1...5_000).map { UInt64($0) &* 0x0101_0101 }
        var firstTime = 0
        var again = 0
        for key in keys where set.insert(key) { firstTime += 1 }
        for key in keys where set.insert(key) { again += 1 }
        #expect(firstTime == keys.count && again == 0)
        let fresh = set.insert(0x7a7a7a)
        #expect(fresh)
    }

    /// Emptied, the set holds none of what it held (its slots stay filled, of an old generation),
    /// grown or not, and takes it all again.
    @Test func anEmptiedPackedSetHoldsNothingItHeld() {
        var set = PackedWordSet()
        for round in 0..<6 {
            let keys = (1...300).map { UInt64($0 + round % 2) &* 0x0101_0101 }
            let fresh = keys.map { set.insert($0) }
            let again = keys.map { set.insert($0) }
            #expect(fresh.allSatisfy { $0 } && !again.contains(true), "round \(round)")
            #expect(keys.allSatisfy { set.contains($0) })
            set.removeAll()
            #expect(keys.allSatisfy { !set.contains($0) }, "round \(round)")
        }
    }

    /// One collector reading skill after skill gives each skill the words a collector of its own
    /// gives it: nothing of one skill's words is left over for the next.
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func aCollectorReusedAcrossSkillsGivesEachItsOwnWords(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "weather", "Weather", "the", "zebra", "abcdefghi", "über", "Straße", "42", "www", "news", " ", ". ",
        ]
        var collector = TermCollector()
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)] + " "
            }.joined()
            let skill = Skill(id: "a", tag: "a", name: "A", group: "G", examples: ["zebra news"], description: text)
            #expect(collector.terms(of: skill) == SkillTerms.terms(of: skill), "\(text)")
        }
    }

    /// A skill's distinct words (packed short words, a set for long ones, ASCII and not) are the
    /// words of its texts, each once, in the order they first appear.
    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func aSkillsTermsAreItsWordsEachOnce(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "Weather", "weather", "WEATHER", "über", "Straße", "zebra", "zebras", "abcdefgh", "abcdefghi", "ABCDEFGH",
            "the", " ", ", ", "-", "日本語", "42", "x9z", "mixedCase", "mixedcase", "EINFACH", "www", "können",
        ]
        func text() -> String {
            (0..<Int.random(in: 0...20, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)] + " "
            }.joined()
        }
        for _ in 0..<100 {
            let skill = Skill(
                id: "a", tag: "a", name: "A", group: "G", examples: [text(), text()], description: text())
            var seen = Set<String>()
            let expected = ([skill.description] + skill.examples).flatMap(SkillTerms.words(in:)).filter {
                seen.insert($0).inserted
            }
            #expect(SkillTerms.of(skill) == expected)
        }
    }
}

/// `sitegen serve` keeps the last build's scores while no skill's text changed.
@Suite struct RelatedSkillsReuseTests {
    static func related(_ catalogue: Catalogue, reusing previous: RelatedSkills? = nil) -> RelatedSkills {
        RelatedSkills(
            catalogue.entries, topRated: Listings.topRated(catalogue.entries, priorVotes: 10), urls: catalogue.urls,
            reusing: previous)
    }

    /// A random catalogue (`RelatedSkillsPropertyTests.catalogue`), its lists, and its ratings by id.
    static func start(seed: UInt64) -> (Catalogue, RelatedSkills, [String: RatingTally]) {
        let catalogue = RelatedSkillsPropertyTests.catalogue(seed: seed)
        var ratings: [String: RatingTally] = [:]
        for entry in catalogue.entries where entry.rating.total > 0 {
            ratings[entry.skill.id] = RatingTally(stars: entry.rating.counts)
        }
        return (catalogue, related(catalogue), ratings)
    }

    /// An edit of what scores are made of: 0 the words, 1 the examples, 2 the author, 3 the group.
    static func edit(_ skill: inout Skill, _ field: Int, _ random: inout SplitMix64) {
        let vocabulary = RelatedSkillsPropertyTests.vocabulary
        switch field {
        case 0:
            skill.description = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]
            }.joined(separator: " ")
        case 1: skill.examples = [vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]]
        case 2: skill.author = Bool.random(using: &random) ? nil : "Author \(Int.random(in: 1...6, using: &random))"
        default: skill.group = "G\(Int.random(in: 0...4, using: &random))"
        }
    }

    /// A vote reorders ties: kept scores give the lists a build from scratch gives.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func keptScoresGiveTheListsOfAFreshBuildAfterVotes(seed: UInt64) {
        let before = RelatedSkillsPropertyTests.catalogue(seed: seed)
        let previous = Self.related(before)
        var random = SplitMix64(seed: seed &+ 1000)
        var ratings: [String: RatingTally] = [:]
        for entry in before.entries {
            var counts = entry.rating.counts
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                counts.add(vote: Int.random(in: 1...5, using: &random))
            }
            if counts.total > 0 { ratings[entry.skill.id] = RatingTally(stars: counts) }
        }
        let after = Catalogue(skills: before.entries.map(\.skill), ratings: ratings, config: before.config)
        #expect(Self.related(after, reusing: previous).lists == Self.related(after).lists)
    }

    /// A one-shot build forgets the scores once the lists are made: the lists stay, and a build
    /// handed the forgotten ones scores afresh (after a vote, an edit, or a rename alike) and
    /// makes the lists a build from scratch makes.
    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func forgottenScoresKeepTheListsAndAreNeverReused(seed: UInt64) {
        let (before, kept, _) = Self.start(seed: seed)
        let forgotten = kept.forgettingScores()
        #expect(kept.isReusable)
        #expect(!forgotten.isReusable)
        #expect(forgotten.lists == kept.lists)
        let topRated = Listings.topRated(before.entries, priorVotes: 10)
        #expect(forgotten.list(of: 0, in: before.entries, topRated: topRated) == nil)
        #expect(kept.list(of: 0, in: before.entries, topRated: topRated) == kept.lists.first)
        var random = SplitMix64(seed: seed &+ 7000)
        var skills = before.entries.map(\.skill)
        let i = Int.random(in: 0..<skills.count, using: &random)
        Self.edit(&skills[i], Int.random(in: 0..<4, using: &random), &random)
        let after = Catalogue(skills: skills, ratings: [:], config: before.config)
        #expect(Self.related(after, reusing: forgotten).lists == Self.related(after).lists)
        #expect(Self.related(before, reusing: forgotten).lists == kept.lists)
    }

    /// Twelve steps of `change` (which names the skills it touched) through catalogues patched as
    /// `sitegen serve` patches them (made afresh when an edit cannot be patched, unless `patched`),
    /// each step's kept lists compared with the lists of a build from scratch.
    static func patchedSeries(
        seed: UInt64, salt: UInt64, patched: Bool,
        _ change: (inout [Skill], inout [String: RatingTally], inout SplitMix64) -> Set<String>
    ) throws {
        var (catalogue, previous, ratings) = start(seed: seed)
        var random = SplitMix64(seed: seed &+ salt)
        var skills = catalogue.entries.map(\.skill)
        for step in 0..<12 {
            let touched = change(&skills, &ratings, &random)
            let made =
                Catalogue(
                    skills: skills, ratings: ratings, config: catalogue.config, patching: catalogue, touched: touched)
                ?? (patched
                    ? nil : Catalogue(skills: skills, ratings: ratings, config: catalogue.config, reusing: catalogue))
            let next = try #require(made)
            let kept = related(next, reusing: previous)
            #expect(kept.lists == related(next).lists, "seed \(seed), step \(step)")
            catalogue = next
            previous = kept
        }
    }

    /// Votes one after another, as `sitegen serve` counts them: the catalogue is patched (only
    /// the voted skills' entries are new), and only the lists a voted skill can change are made
    /// again. Step after step they are the lists of a build from scratch.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func listsPatchedAfterVotesAreTheListsOfAFreshBuild(seed: UInt64) throws {
        try Self.patchedSeries(seed: seed, salt: 3000, patched: true) { skills, ratings, random in
            var touched = Set<String>()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let id = skills[Int.random(in: 0..<skills.count, using: &random)].id
                touched.insert(id)
                // A first vote, another vote, or every vote taken back.
                var counts = ratings[id]?.stars ?? StarCounts()
                if Int.random(in: 0..<5, using: &random) == 0 {
                    counts = StarCounts()
                } else {
                    counts.add(vote: Int.random(in: 1...5, using: &random))
                }
                ratings[id] = counts.total > 0 ? RatingTally(stars: counts) : nil
            }
            return touched
        }
    }

    /// Edits of words and authors between votes, with the catalogue patched as `sitegen serve`
    /// patches it: only the lists of rescored skills, and of those that list a changed or moved
    /// skill, are made again. Step after step they are the lists of a build from scratch.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func listsPatchedAfterEditsAreTheListsOfAFreshBuild(seed: UInt64) throws {
        try Self.patchedSeries(seed: seed, salt: 4000, patched: false) { skills, ratings, random in
            var touched = Set<String>()
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let i = Int.random(in: 0..<skills.count, using: &random)
                touched.insert(skills[i].id)
                switch Int.random(in: 0..<4, using: &random) {
                case 3:
                    var counts = ratings[skills[i].id]?.stars ?? StarCounts()
                    counts.add(vote: Int.random(in: 1...5, using: &random))
                    ratings[skills[i].id] = RatingTally(stars: counts)
                case let field: Self.edit(&skills[i], field, &random)
                }
            }
            return touched
        }
    }

    /// Skills that come and go (a new file, a deleted one) move every later skill's place and
    /// change every word's weight: the lists are scored again, with the words of the skills that
    /// stayed numbered as before. Step after step they are the lists of a build from scratch.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func listsAfterSkillsComeAndGoAreTheListsOfAFreshBuild(seed: UInt64) throws {
        var added = 0
        try Self.patchedSeries(seed: seed, salt: 5000, patched: false) { skills, ratings, random in
            var touched = Set<String>()
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where skills.count > 1:
                let gone = skills.remove(at: Int.random(in: 0..<skills.count, using: &random))
                touched.insert(gone.id)
            default:
                added += 1
                let vocabulary = RelatedSkillsPropertyTests.vocabulary + ["fresh\(added)x", "fresh\(added)x"]
                let words = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                    vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]
                }
                var skill = Skill(
                    id: "new\(added)", tag: "new\(added)", name: "Skill \(Int.random(in: 0...30, using: &random))",
                    group: "G\(Int.random(in: 0...4, using: &random))", description: words.joined(separator: " "))
                if Bool.random(using: &random) { Self.edit(&skill, 2, &random) }
                skills.insert(skill, at: Int.random(in: 0...skills.count, using: &random))
                touched.insert(skill.id)
            }
            // Sometimes an edit beside it, in the same build.
            if Bool.random(using: &random) {
                let i = Int.random(in: 0..<skills.count, using: &random)
                touched.insert(skills[i].id)
                Self.edit(&skills[i], Int.random(in: 0..<4, using: &random), &random)
            }
            return touched
        }
    }

    /// Edits (new words, another author or group) rescore only the skills they can change: the
    /// lists are those of a build from scratch, edit after edit.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func editsRescoredInPlaceGiveTheListsOfAFreshBuild(seed: UInt64) {
        var (catalogue, previous, ratings) = Self.start(seed: seed)
        var random = SplitMix64(seed: seed &+ 2000)
        for _ in 0..<4 {
            var skills = catalogue.entries.map(\.skill)
            guard !skills.isEmpty else { return }
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let i = Int.random(in: 0..<skills.count, using: &random)
                Self.edit(&skills[i], Int.random(in: 0..<4, using: &random), &random)
            }
            catalogue = Catalogue(skills: skills, ratings: ratings, config: catalogue.config)
            let kept = Self.related(catalogue, reusing: previous)
            #expect(kept.lists == Self.related(catalogue).lists)
            previous = kept
        }
    }

    /// A rename sorts the entries anew; one skill's list made from the kept scores
    /// (`list(of:in:topRated:)`, for `serve`'s early page) is the list a build from scratch makes,
    /// for the renamed skill and any other, with votes moving places in Top rated besides.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func oneListAfterARenameIsTheListOfAFreshBuild(seed: UInt64) throws {
        let (before, previous, ratings) = Self.start(seed: seed)
        var random = SplitMix64(seed: seed &+ 3000)
        var skills = before.entries.map(\.skill)
        let renamed = Int.random(in: 0..<skills.count, using: &random)
        skills[renamed].name = "Skill \(Int.random(in: 0...40, using: &random)) renamed"
        var voted = ratings
        if Bool.random(using: &random), let id = skills.randomElement(using: &random)?.id {
            var counts = voted[id]?.stars ?? StarCounts()
            counts.add(vote: Int.random(in: 1...5, using: &random))
            voted[id] = RatingTally(stars: counts)
        }
        let after = Catalogue(skills: skills, ratings: voted, config: before.config)
        let fresh = Self.related(after).lists
        let topRated = Listings.topRated(after.entries, priorVotes: 10)
        let id = skills[renamed].id
        let i = try #require(after.entries.firstIndex { $0.skill.id == id })
        let other = Int.random(in: 0..<after.entries.count, using: &random)
        for j in [i, other] {
            #expect(previous.list(of: j, in: after.entries, topRated: topRated) == fresh[j])
        }
    }

    /// A changed description, author or group changes scores: the kept ones do not tell.
    @Test(arguments: 0..<4)
    func oneListAfterAnEditOfWhatScoresAreMadeOfIsNotTold(field: Int) {
        let (before, previous, ratings) = Self.start(seed: 7)
        var random = SplitMix64(seed: 7)
        var skills = before.entries.map(\.skill)
        let original = skills[0]
        repeat {
            skills[0] = original
            Self.edit(&skills[0], field, &random)
        } while skills[0] == original
        let after = Catalogue(skills: skills, ratings: ratings, config: before.config)
        let topRated = Listings.topRated(after.entries, priorVotes: 10)
        #expect(previous.list(of: 0, in: after.entries, topRated: topRated) == nil)
    }

    /// An edited description is scored again: the kept scores would miss the new shared word.
    @Test func anEditedSkillIsScoredAgain() {
        let items = [
            RelatedSkillsTests.skill("a", group: "A", description: "compass"),
            RelatedSkillsTests.skill("b", group: "B", description: "anchor"),
        ]
        let before = Fixture.catalogue(items + RelatedSkillsTests.filler)
        let previous = Self.related(before)
        var edited = items
        edited[1].0.description = "compass"
        let after = Fixture.catalogue(edited + RelatedSkillsTests.filler)
        let lists = Self.related(after, reusing: previous).lists
        let a = after.entries.firstIndex { $0.skill.id == "a" } ?? -1
        let b = after.entries.firstIndex { $0.skill.id == "b" } ?? -1
        #expect(lists[a] == [b])
    }
}
