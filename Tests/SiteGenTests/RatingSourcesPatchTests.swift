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
}
