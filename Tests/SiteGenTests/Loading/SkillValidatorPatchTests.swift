import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// A kept check patched for the skills that came, went or were edited says what a check of every
/// skill says (`SkillValidator.Clean.patch`).
@Suite struct SkillValidatorPatchTests {
    /// Ids that collide by page (case), groups that collide by page (case, punctuation), images
    /// that exist or not.
    static let ids = ["g/a", "g/A", "g/b", "g/c", "h/d", "h/e", "h/f", "h/g", "i/h", "i/i", "i/j", "i/k"]
    static let groups = ["News", "news", "Games", "Games!", "Food"]
    static let images: [ImageReference?] = [nil, nil, nil, .local("images/here.png"), .local("images/gone.png")]

    static func skill(_ id: String, group: String, image: ImageReference?, version: Int) -> Skill {
        Skill(
            id: id, tag: id, name: "\(id) \(version)", group: group, image: image, sourcePath: "skills/\(id).md",
            sourceLine: 1 + version)
    }

    @Test func aPatchedCheckSaysWhatAWholeCheckSays() {
        let site = TestSite()
        site.write("images/here.png", data: SmallImage.png)
        let location = site.location
        var random = SplitMix64(seed: 0x5EED_C0DE)
        // Mostly one group's spelling and no missing image, so that most steps are clean ones.
        func randomSkill(_ id: String, version: Int) -> Skill {
            let group = random.below(12) == 0 ? Self.groups[random.below(Self.groups.count)] : "Food"
            let image = random.below(12) == 0 ? Self.images[random.below(Self.images.count)] : nil
            return Self.skill(id, group: group, image: image, version: version)
        }
        var present: [Skill] = []
        var pageKeys: [String: String]? = [:]
        var clean: SkillValidator.Clean?
        var patched = 0
        var whole = 0
        for step in 0..<600 {
            var next = present
            for _ in 0...random.below(3) {
                switch random.below(6) {
                case 0, 1:
                    let missing = Self.ids.filter { id in !next.contains { $0.id == id } }
                    // Sometimes a second file defining a kept id.
                    let id =
                        missing.isEmpty || random.below(12) == 0
                        ? Self.ids[random.below(Self.ids.count)] : missing[random.below(missing.count)]
                    next.insert(randomSkill(id, version: step), at: random.below(next.count + 1))
                case 2 where !next.isEmpty, 5 where !next.isEmpty:
                    next.remove(at: random.below(next.count))
                case 3 where !next.isEmpty:
                    let at = random.below(next.count)
                    let keepGroup = random.below(3) != 0
                    var edited = randomSkill(next[at].id, version: step)
                    if keepGroup { edited.group = next[at].group }
                    next[at] = edited
                case 4 where next.count > 1:
                    next.swapAt(random.below(next.count), random.below(next.count))
                default:
                    break
                }
            }
            // Files are listed in path order: most steps keep the order.
            if random.below(4) != 0 { next.sort { ($0.sourcePath, $0.sourceLine) < ($1.sourcePath, $1.sourceLine) } }
            let hadClean = clean != nil
            var keptLog = DiagnosticLog()
            let kept = SkillValidator.check(
                next, textChecked: next.count, location: location, pageKeys: &pageKeys, clean: &clean, &keptLog)
            var wholeLog = DiagnosticLog()
            let checked = SkillValidator.check(next, textChecked: next.count, location: location, &wholeLog)
            #expect(kept == checked, "step \(step)")
            #expect(keptLog.items.map(\.description) == wholeLog.items.map(\.description), "step \(step)")
            #expect((clean != nil) == (wholeLog.items.isEmpty && checked.count == next.count), "step \(step)")
            if hadClean, clean != nil { patched += 1 } else { whole += 1 }
            present = next
        }
        // Both ways were taken, many times.
        #expect(patched > 50, "\(patched) patched")
        #expect(whole > 50, "\(whole) checked whole")
    }

    /// A skill that came with a new id is looked up in the kept tables alone: a key planted in
    /// them is a collision, so the patch gives way to a whole check.
    @Test func aSkillThatCameIsLookedUpInTheKeptTables() throws {
        let site = TestSite()
        let location = site.location
        let a = Self.skill("g/a", group: "Food", image: nil, version: 0)
        let b = Self.skill("g/b", group: "Food", image: nil, version: 0)
        var pageKeys: [String: String]? = [:]
        var log = DiagnosticLog()
        var first: SkillValidator.Clean?
        _ = SkillValidator.check([a], textChecked: 1, location: location, pageKeys: &pageKeys, clean: &first, &log)
        var clean = try #require(first)
        var planted = clean
        #expect(clean.patch(to: [a, b], textChecked: 2, location: location, &pageKeys))
        #expect(clean.skills == [a, b])
        planted.tables.byURL[try #require(pageKeys?["g/b"])] = 0
        #expect(!planted.patch(to: [a, b], textChecked: 2, location: location, &pageKeys))
        // A skill that went leaves the tables: it may come back.
        #expect(clean.patch(to: [a], textChecked: 1, location: location, &pageKeys))
        #expect(clean.patch(to: [a, b], textChecked: 2, location: location, &pageKeys))
        let kept = clean
        // A second `g/b` last in the list, where the walk finds the kept one for both.
        clean = kept
        #expect(!clean.patch(to: [a, b, b], textChecked: 3, location: location, &pageKeys))
        // A group spelt otherwise shares the page of a kept one.
        clean = kept
        let c = Self.skill("g/c", group: "food", image: nil, version: 0)
        #expect(!clean.patch(to: [a, b, c], textChecked: 3, location: location, &pageKeys))
    }
}
