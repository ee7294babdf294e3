import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// A kept load reads again only the files whose stamp changed (or that it is told changed).
@Suite struct ParsedContentTests {
    /// The memory source, counting the files it is asked to read.
    final class CountingSource: @unchecked Sendable {
        private let lock = NSLock()
        private var reads: [String] = []
        private var stamped: [String] = []
        private var listedFolders: [String] = []
        let site: TestSite

        init(_ site: TestSite) { self.site = site }

        var location: ContentLocation {
            let inner = site.location.source
            let source = ContentSource(
                status: inner.status, resolved: inner.resolved, linkTarget: inner.linkTarget,
                entries: { folder in
                    self.lock.withLock { self.listedFolders.append(folder) }
                    return inner.entries(folder)
                },
                read: { path, limit throws(RegularFile.Failure) in
                    self.lock.withLock { self.reads.append(path) }
                    return try inner.read(path, limit)
                },
                stamp: { path in
                    self.lock.withLock { self.stamped.append(path) }
                    return inner.stamp(path)
                })
            return ContentLocation(root: site.content, display: "Content", source: source)
        }

        /// The files whose stamp was asked for since the last call, by name.
        func looked() -> [String] {
            lock.withLock {
                defer { stamped = [] }
                return stamped.map { ($0 as NSString).lastPathComponent }.sorted()
            }
        }

        /// The folders listed since the last call, relative to the content folder.
        func listed() -> [String] {
            lock.withLock {
                defer { listedFolders = [] }
                let root = site.content.path + "/"
                return listedFolders.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }.sorted()
            }
        }

