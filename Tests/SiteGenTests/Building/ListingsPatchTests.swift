import Testing

@testable import CatalogueModel

/// After a vote, a kept build patches the last listings (`CatalogueListings(_:patching:of:)`):
/// the voted skills leave Top rated and Most rated and go back in at their place, every other
/// listing keeps its order with their new entries. Over random catalogues and random series of
/// rating changes (first votes, votes taken away, ties on score, votes and name), the patched
/// listings must be, entry for entry, the listings made afresh.
@Suite struct ListingsPatchTests {
    static func skills(_ random: inout SplitMix64) -> [Skill] {
        let names = ["Alpha", "alpha", "Beta", "Émile", "Zed", "zed", "Omega"]
        return (0..<(20 + random.below(40))).map { n in
            let name = names[random.below(names.count)] + (random.below(3) == 0 ? "" : " \(random.below(5))")
            return Skill(
                id: "g\(n % 4)/s\(n)", tag: "s\(n)", name: name, group: ["News", "Games", "Tools", "news"][n % 4],
                language: ["en", "de", "fr"][random.below(3)],
                author: random.below(3) == 0 ? nil : "Author \(random.below(4))",
                created: random.below(3) == 0 ? nil : "2024-0\(1 + random.below(9))-1\(random.below(3))")
        }
    }

    static func tally(_ random: inout SplitMix64) -> RatingTally? {
        // Few distinct counts, so ties on score, votes and average are common.
        let shapes = [
            StarCounts(five: 1), StarCounts(four: 1), StarCounts(one: 1, five: 1), StarCounts(three: 2),
            StarCounts(two: 1, four: 1), StarCounts(four: 200, five: 800), StarCounts(five: 3),
        ]
        return random.below(4) == 0 ? nil : RatingTally(stars: shapes[random.below(shapes.count)])
    }

    static func ids(_ entries: [Catalogue.Entry]) -> [String] { entries.map(\.skill.id) }

    /// Every list of `patched` holds the entries of `fresh`'s, the very objects, in its order.
    static func expect(_ patched: CatalogueListings, isMadeAfresh fresh: CatalogueListings, _ context: String) {
        var pairs: [([Catalogue.Entry], [Catalogue.Entry])] = [
            (patched.topRated, fresh.topRated), (patched.mostRated, fresh.mostRated), (patched.newest, fresh.newest),
        ]
        pairs += zip(patched.highlights, fresh.highlights).map { ($0, $1) }
        pairs += zip(patched.groupPages, fresh.groupPages).map { ($0, $1) }
        pairs += zip(patched.languages, fresh.languages).map { ($0.entries, $1.entries) }
        pairs += zip(patched.authors, fresh.authors).map { ($0.entries, $1.entries) }
        for (made, expected) in pairs {
            #expect(Self.ids(made) == Self.ids(expected), "\(context)")
            // The new entries, not the last catalogue's: pages show what the entries hold.
            #expect(zip(made, expected).allSatisfy { $0 === $1 }, "\(context)")
        }
        for (made, expected) in [(patched.languages, fresh.languages), (patched.authors, fresh.authors)] {
            #expect(made.map(\.path) == expected.map(\.path), "\(context)")
            #expect(made.map(\.name) == expected.map(\.name), "\(context)")
        }
        #expect(patched.highlights.count == fresh.highlights.count, "\(context)")
        #expect(patched.groupPages.count == fresh.groupPages.count, "\(context)")
    }

