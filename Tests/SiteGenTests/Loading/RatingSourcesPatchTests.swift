import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// After a vote `serve` appends, a kept load makes the rating sources again only for the skills
/// the vote changed (`RatingsRead.sources(patching:)`) and matches only those skills again
/// (`RatingMatcher.rematch`). Over random series of appended lines (replaced votes, anonymous
/// votes, reviews with and without stars, skills no vote named yet, a later log that had a
/// skill first), the patched sources and matches must be what making them whole gives.
@Suite struct RatingSourcesPatchTests {
    static let ids = ["s0", "s1", "s2", "s3", "s4", "new-1", "new-2"]

    static func line(_ random: inout SplitMix64) -> (text: String, skill: String) {
        let skill = ids[random.below(ids.count)]
        var fields = [#""skill":"\#(skill)""#]
        if random.below(6) != 0 { fields.append(#""stars":\#(1 + random.below(5))"#) }
        if random.below(5) != 0 { fields.append(#""user":"u\#(random.below(4))""#) }
        if random.below(2) == 0 {
            fields.append(#""timestamp":"2024-0\#(1 + random.below(9))-1\#(random.below(9))T10:00:00Z""#)
        }
        if random.below(3) == 0 || !fields.contains(where: { $0.hasPrefix(#""stars""#) }) {
            fields.append(#""comment":"Review \#(random.below(100))""#)
        }
        return ("{" + fields.joined(separator: ",") + "}\n", skill)
    }

    /// Tallies with their reviews in the order pages show them: a tally keeps them in the order
    /// read, which for a user's reviews is a table's and moves as the table grows.
    static func inPageOrder(_ tallies: [String: RatingTally]) -> [String: RatingTally] {
        tallies.mapValues { tally in
            var tally = tally
            tally.reviews.sort(by: Review.newestFirst)
            return tally
        }
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func patchedSourcesAndMatchesAreWhatAWholeReadGives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var counted = RatingSources()
        counted.byID["s1"] = RatingTally(stars: StarCounts(two: 1, five: 3))
        counted.firstSeen["s1"] = "ratings/counts.json"
        counted.byID["gone"] = RatingTally(stars: StarCounts(one: 2))
        counted.firstSeen["gone"] = "ratings/counts.json"
        counted.votesRead = 6
        counted.moderation.hidden = [
            .init(id: ReviewDraft.id(["s2", "u1"]), path: "ratings/moderation.txt", line: 1),
            .init(id: ReviewDraft.id(["s3", "u2"]), path: "ratings/moderation.txt", line: 2),
        ]
        var events = EventMerger()
        var log = DiagnosticLog()
        var first = ""
        for _ in 0..<random.below(6) { first += Self.line(&random).text }
        var later = ""
        for _ in 0..<random.below(3) { later += Self.line(&random).text }
        events.read(first, path: "ratings/a.jsonl", &log)
        events.read(later, path: "ratings/z.jsonl", &log)
        try #require(log.items.isEmpty)
        var read = RatingsRead(counted: counted, events: events)
        var sources = read.sources()
        let skills = ["s0", "s1", "s2", "s3", "s4"].map { id in
            Skill(
                id: id, tag: id, name: id, group: "G", sourcePath: "skills/\(id).md",
                embeddedRating: id == "s4" ? RatingTally(stars: StarCounts(three: 2)) : nil)
        }
        let places = Dictionary(uniqueKeysWithValues: skills.enumerated().map { ($1.id, $0) })
        var matched = RatingMatcher.match(skills: skills, sources: sources, ratingsDisplay: "ratings")
        var rematched = 0
        for step in 0..<30 {
            let (text, skill) = Self.line(&random)
            let appended = read.append(text, path: "ratings/a.jsonl", skill: skill, laterLogs: ["ratings/z.jsonl"])
            let changed = try #require(appended)
            #expect(changed.skills.contains(skill), "step \(step)")
            sources = read.sources(patching: sources, touched: changed.skills, votesAdded: changed.votesAdded)
            let whole = read.sources()
            #expect(Self.inPageOrder(sources.byID) == Self.inPageOrder(whole.byID), "step \(step): \(text)")
            #expect(sources.firstSeen == whole.firstSeen, "step \(step): \(text)")
            #expect(sources.votesRead == whole.votesRead, "step \(step): \(text)")
            let wholeMatch = RatingMatcher.match(skills: skills, sources: whole, ratingsDisplay: "ratings")
            if let again = RatingMatcher.rematch(
                matched, touched: changed.skills, skills: skills, places: places, sources: sources)
            {
                rematched += 1
                matched = again
                #expect(
                    Self.inPageOrder(matched.ratings) == Self.inPageOrder(wholeMatch.ratings), "step \(step): \(text)")
                #expect(
                    matched.diagnostics.map(\.description) == wholeMatch.diagnostics.map(\.description),
                    "step \(step): \(text)")
            } else {
                // Only a vote for a skill the catalogue lacks matches everything again.
                #expect(changed.skills.contains { places[$0] == nil }, "step \(step): \(text)")
                matched = wholeMatch
            }
        }
        #expect(rematched > 0)
    }

    /// Skills that come and go (a new file, a deleted one, a renamed one, an edit beside them) are
    /// matched alone (`rematch(came:edited:gone:)`) unless the unknown-skill warning may change:
    /// then the match is a whole match's, hidden reviews and all.
    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func skillsComingAndGoingMatchAsAWholeMatchDoes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pool = (0..<12).map { "k\($0)" }
        var events = EventMerger()
        var log = DiagnosticLog()
        var lines = ""
        for _ in 0..<(4 + random.below(12)) {
            // Rated ids are a part of the pool, and one the catalogue never has.
            let skill = random.below(8) == 0 ? "ghost" : pool[random.below(5) * 2]
            lines +=
                #"{"skill":"\#(skill)","stars":\#(1 + random.below(5)),"user":"u\#(random.below(3))","comment":"c"}"#
                + "\n"
        }
        events.read(lines, path: "ratings/votes.jsonl", &log)
        try #require(log.items.isEmpty)
        var counted = RatingSources()
        counted.moderation.hidden = [
            .init(id: ReviewDraft.id(["k2", "u1"]), path: "ratings/moderation.txt", line: 1),
            .init(id: ReviewDraft.id(["k3", "u0"]), path: "ratings/moderation.txt", line: 2),
        ]
        let sources = RatingsRead(counted: counted, events: events).sources()
        func skill(_ id: String, _ version: Int) -> Skill {
            Skill(
                id: id, tag: id, name: "\(id) \(version)", group: "G", sourcePath: "skills/\(id).md",
                embeddedRating: version % 3 == 1 ? RatingTally(stars: StarCounts(four: version)) : nil)
        }
        var present = pool.filter { _ in random.below(2) == 0 }.sorted().map { skill($0, random.below(4)) }
        var matched = RatingMatcher.match(skills: present, sources: sources, ratingsDisplay: "ratings")
        var rematched = 0
        for step in 0..<40 {
            var next = present
            for _ in 0...random.below(2) {
                switch random.below(3) {
                case 0:
                    let missing = pool.filter { id in !next.contains { $0.id == id } }
                    if !missing.isEmpty { next.append(skill(missing[random.below(missing.count)], random.below(4))) }
                case 1:
                    if !next.isEmpty { next.remove(at: random.below(next.count)) }
                default:
                    if !next.isEmpty {
                        let at = random.below(next.count)
                        next[at] = skill(next[at].id, random.below(4))
                    }
                }
            }
            next.sort { $0.id < $1.id }
            let whole = RatingMatcher.match(skills: next, sources: sources, ratingsDisplay: "ratings")
            let walk = ContentLoader.walk(from: present, to: next)
            // A skill that moved may be found as one that went and came.
            let new = Set(next.map(\.id)).subtracting(present.map(\.id))
            let went = Set(present.map(\.id)).subtracting(next.map(\.id))
            let came = Set(walk.came.map { next[$0].id })
            #expect(came.isSuperset(of: new) && Set(walk.gone).isSuperset(of: went), "step \(step)")
            #expect(came.subtracting(new) == Set(walk.gone).subtracting(went), "step \(step)")
            if let again = RatingMatcher.rematch(
                matched, came: walk.came, edited: walk.edited, gone: walk.gone, skills: next, sources: sources)
            {
                rematched += 1
                #expect(Self.inPageOrder(again.ratings) == Self.inPageOrder(whole.ratings), "step \(step)")
                #expect(again.hiddenFound == whole.hiddenFound, "step \(step)")
                #expect(again.diagnostics.map(\.description) == whole.diagnostics.map(\.description), "step \(step)")
            } else {
                let moved = walk.came.map { next[$0].id } + walk.gone
                #expect(moved.contains { sources.byID[$0] != nil }, "step \(step)")
            }
            matched = whole
            present = next
        }
        #expect(rematched > 0)
    }
}