        /// The files read since the last call, by name.
        func taken() -> [String] {
            lock.withLock {
                defer { reads = [] }
                return reads.map { ($0 as NSString).lastPathComponent }.sorted()
            }
        }
    }

    /// Skills `g/a` and `g/b`, and a vote log with one vote for `g/a`.
    static func twoSkillsAndAVote() -> (TestSite, CountingSource) {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n")
        return (site, CountingSource(site))
    }

    @Test func onlyChangedFilesAreReadAgain() {
        let (site, counting) = Self.twoSkillsAndAVote()
        var kept = ParsedContent()
        let first = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["a.md", "b.md", "votes.jsonl"])

        let again = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == [])
        #expect(again.skills == first.skills && again.ratings == first.ratings)

        site.skill("g/b", name: "B2", group: "G")
        let edited = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["b.md"])
        #expect(edited.skills.map(\.name).sorted() == ["A", "B2"])

        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n" + #"{"skill":"g/b","stars":2}"# + "\n")
        let voted = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.taken() == ["votes.jsonl"])
        #expect(voted.ratings["g/b"]?.stars.total == 1)

        _ = ContentLoader.load(
            counting.location, keeping: &kept, changed: [site.content.appendingPathComponent("skills/g/a.md").path])
        #expect(counting.taken() == ["a.md"], "a path said to have changed is read whatever its stamp")
    }

    /// A kept load checks ids, pages and groups again only when an edit could make them collide,
    /// and images always: what it says is, edit after edit, what a fresh load says.
    @Test func keptChecksSayWhatAFreshLoadSays() {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G", image: "media/a.png")
        site.skill("g/b", name: "B", group: "G")
        site.skill("h/c", name: "C", group: "H")
        site.write("media/a.png", "png")
        var kept = ParsedContent()
        func compare(_ change: String) {
            let incremental = ContentLoader.load(site.location, keeping: &kept)
            let fresh = ContentLoader.load(site.location)
            #expect(incremental.skills == fresh.skills, "\(change)")
            #expect(incremental.diagnostics.map(\.description) == fresh.diagnostics.map(\.description), "\(change)")
        }
        compare("first load")
        site.skill("g/b", name: "B2", group: "G", body: "Edited.")
        compare("an edit that keeps id and group")
        site.remove("media/a.png")
        compare("the image gone while its skill stayed")
        #expect(ContentLoader.load(site.location, keeping: &kept).diagnostics.contains { $0.message.contains("a.png") })
        site.write("media/a.png", "png")
        compare("the image back")
        site.skill("g/b", name: "B", group: "g")
        compare("a group spelt as another is")
        #expect(ContentLoader.load(site.location, keeping: &kept).diagnostics.contains { $0.severity == .error })
        site.skill("g/b", name: "B", group: "G")
        compare("the group mended")
        site.write("skills/g/A.md", "---\nname: A\ngroup: G\n---\nText.\n")
        compare("a skill on another's page")
    }

    /// When the paths named are all that changed (inotify's events), a kept load looks at the
    /// stamps of those alone: an unnamed file is taken as kept even though it changed.
    @Test func withChangedOnlyOnlyNamedFilesAreLookedAt() {
        let (site, counting) = Self.twoSkillsAndAVote()
        var kept = ParsedContent()
        _ = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.looked() == ["a.md", "b.md", "votes.jsonl"])
        _ = counting.taken()

        site.skill("g/a", name: "A2", group: "G")
        site.skill("g/b", name: "B2", group: "G")
        let named = ContentLoader.load(
            counting.location, keeping: &kept,
            changed: [site.content.appendingPathComponent("skills/g/b.md").path], changedOnly: true)
        #expect(counting.looked() == ["b.md"])
        #expect(counting.taken() == ["b.md"])
        #expect(named.skills.map(\.name).sorted() == ["A", "B2"])

        let all = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.looked() == ["a.md", "b.md", "votes.jsonl"])
        #expect(counting.taken() == ["a.md"])
        #expect(all.skills.map(\.name).sorted() == ["A2", "B2"])
    }

    /// A file that comes or goes patches the last listing (the skill folder is not walked
    /// again), and the other files keep what they made, with no look at their stamps: only the
    /// new file is looked at and read.
    @Test func aNewOrDeletedFileNamedAloneIsTheOnlyOneLookedAt() {
        let (site, counting) = Self.twoSkillsAndAVote()
        var kept = ParsedContent()
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = (counting.looked(), counting.taken(), counting.listed())

        site.skill("g/c", name: "C", group: "G")
        let path = site.content.appendingPathComponent("skills/g/c.md").path
        let added = ContentLoader.load(counting.location, keeping: &kept, changed: [path], changedOnly: true)
        #expect(counting.looked() == ["c.md"])
        #expect(counting.taken() == ["c.md"])
        #expect(!counting.listed().contains { $0.hasPrefix("skills") })
        #expect(added.skills.map(\.name).sorted() == ["A", "B", "C"])

        site.remove("skills/g/a.md")
        let gone = site.content.appendingPathComponent("skills/g/a.md").path
        let deleted = ContentLoader.load(counting.location, keeping: &kept, changed: [gone], changedOnly: true)
        #expect(counting.looked() == [])
        #expect(counting.taken() == [])
        #expect(!counting.listed().contains { $0.hasPrefix("skills") })
        #expect(deleted.skills.map(\.name).sorted() == ["B", "C"])
    }

    /// After a change of rating files alone (a vote), the skills are the last load's: the skill
    /// folders are not even listed again, and what their files said (warnings included) still stands.
    @Test func aChangeOfRatingFilesAloneKeepsTheSkills() {
        let (site, counting) = Self.twoSkillsAndAVote()
        site.write("skills/g/c.md", "---\nname: C\ngroup: G\nmystery: 1\n---\nText.\n")
        var kept = ParsedContent()
        let first = ContentLoader.load(counting.location, keeping: &kept)
        #expect(counting.listed().contains("skills"))
        let warning = first.diagnostics.filter { $0.path.hasSuffix("c.md") }
        #expect(!warning.isEmpty, "the unknown key is warned about")

        let votes = site.content.appendingPathComponent("ratings/votes.jsonl").path
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n" + #"{"skill":"g/b","stars":2}"# + "\n")
        _ = counting.looked()
        let voted = ContentLoader.load(counting.location, keeping: &kept, changed: [votes], changedOnly: true)
        #expect(!counting.listed().contains { $0.hasPrefix("skills") })
        #expect(counting.looked() == ["votes.jsonl"])
        #expect(voted.skills == first.skills)
        #expect(voted.diagnostics.filter { $0.path.hasSuffix("c.md") } == warning)
        #expect(voted.ratings["g/b"]?.stars.total == 1)

        // An edit after it is still seen.
        site.skill("g/b", name: "B2", group: "G")
        let edited = ContentLoader.load(
            counting.location, keeping: &kept,
            changed: [site.content.appendingPathComponent("skills/g/b.md").path], changedOnly: true)
        #expect(edited.skills.map(\.name).sorted() == ["A", "B2", "C"])
        #expect(edited.diagnostics.filter { $0.path.hasSuffix("c.md") } == warning)
    }

    /// A vote appended to the last vote log is counted without the log being read again, as
    /// reading it would count it; an append to an earlier log, or one that does not account for
    /// the file's change, reads the files again.
    @Test func anAppendedVoteIsCountedWithoutReadingTheLog() {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        let first = #"{"skill":"g/a","stars":4,"user":"u1"}"# + "\n"
        site.write("ratings/votes.jsonl", first)
        let counting = CountingSource(site)
        let path = site.content.appendingPathComponent("ratings/votes.jsonl").path
        var kept = ParsedContent()
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = counting.taken()

        let line = #"{"skill":"g/a","stars":2,"user":"u1"}"# + "\n"
        site.write("ratings/votes.jsonl", first + line)
        let append = AppendedVotes(
            path: path, lines: line, skill: "g/a", user: "u1", before: .bytes(Data(first.utf8)),
            after: .bytes(Data((first + line).utf8)))
        let voted = ContentLoader.load(counting.location, keeping: &kept, appended: [append])
        #expect(counting.taken() == [])
        #expect(voted.ratings == ContentLoader.load(site.location).ratings)
        #expect(
            voted.ratings["g/a"]?.stars.total == 1 && voted.ratings["g/a"]?.stars.two == 1,
            "the user's later vote replaced theirs")

        // A skill no file rated yet (the first vote of an unrated skill) is counted in place too,
        // first seen at its line, as reading the log again would see it.
        let other = #"{"skill":"g/b","stars":5,"user":"u2"}"# + "\n"
        site.write("ratings/votes.jsonl", first + line + other)
        let unrated = ContentLoader.load(
            counting.location, keeping: &kept,
            appended: [
                AppendedVotes(
                    path: path, lines: other, skill: "g/b", user: "u2", before: .bytes(Data((first + line).utf8)),
                    after: .bytes(Data((first + line + other).utf8)))
            ])
        #expect(counting.taken() == [])
        #expect(unrated.ratings == ContentLoader.load(site.location).ratings)
        // Once the skill is gone, the warning names the appended line, as a full read does.
        site.remove("skills/g/b.md")
        let gone = ContentLoader.load(counting.location, keeping: &kept)
        let full = ContentLoader.load(site.location)
        #expect(gone.diagnostics.map(\.description) == full.diagnostics.map(\.description))
        #expect(gone.diagnostics.contains { $0.description.contains("votes.jsonl:3") }, "\(gone.diagnostics)")
        site.skill("g/b", name: "B", group: "G")
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = counting.taken()

        // Appended to a log before another: counted in place while the later log has no vote of
        // the user (not even looked at while no log named the user), read again once it has (its
        // vote is merged after the appended one).
        let third = #"{"skill":"g/a","stars":1,"user":"u3"}"# + "\n"
        let fourth = #"{"skill":"g/a","stars":3,"user":"u3"}"# + "\n"
        site.write("ratings/z.jsonl", #"{"skill":"g/a","stars":5,"user":"u1"}"# + "\n")
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = counting.taken()
        let grown = first + line + other
        site.write("ratings/votes.jsonl", grown + fourth)
        let beforeLater = ContentLoader.load(
            counting.location, keeping: &kept,
            appended: [
                AppendedVotes(
                    path: path, lines: fourth, skill: "g/a", user: "u3", before: .bytes(Data(grown.utf8)),
                    after: .bytes(Data((grown + fourth).utf8)))
            ])
        #expect(counting.taken() == [], "u3 voted in no log read so far, so in no later log: nothing is read")
        #expect(beforeLater.ratings == ContentLoader.load(site.location).ratings)
        site.write("ratings/z.jsonl", #"{"skill":"g/a","stars":5,"user":"u1"}"# + "\n" + third)
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = counting.taken()
        site.write("ratings/votes.jsonl", grown + fourth + fourth)
        let tie = ContentLoader.load(
            counting.location, keeping: &kept,
            appended: [
                AppendedVotes(
                    path: path, lines: fourth, skill: "g/a", user: "u3", before: .bytes(Data((grown + fourth).utf8)),
                    after: .bytes(Data((grown + fourth + fourth).utf8)))
            ])
        #expect(counting.taken() == ["votes.jsonl", "z.jsonl", "z.jsonl"])
        #expect(tie.ratings == ContentLoader.load(site.location).ratings)
        #expect(tie.ratings["g/a"]?.stars.one == 1, "u3's vote in the later log wins the tie")

        // An append that is not what the file became.
        site.write("ratings/votes.jsonl", first)
        let stale = ContentLoader.load(counting.location, keeping: &kept, appended: [append])
        #expect(counting.taken() == ["votes.jsonl", "z.jsonl"])
        #expect(stale.ratings == ContentLoader.load(site.location).ratings)
    }

    /// `serve` appends votes to `local-votes.jsonl`, which sorts before a site's own `votes.jsonl`:
    /// a vote for a skill that only the later log rated is counted without reading the logs
    /// again, and is from then on where the skill was first seen, as a second read would say
    /// (the unknown-skill warning names it once the skill is gone).
    @Test func aVoteAppendedBeforeTheLogThatFirstRatedTheSkillIsCountedInPlace() {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4,"user":"u1"}"# + "\n")
        let old = #"{"skill":"g/b","stars":2,"user":"u9"}"# + "\n"
        site.write("ratings/local-votes.jsonl", old)
        let counting = CountingSource(site)
        var kept = ParsedContent()
        _ = ContentLoader.load(counting.location, keeping: &kept)
        _ = counting.taken()

        let line = #"{"skill":"g/a","stars":5,"user":"u2"}"# + "\n"
        site.write("ratings/local-votes.jsonl", old + line)
        let path = site.content.appendingPathComponent("ratings/local-votes.jsonl").path
        let voted = ContentLoader.load(
            counting.location, keeping: &kept,
            appended: [
                AppendedVotes(
                    path: path, lines: line, skill: "g/a", user: "u2", before: .bytes(Data(old.utf8)),
                    after: .bytes(Data((old + line).utf8)))
            ])
        #expect(counting.taken() == [], "u2 voted in no log read so far: the later log is not read")
        #expect(voted.ratings == ContentLoader.load(site.location).ratings)
        #expect(voted.ratings["g/a"]?.stars.total == 2)

        site.remove("skills/g/a.md")
        let gone = ContentLoader.load(counting.location, keeping: &kept)
        let full = ContentLoader.load(site.location)
        #expect(gone.diagnostics.map(\.description) == full.diagnostics.map(\.description))
        #expect(gone.diagnostics.contains { $0.description.contains("local-votes.jsonl:2") }, "\(gone.diagnostics)")
    }

    /// A kept load takes each id's page key from the last load instead of making it again (the
    /// key depends on the id alone): a key planted for `g/b` is what the check compares.
    @Test func aKeptLoadTakesPageKeysFromTheLastLoad() {
        let (site, counting) = Self.twoSkillsAndAVote()
        var kept = ParsedContent()
        let first = ContentLoader.load(counting.location, keeping: &kept)
        #expect(first.errors.isEmpty)
        #expect(kept.pageKeys?["g/b"] == "skills/g/b/")
        let aKey = kept.pageKeys?["g/a"]
        kept.pageKeys?["g/b"] = aKey
        // Nothing changed, so the last check would stand whole (`SkillValidator.Clean`): dropped,
        // for the check to be made, with the keys.
        kept.clean = nil
        let planted = ContentLoader.load(site.location, keeping: &kept)
        #expect(
            planted.errors.contains { $0.description.contains("would be written to the same page") },
            "\(planted.diagnostics)")
    }
}