    @Test(arguments: 1...25 as ClosedRange<UInt64>)
    func patchedListingsAreTheListingsMadeAfresh(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var skills = Self.skills(&random)
        var config = SiteConfig()
        config.homeCards = 2
        config.groupOrder = [GroupOrder.rating, .votes, .newest, .name][Int(seed % 4)]
        var ratings: [String: RatingTally] = [:]
        for skill in skills { ratings[skill.id] = Self.tally(&random) }
        var catalogue = Catalogue(skills: skills, ratings: ratings, config: config)
        var listings = CatalogueListings(catalogue)
        for step in 0..<15 {
            var touched = Set<String>()
            for _ in 0..<(1 + random.below(3)) {
                let place = random.below(skills.count)
                touched.insert(skills[place].id)
                ratings[skills[place].id] = Self.tally(&random)
                // Now and then an edit no listing orders by: the description, the embedded rating.
                if random.below(3) == 0 { skills[place].description += " More." }
                if random.below(4) == 0 { skills[place].embeddedRating = Self.tally(&random) }
            }
            let whole = Catalogue(skills: skills, ratings: ratings, config: config, reusing: catalogue)
            // The catalogue patched for the touched skills is the one made whole.
            let next = try #require(
                Catalogue(skills: skills, ratings: ratings, config: config, patching: catalogue, touched: touched))
            #expect(Self.ids(next.entries) == Self.ids(whole.entries), "step \(step)")
            #expect(next.entries.map(\.rating) == whole.entries.map(\.rating), "step \(step)")
            #expect(next.entries.map(\.skill) == whole.entries.map(\.skill), "step \(step)")
            #expect(next.entries.map(\.path) == whole.entries.map(\.path), "step \(step)")
            #expect(next.groups.map(\.name) == whole.groups.map(\.name), "step \(step)")
            #expect(
                next.groups.map { Self.ids($0.entries) } == whole.groups.map { Self.ids($0.entries) }, "step \(step)")
            #expect(next.groups.map(\.ratingCount) == whole.groups.map(\.ratingCount), "step \(step)")
            #expect(
                next.groups.allSatisfy { group in
                    group.entries.allSatisfy { entry in next.entries.contains { $0 === entry } }
                }, "step \(step): a group holds an entry the catalogue no longer has")
            let patched = try #require(CatalogueListings(next, patching: listings, of: catalogue), "step \(step)")
            let fresh = CatalogueListings(next)
            Self.expect(patched, isMadeAfresh: fresh, "seed \(seed), step \(step)")
            catalogue = next
            listings = patched
        }
    }

    /// Listings patched after skills came or went (with votes between) are the listings made
    /// afresh; a patch that would add or drop a language or author page is refused, not wrong.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func listingsPatchedForSkillsThatCameOrWentAreTheListingsMadeAfresh(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Spellings of one language or author that share a page: the page shows the first by name.
        func respelt(_ skill: Skill) -> Skill {
            var skill = skill
            switch random.below(3) {
            case 0:
                skill.language = skill.language.uppercased()
                skill.author = skill.author?.lowercased()
            case 1: skill.author = skill.author?.uppercased()
            default: break
            }
            return skill
        }
        var skills = Self.skills(&random).map(respelt)
        var ratings: [String: RatingTally] = [:]
        for skill in skills { ratings[skill.id] = Self.tally(&random) }
        var config = SiteConfig()
        config.groupOrder = [GroupOrder.rating, .votes, .newest, .name][Int(seed % 4)]
        var catalogue = Catalogue(skills: skills, ratings: ratings, config: config)
        var listings = CatalogueListings(catalogue)
        var patches = 0
        var catalogues = 0
        var added = 0
        for step in 0..<12 {
            var touched = Set<String>()
            for _ in 0..<(1 + random.below(2)) {
                switch random.below(4) {
                case 0 where skills.count > 2:
                    touched.insert(skills.remove(at: random.below(skills.count)).id)
                case 1:
                    let place = random.below(skills.count)
                    ratings[skills[place].id] = Self.tally(&random)
                    touched.insert(skills[place].id)
                case 2:
                    // A new name (it moves in name order), now and then with a new language,
                    // author or date: what the listings order and partition by.
                    let place = random.below(skills.count)
                    skills[place].name = ["Alpha", "alpha", "Mid", "Zed", "Émile"][random.below(5)] + " \(step)"
                    switch random.below(4) {
                    case 0: skills[place].language = ["en", "de", "fr"][random.below(3)]
                    case 1: skills[place].author = "Author \(random.below(4))"
                    case 2: skills[place].created = "2024-0\(1 + random.below(9))-2\(random.below(3))"
                    default: break
                    }
                    touched.insert(skills[place].id)
                default:
                    added += 1
                    var skill = respelt(Self.skills(&random)[0])
                    skill.id = "new/\(added)"
                    // Mostly groups spelt one way; "News" is also spelt "news" (the name may move).
                    skill.group = ["Games", "Tools", "Games", "News"][random.below(4)]
                    ratings[skill.id] = Self.tally(&random)
                    skills.insert(skill, at: random.below(skills.count + 1))
                    touched.insert(skill.id)
                }
            }
            let next = Catalogue(skills: skills, ratings: ratings, config: config, reusing: catalogue)
            // The catalogue patched for the skills that changed, came or went is the one made whole.
            if let patched = Catalogue(
                skills: skills, ratings: ratings, config: config, patching: catalogue, touched: touched)
            {
                catalogues += 1
                let context = "seed \(seed), step \(step)"
                #expect(Self.ids(patched.entries) == Self.ids(next.entries), "\(context)")
                #expect(patched.entries.map(\.rating) == next.entries.map(\.rating), "\(context)")
                #expect(patched.entries.map(\.skill) == next.entries.map(\.skill), "\(context)")
                #expect(patched.entries.map(\.path) == next.entries.map(\.path), "\(context)")
                #expect(patched.groups.map(\.name) == next.groups.map(\.name), "\(context)")
                #expect(patched.groups.map(\.path) == next.groups.map(\.path), "\(context)")
                #expect(
                    patched.groups.map { Self.ids($0.entries) } == next.groups.map { Self.ids($0.entries) },
                    "\(context)")
                #expect(
                    patched.groups.allSatisfy { group in
                        group.entries.allSatisfy { entry in patched.entries.contains { $0 === entry } }
                    }, "\(context): a group holds an entry the catalogue does not")
                #expect(
                    next.entries.allSatisfy { patched.place(ofSkill: $0.skill.id).map(\.self) != nil },
                    "\(context)")
                #expect(
                    patched.entries.indices.allSatisfy { patched.place(ofSkill: patched.entries[$0].skill.id) == $0 },
                    "\(context)")
                // A skill that went has no place (a served page would show another skill).
                let present = Set(next.entries.map(\.skill.id))
                #expect(
                    catalogue.entries.allSatisfy {
                        present.contains($0.skill.id) || patched.place(ofSkill: $0.skill.id) == nil
                    },
                    "\(context)")
            }
            let fresh = CatalogueListings(next)
            let patched = CatalogueListings(next, patching: listings, of: catalogue)
            if let patched {
                patches += 1
                Self.expect(patched, isMadeAfresh: fresh, "seed \(seed), step \(step)")
                #expect(Set(patched.came.map(\.skill.id)).isSubset(of: Set(next.entries.map(\.skill.id))))
            }
            catalogue = next
            // Patched listings are patched again at the next step, as a kept site's are.
            listings = patched ?? fresh
        }
        // Most changes are patched: a test that always fell back would prove nothing.
        #expect(patches >= 6, "seed \(seed): only \(patches) of 12 patched")
        #expect(catalogues >= 3, "seed \(seed): only \(catalogues) of 12 catalogues patched")
    }

    /// An edit of what listings order or partition by is patched (the skill goes in again at its
    /// new place); other settings make them afresh.
    @Test(arguments: ["name", "language", "author", "created"])
    func anEditOfWhatListingsOrderByIsPatchedAndOtherSettingsAreNot(_ field: String) throws {
        var random = SplitMix64(seed: 7)
        var skills = Self.skills(&random)
        let catalogue = Catalogue(skills: skills, ratings: [:], config: SiteConfig())
        let listings = CatalogueListings(catalogue)
        // The first by name of a group spelt one way (a group spelt two ways is made whole), so a
        // new name moves it.
        let first = try #require(catalogue.entries.firstIndex { ["Games", "Tools"].contains($0.skill.group) })
        let id = catalogue.entries[first].skill.id
        let place = try #require(skills.firstIndex { $0.id == id })
        switch field {
        case "name": skills[place].name = "Zz " + skills[place].name
        case "language": skills[place].language = skills[place].language == "en" ? "de" : "en"
        case "author":
            skills[place].author = skills.first { $0.author != nil && $0.author != skills[place].author }?.author
        default: skills[place].created = skills[place].created == nil ? "2025-01-01" : nil
        }
        let whole = Catalogue(skills: skills, ratings: [:], config: SiteConfig(), reusing: catalogue)
        let patchedCatalogue = try #require(
            Catalogue(skills: skills, ratings: [:], config: SiteConfig(), patching: catalogue, touched: [id]))
        #expect(Self.ids(patchedCatalogue.entries) == Self.ids(whole.entries))
        #expect(patchedCatalogue.groups.map { Self.ids($0.entries) } == whole.groups.map { Self.ids($0.entries) })
        if field == "name" { #expect(Self.ids(whole.entries).firstIndex(of: id) != first, "the renamed skill moved") }
        let patched = try #require(CatalogueListings(patchedCatalogue, patching: listings, of: catalogue))
        Self.expect(patched, isMadeAfresh: CatalogueListings(patchedCatalogue), field)
        var config = SiteConfig()
        config.priorVotes = 3
        let resettled = Catalogue(skills: Array(skills.dropFirst()), ratings: [:], config: config)
        #expect(CatalogueListings(resettled, patching: listings, of: catalogue) == nil)
    }
}
