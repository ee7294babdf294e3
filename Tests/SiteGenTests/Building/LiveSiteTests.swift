import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Incremental equals full (#14 goal 5): a random series of edits, additions, deletions, votes,
/// template changes and broken edits is applied to a kept site, and after every step the kept
/// site must be, file for file and byte for byte, what a fresh full build makes; a step that
/// fails the full build must fail the kept one with the same errors and leave it as it was.
@Suite struct LiveSiteTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func incrementalEqualsFull(seed: UInt64) throws {
        var edits = RandomEdits(seed: seed)
        var live = LiveSite()
        var inputs = edits.site.inputs
        for step in 0..<70 {
            let what = edits.step()
            let options = edits.site.options(baseURL: nil, templates: edits.site.templates)
            // The paths inotify would name: every input added, removed or rewritten. Some steps
            // hand them over as all that changed, so the kept load looks at those alone.
            let changed = Set(inputs.keys).union(edits.site.inputs.keys).filter { inputs[$0] != edits.site.inputs[$0] }
            let changedOnly = seed > 2 || step % 3 == 0
            inputs = edits.site.inputs
            let full = MemoryOutput()
            let fullResult = Result { () throws(BuildFailure) in try SiteBuilder.build(options, into: full) }
            let before = live.files
            let appended = edits.appended
            edits.appended = []
            var early: [(path: String, page: Data)] = []
            let liveResult = Result { () throws(BuildFailure) in
                try live.apply(
                    options, changed: changedOnly ? changed : [], changedOnly: changedOnly, appended: appended
                ) { early.append(($0, $1)) }
            }
            let context = "seed \(seed), step \(step) (\(what))"
            #expect(early.count <= 1, "\(context)")
            switch (fullResult, liveResult) {
            case (.success(let fullReport), .success(let update)):
                try #require(
                    Self.firstDifference(full.files, live.files) == nil,
                    "\(context): \(Self.firstDifference(full.files, live.files) ?? "")")
                // A page made before the rest is the one the build ends with.
                for (path, page) in early { #expect(live.files[path] == page, "\(context): \(path) made first") }
                // What the build said too: a kept load patches ratings and warnings alike.
                #expect(
                    update.report.warnings.map(\.description) == fullReport.warnings.map(\.description), "\(context)")
                #expect(update.written == update.written.filter { before[$0] != live.files[$0] }, "\(context)")
                #expect(Set(update.removed) == Set(before.keys).subtracting(live.files.keys), "\(context)")
            case (.failure(let fullFailure), .failure(let liveFailure)):
                #expect(
                    Set(liveFailure.diagnostics.map(\.description)) == Set(fullFailure.diagnostics.map(\.description)),
                    "\(context)")
                #expect(live.files == before, "\(context): a failed build changed the kept site")
            case (.success, .failure(let failure)):
                Issue.record("\(context): the full build succeeded, the kept one failed: \(failure.diagnostics)")
                return
            case (.failure(let failure), .success):
                Issue.record("\(context): the full build failed, the kept one did not: \(failure.diagnostics)")
                return
            }
        }
        #expect(edits.failedSteps > 0, "the series had no failing step")
    }

    /// The first vote of a catalogue puts Top rated and Most rated into every page's navigation and
    /// into the sitemap (#22: empty listings are offered nowhere); the kept site must follow, and
    /// the last vote's removal must take them out again.
    @Test func theFirstVoteOffersTheRankingsEverywhere() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\n")
        for i in 0..<4 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G") }
        var live = LiveSite()
        try live.apply(site.options())
        #expect(live.files["sitemap.xml"].map { String(decoding: $0, as: UTF8.self) }?.contains("top-rated/") == false)
        for votes in [#"{"skill":"g/s1","stars":5,"user":"a"}"# + "\n", ""] {
            site.write("ratings/votes.jsonl", votes)
            try live.apply(site.options())
            let full = MemoryOutput()
            _ = try SiteBuilder.build(site.options(), into: full)
            #expect(
                Self.firstDifference(full.files, live.files) == nil,
                "\(Self.firstDifference(full.files, live.files) ?? "")")
            let sitemap = live.files["sitemap.xml"].map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(sitemap.contains("https://example.org/top-rated/") == !votes.isEmpty)
        }
    }

    /// The feed is taken from the last build while its newest skills stay as they were (a vote on
    /// one of them, an edit of an older skill), and made again when one of them changes, comes or
    /// goes, or the settings change: always what a full build writes.
    @Test func theFeedFollowsItsNewestSkills() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\npage_size: 2\n")
        site.skill("g/old", name: "Old", group: "G", created: "2020-01-01", body: "Old news.")
        site.skill("g/mid", name: "Mid", group: "G", created: "2021-01-01", body: "Middle news.")
        site.skill("g/new", name: "New", group: "G", created: "2022-01-01", body: "Fresh news.")
        var live = try Self.kept(site)
        func feed() -> String { live.files["feed.xml"].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        #expect(feed().contains("Fresh news.") && !feed().contains("Old news."))
        let steps: [(String, () -> Void, (String) -> Bool)] = [
            (
                "a vote on the newest",
                { site.write("ratings/votes.jsonl", #"{"skill":"g/new","stars":5,"user":"a"}"# + "\n") },
                { $0.contains("Fresh news.") }
            ),
            (
                "an edit of a skill the feed leaves out",
                {
                    site.skill("g/old", name: "Old", group: "G", created: "2020-01-01", body: "Old news, edited.")
                }, { !$0.contains("Old news") }
            ),
            (
                "an edit of the newest",
                {
                    site.skill("g/new", name: "New", group: "G", created: "2022-01-01", body: "Fresher news.")
                }, { $0.contains("Fresher news.") && !$0.contains("Fresh news.") }
            ),
            (
                "a newer skill",
                {
                    site.skill("g/newer", name: "Newer", group: "G", created: "2023-01-01", body: "Newest news.")
                }, { $0.contains("Newest news.") && !$0.contains("Middle news.") }
            ),
            ("the newer skill gone", { site.remove("skills/g/newer.md") }, { $0.contains("Middle news.") }),
            (
                "another title",
                {
                    site.write("site.yml", "base_url: https://example.org/\npage_size: 2\ntitle: Other\n")
                }, { $0.contains("<name>Other</name>") }
            ),
        ]
        for (step, change, shows) in steps {
            change()
            try live.apply(site.options())
            #expect(shows(feed()), "\(step): \(feed())")
            try expectAsFullBuild(live, of: site, "\(step)")
        }
    }

    /// A vote re-renders the voted skill's page and what lists it, not every page: the default
    /// footer shows no counts. A theme that shows the rating count on every page re-renders all.
    @Test func aVoteRendersWhatShowsTheSkill() throws {
        let site = TestSite()
        site.write("site.yml", "page_size: 2\n")
        for i in 0..<12 { site.skill("g\(i % 3)/s\(i)", name: "Skill \(i)", group: "Group \(i % 3)") }
        // One skill is rated already: the first vote of a catalogue adds Top rated and Most rated
        // to every page's navigation, so it re-renders everything.
        site.write("ratings/votes.jsonl", #"{"skill":"g0/s0","stars":4,"user":"b"}"# + "\n")
        var live = LiveSite()
        let first = try live.apply(site.options())
        #expect(first.whole)
        site.write(
            "ratings/votes.jsonl",
            #"{"skill":"g0/s0","stars":4,"user":"b"}"# + "\n" + #"{"skill":"g1/s4","stars":5,"user":"a"}"# + "\n")
        let vote = try live.apply(site.options())
        #expect(!vote.whole)
        #expect(vote.written.contains("skills/g1/s4/index.html"))
        // s7 shows s4 among its related skills (the same group); s3, in another group, does not.
        #expect(vote.written.contains("skills/g1/s7/index.html"))
        #expect(!vote.written.contains("skills/g0/s3/index.html"))
        #expect(vote.rendered < first.rendered / 3, "\(vote.rendered) of \(first.rendered)")

        site.template("footer.mustache", "<footer>{{ratingCount}} ratings</footer>")
        try live.apply(site.options(templates: site.templates))
        site.write(
            "ratings/votes.jsonl",
            #"{"skill":"g0/s0","stars":4,"user":"b"}"# + "\n" + #"{"skill":"g1/s4","stars":5,"user":"a"}"# + "\n"
                + #"{"skill":"g2/s5","stars":3}"# + "\n")
        let counted = try live.apply(site.options(templates: site.templates))
        #expect(counted.written.contains("skills/g1/s7/index.html"))
    }

    @Test func aRenamedSkillsPageIsMadeFirstAndNothingElseIs() throws {
        let site = TestSite()
        for i in 0..<12 { site.skill("g\(i % 3)/s\(i)", name: "Skill \(i)", group: "Group \(i % 3)") }
        // A rated skill beside it: its related card carries a star row.
        site.write("ratings/votes.jsonl", #"{"skill":"g1/s7","stars":4,"user":"a"}"# + "\n")
        var live = try Self.kept(site)
        var early: [(path: String, page: Data)] = []
        let file = site.content.appendingPathComponent("skills/g1/s4.md").path
        site.skill("g1/s4", name: "Aardvark <Finder>", group: "Group 1")
        let renamed = try live.apply(site.options(), changed: [file], changedOnly: true) { early.append(($0, $1)) }
        #expect(early.map(\.path) == ["skills/g1/s4/index.html"])
        let earlyPage = early.first.map { String(decoding: $0.page, as: UTF8.self) } ?? ""
        #expect(earlyPage.contains("Aardvark &lt;Finder&gt;"))
        #expect(early.first?.page == live.files["skills/g1/s4/index.html"])
        // Its related skills' cards are on it already, the rated one with its star row.
        #expect(earlyPage.contains("Skill 7") && earlyPage.contains("Skill 10"))
        #expect(earlyPage.contains("<svg"))
        // The name is on other pages too, made after it in the same build.
        #expect(renamed.written.count > 1, "\(renamed.written)")
        try expectAsFullBuild(live, of: site)

        // Not for a vote, nor when everything renders again (a template changed).
        early = []
        site.write("ratings/votes.jsonl", #"{"skill":"g1/s4","stars":4,"user":"b"}"# + "\n")
        let votes = site.content.appendingPathComponent("ratings/votes.jsonl").path
        try live.apply(site.options(), changed: [votes], changedOnly: true) { early.append(($0, $1)) }
        site.template("footer.mustache", "<footer>changed</footer>")
        site.skill("g1/s4", name: "Aardvark", group: "Group 1")
        try live.apply(site.options(templates: site.templates), changed: [file], changedOnly: true) {
            early.append(($0, $1))
        }
        #expect(early.isEmpty, "\(early.map(\.path))")
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(templates: site.templates), into: full)
        #expect(Self.firstDifference(full.files, live.files) == nil)
    }

    /// Editing a strings file of the theme is a theme change: every page shows the new text.
    @Test func anEditedStringsFileRendersEveryPageAgain() throws {
        let site = TestSite()
        for i in 0..<4 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G") }
        var live = LiveSite()
        try live.apply(site.options(templates: site.templates))
        #expect(self.page(live, "skills/g/s1/index.html").contains("<span class=\"not-rated\">Not rated yet</span>"))
        site.template("i18n/en.yml", "not_rated: No votes yet\n")
        let edited = try live.apply(site.options(templates: site.templates))
        #expect(edited.whole)
        #expect(self.page(live, "skills/g/s1/index.html").contains("<span class=\"not-rated\">No votes yet</span>"))
    }

    /// An edit of a description alone leaves the skill at its place among the entries: the kept
    /// build takes the last build's descriptions and must read that one again.
    @Test func anEditedDescriptionAtTheSamePlaceIsReadAgain() throws {
        let site = TestSite()
        for i in 0..<4 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G", body: "Old words \(i).") }
        var live = LiveSite()
        try live.apply(site.options())
        site.skill("g/s1", name: "Skill 1", group: "G", body: "New words for one.")
        let edit = try live.apply(site.options())
        #expect(!edit.whole)
        #expect(self.page(live, "groups/g/index.html").contains("New words for one."))
        #expect(!self.page(live, "groups/g/index.html").contains("Old words 1."))
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: full)
        #expect(
            Self.firstDifference(full.files, live.files) == nil, "\(Self.firstDifference(full.files, live.files) ?? "")"
        )
    }

    /// The home page counts every skill's ratings, shown on it or not.
    @Test func aVoteForASkillTheHomePageDoesNotShowUpdatesItsCount() throws {
        let site = TestSite()
        site.write("site.yml", "home_cards: 1\n")
        for i in 0..<4 { site.skill("g/s\(i)", name: "Skill \(i)", group: "G") }
        let vote = #"{"skill":"g/s0","stars":5,"user":"a"}"# + "\n"
        site.write("ratings/votes.jsonl", vote)
        var live = LiveSite()
        try live.apply(site.options())
        #expect(self.page(live, "index.html").contains("4 skills in 1 group · 1 rating</p>"))
        site.write("ratings/votes.jsonl", vote + #"{"skill":"g/s3","stars":2,"user":"b"}"# + "\n")
        let update = try live.apply(site.options())
        #expect(!update.whole)
        #expect(self.page(live, "index.html").contains("4 skills in 1 group · 2 ratings</p>"))
    }

    func page(_ live: LiveSite, _ path: String) -> String {
        String(decoding: live.files[path] ?? Data(), as: UTF8.self)
    }

    /// Deleting a skill that another skill's description links to fails like a full build,
    /// naming the page and the link, and keeps the last good site.
    @Test func deletingALinkedSkillFailsAsAFullBuildDoes() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\n")
        site.skill("g/target", name: "Target", group: "G")
        site.skill(
            "g/linker", name: "Linker", group: "G", body: "See [the target](https://example.org/skills/g/target/).")
        var live = LiveSite()
        try live.apply(site.options())
        let kept = live.files
        site.remove("skills/g/target.md")
        let failure = try #require(throws: BuildFailure.self) { try live.apply(site.options()) }
        #expect(
            failure.diagnostics.map(\.description).contains {
                $0.contains("skills/g/linker/index.html") && $0.contains("https://example.org/skills/g/target/")
            }, "\(failure.diagnostics)")
        #expect(live.files == kept)
    }

    /// A page that does not show a skill but links to it in its own text is not made again when
    /// the skill goes: it is checked again because its links' targets include the skill's page,
    /// whatever form the link takes (encoded, to the file, with a fragment), and the build
    /// fails as a full build does.
    @Test(arguments: [
        "https://example.org/skills/c/target/", "https://example.org/skills/c/%74arget/",
        "https://example.org/skills/c/target/index.html#ratings",
    ])
    func aKeptPageLinkingToADeletedSkillFailsTheBuild(_ link: String) throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\n")
        site.skill("c/target", name: "Target", group: "Charlie", body: "Quartz harbour lantern.")
        site.skill("b/linker", name: "Linker", group: "Bravo", body: "Meadow [violin](\(link)) saddle.")
        site.skill("c/other", name: "Other", group: "Charlie", body: "Glacier pepper tundra.")
        site.skill("c/spare", name: "Spare", group: "Charlie", body: "Walnut comet bicycle.")
        var live = LiveSite()
        try live.apply(site.options())
        // The linker's page does not show the other skills: taking one away leaves it as it was.
        site.remove("skills/c/spare.md")
        let update = try live.apply(site.options())
        #expect(!update.written.contains("skills/b/linker/index.html"), "\(update.written)")
        #expect(update.removed.contains("skills/c/spare/index.html"))
        let kept = live.files

        site.remove("skills/c/target.md")
        let failure = try expectFailsAsFullBuild(&live, of: site)
        #expect(failure.diagnostics.contains { $0.description.contains("skills/b/linker/index.html") })
        #expect(live.files == kept)
    }

    /// A change the kernel named that touched no template keeps the theme as last loaded,
    /// whether that build was good or not: a vote after a broken template still fails as a full
    /// build does, and the fixed template is read when it changes.
    @Test func aVoteAfterABrokenTemplateStillFailsAndTheFixIsRead() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\n")
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        site.template("card.mustache", "<article>{{name}}</article>")
        let card = site.templates.appendingPathComponent("card.mustache").path
        let votes = site.content.appendingPathComponent("ratings/votes.jsonl").path
        var live = LiveSite()
        try live.apply(site.options(templates: site.templates))
        func fullBuild() -> Result<MemoryOutput, BuildFailure> {
            let full = MemoryOutput()
            return Result { () throws(BuildFailure) in
                _ = try SiteBuilder.build(site.options(templates: site.templates), into: full)
                return full
            }
        }
        site.template("card.mustache", "<article>{{#name}}{{name}}</article>")
        #expect(throws: BuildFailure.self) {
            try live.apply(site.options(templates: site.templates), changed: [card], changedOnly: true)
        }
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4,"user":"u"}"# + "\n")
        let fullFailure = try #require(throws: BuildFailure.self) { try fullBuild().get() }
        let liveFailure = try #require(throws: BuildFailure.self) {
            try live.apply(site.options(templates: site.templates), changed: [votes], changedOnly: true)
        }
        #expect(liveFailure.diagnostics.map(\.description) == fullFailure.diagnostics.map(\.description))
        site.template("card.mustache", "<article class=\"fixed\">{{name}}</article>")
        try live.apply(site.options(templates: site.templates), changed: [card], changedOnly: true)
        let full = try fullBuild().get()
        #expect(
            Self.firstDifference(full.files, live.files) == nil, "\(Self.firstDifference(full.files, live.files) ?? "")"
        )
        #expect(live.files["index.html"].map { String(decoding: $0, as: UTF8.self).contains("fixed") } == true)
        // A vote now keeps the fixed theme.
        site.write("ratings/votes.jsonl", #"{"skill":"g/b","stars":2,"user":"v"}"# + "\n")
        try live.apply(site.options(templates: site.templates), changed: [votes], changedOnly: true)
        let afterVote = try fullBuild().get()
        #expect(Self.firstDifference(afterVote.files, live.files) == nil)
    }

    /// An edit of the rating a skill's own file holds (SUSI's `skill_rating`) is matched again
    /// on its own: the kept site shows the new counts, as a full build does.
    @Test func anEditedEmbeddedRatingShows() throws {
        let site = TestSite()
        func write(_ id: String, fives: Int) {
            site.write(
                "skills/g/\(id).json",
                #"{"skill_name":"\#(id)","group":"G","descriptions":"Text.","skill_rating":{"stars":{"five_star":\#(fives)}}}"#
            )
        }
        write("a", fives: 2)
        write("b", fives: 1)
        site.write("ratings/votes.jsonl", #"{"skill":"g/b","stars":3,"user":"u"}"# + "\n")
        var live = LiveSite()
        try live.apply(site.options())
        write("a", fives: 7)
        let path = site.content.appendingPathComponent("skills/g/a.json").path
        try live.apply(site.options(), changed: [path], changedOnly: true)
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: full)
        #expect(
            Self.firstDifference(full.files, live.files) == nil, "\(Self.firstDifference(full.files, live.files) ?? "")"
        )
        let api = live.files["api/skills/g/a.json"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(api.contains("7"), "\(api)")
    }

    /// Static files are copied as they are and never link-checked, in a full build or a kept
    /// one: a broken link in one does not fail a kept build that removes a path.
    @Test func aStaticPageIsNotLinkCheckedWhenAPathGoes() throws {
        let site = Self.twoSkills(["static/about.html": #"<a href="nowhere/">mine</a>"#])
        var live = try Self.kept(site)
        site.remove("skills/g/b.md")
        try live.apply(site.options())
        try expectAsFullBuild(live, of: site)
    }

    /// A kept build claims only the paths that are new: one that differs from a kept page's
    /// only in case still fails as in a full build, and a path the site lost is free again for
    /// a skill that differs from the old one only in case.
    /// After a skill came (its paths patched into the kept site's), a change that moves no path
    /// (an edit, a vote) builds as a full build does; then a skill that goes, and an edit again.
    @Test func aChangeAfterANewSkillBuildsAsAFullBuild() throws {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G", body: "Weather words")
        site.skill("g/b", name: "B", group: "G")
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n")
        var live = LiveSite()
        try live.apply(site.options())
        func applied(_ path: String) throws {
            let changed = site.content.appendingPathComponent(path).path
            try live.apply(site.options(), changed: [changed], changedOnly: true)
            try expectAsFullBuild(live, of: site, "after \(path)")
        }
        site.skill("g/c", name: "C", group: "G")
        try applied("skills/g/c.md")
        site.skill("g/a", name: "A", group: "G", body: "Weather words, edited")
        try applied("skills/g/a.md")
        site.write("ratings/votes.jsonl", #"{"skill":"g/a","stars":4}"# + "\n" + #"{"skill":"g/c","stars":2}"# + "\n")
        try applied("ratings/votes.jsonl")
        site.remove("skills/g/b.md")
        try applied("skills/g/b.md")
        site.skill("g/c", name: "C", group: "G", body: "Edited too")
        try applied("skills/g/c.md")
    }

    /// A build that failed after a skill came leaves the kept site's paths as they were: when
    /// the skill comes again, fixed, its paths are claimed, and a skill whose paths differ from
    /// them only in case still fails as in a full build.
    @Test func aSkillThatCameInAFailedBuildIsClaimedWhenItComesAgain() throws {
        let site = Self.twoSkills(["site.yml": "base_url: https://example.org/\n"])
        var live = try Self.kept(site)
        let kept = live.files
        site.skill("g/c", name: "C", group: "G", body: "See [nothing](https://example.org/skills/g/missing/).")
        #expect(throws: BuildFailure.self) { try live.apply(site.options()) }
        #expect(live.files == kept)
        site.skill("g/c", name: "C", group: "G", body: "Fixed.")
        let update = try live.apply(site.options())
        #expect(update.written.contains("skills/g/c/index.html"))
        try expectAsFullBuild(live, of: site)

        site.skill("G/C", name: "C again", group: "G")
        try expectFailsAsFullBuild(&live, of: site)
        site.remove("skills/G/C.md")
        try live.apply(site.options())
        try expectAsFullBuild(live, of: site)
    }

    /// A skill that came in a failed build and went again leaves nothing to remove: the failed
    /// build's paths were never the kept site's.
    @Test func aSkillThatCameInAFailedBuildAndWentRemovesNothing() throws {
        let site = Self.twoSkills(["site.yml": "base_url: https://example.org/\n"])
        var live = try Self.kept(site)
        site.skill("g/c", name: "C", group: "G", body: "See [nothing](https://example.org/skills/g/missing/).")
        #expect(throws: BuildFailure.self) { try live.apply(site.options()) }
        site.remove("skills/g/c.md")
        let update = try live.apply(site.options())
        #expect(update.removed.isEmpty, "\(update.removed)")
        #expect(update.written.isEmpty, "\(update.written)")
        try expectAsFullBuild(live, of: site)
    }

    /// A static file that would overwrite the page of a skill that came in a kept build (its
    /// paths patched into the kept ones, which a site without static files has) is refused as in
    /// a full build, in any case.
    @Test func aStaticFileMayNotOverwriteThePageOfASkillThatCame() throws {
        let site = Self.twoSkills(["static/favicon.ico": "icon"])
        var live = try Self.kept(site)
        site.remove("static/favicon.ico")
        try live.apply(site.options())
        site.skill("g/c", name: "C", group: "G")
        try live.apply(site.options())
        let kept = live.files
        site.write("static/Skills/G/C/index.html", "<p>mine</p>")
        try expectFailsAsFullBuild(&live, of: site)
        #expect(live.files == kept)
    }

    /// A skill in a language no skill had before, come or edited where it stands, gets its `lang`
    /// attributes in a kept build as in a full one (the kept renderer's table of languages grows,
    /// from the entries that are not the kept build's own objects).
    @Test(arguments: [("g/c", "Cé", "fr"), ("g/b", "B", "de")])
    func aSkillInANewLanguageIsMarkedAsInAFullBuild(id: String, name: String, language: String) throws {
        let site = Self.twoSkills()
        var live = try Self.kept(site)
        site.skill(id, name: name, group: "G", language: language)
        try live.apply(site.options())
        try expectAsFullBuild(live, of: site)
        #expect(page(live, "skills/\(id)/index.html").contains("lang=\"\(language)\""))
        // Its card, on the group's page, says it too.
        #expect(page(live, "groups/g/index.html").contains("lang=\"\(language)\""))
    }

    @Test func aNewPathThatCollidesWithAKeptOneFails() throws {
        let site = Self.twoSkills()
        var live = try Self.kept(site)
        let kept = live.files
        site.write("static/skills/G/A/index.html", "<p>mine</p>")
        try expectFailsAsFullBuild(&live, of: site)
        #expect(live.files == kept)

        site.remove("static/skills/G/A/index.html")
        site.remove("skills/g/a.md")
        try live.apply(site.options())
        site.skill("G/A", name: "A again", group: "G")
        try live.apply(site.options())
        try expectAsFullBuild(live, of: site)
    }

    /// The generated paths, as static files are checked against them, are kept between builds
    /// while the pages' paths stay: a static file added later is still refused when it would
    /// overwrite a page, in any case.
    @Test func aStaticFileAddedToAKeptSiteMayNotOverwriteAPage() throws {
        let site = Self.twoSkills(["static/favicon.ico": "icon"])
        var live = try Self.kept(site)
        site.skill("g/b", name: "B edited", group: "G")
        try live.apply(site.options())
        let kept = live.files
        site.write("static/Skills/G/B/index.html", "<p>mine</p>")
        try expectFailsAsFullBuild(&live, of: site)
        #expect(live.files == kept)
        site.remove("static/Skills/G/B/index.html")
        site.write("static/notes.txt", "mine")
        try live.apply(site.options())
        #expect(live.files["notes.txt"] == Data("mine".utf8))
    }

    /// A site of two skills, A and B in group G, with `files` beside them.
    static func twoSkills(_ files: [String: String] = [:]) -> TestSite {
        let site = TestSite()
        site.skill("g/a", name: "A", group: "G")
        site.skill("g/b", name: "B", group: "G")
        for (path, text) in files { site.write(path, text) }
        return site
    }

    /// A kept site after its first build of `site`.
    static func kept(_ site: TestSite) throws -> LiveSite {
        var live = LiveSite()
        try live.apply(site.options())
        return live
    }

    /// Expects `live` to hold what a full build of `site` writes.
    func expectAsFullBuild(
        _ live: LiveSite, of site: TestSite, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: full)
        #expect(Self.firstDifference(full.files, live.files) == nil, comment, sourceLocation: sourceLocation)
    }

    /// Expects a kept build of `site` to fail as a full build does, with the same diagnostics.
    @discardableResult
    func expectFailsAsFullBuild(
        _ live: inout LiveSite, of site: TestSite, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> BuildFailure {
        let full = try #require(throws: BuildFailure.self, sourceLocation: sourceLocation) {
            try SiteBuilder.build(site.options(), into: MemoryOutput())
        }
        let failure = try #require(throws: BuildFailure.self, sourceLocation: sourceLocation) {
            try live.apply(site.options())
        }
        #expect(
            failure.diagnostics.map(\.description) == full.diagnostics.map(\.description),
            sourceLocation: sourceLocation)
        return failure
    }

    static func firstDifference(_ expected: [String: Data], _ actual: [String: Data]) -> String? {
        for path in Set(expected.keys).union(actual.keys).sorted() where expected[path] != actual[path] {
            switch (expected[path], actual[path]) {
            case (nil, _): return "`\(path)` is kept but a full build does not make it"
            case (_, nil): return "`\(path)` is missing from the kept site"
            default: return "`\(path)` differs from the full build's"
            }
        }
        return nil
    }
}

/// A small catalogue changed at random, a step at a time, from a seed.
struct RandomEdits {
    var random: SplitMix64
    let site = TestSite()
    /// Skill id → whether it is a JSON file.
    var skills: [String: Bool] = [:]
    var votes = ""
    /// Votes added to the log since the last build, as `serve` hands them over.
    var appended: [AppendedVotes] = []
    var failedSteps = 0
    /// What undoes the broken edit made in the step before.
    var repair: (() -> Void)?
    let groups = ["News", "Weather", "Games", "news", "Music Box"]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        site.write("site.yml", "base_url: https://example.org/\npage_size: 3\nhome_cards: 2\n")
        if seed % 2 == 0 {
            // Site-wide values on every page: every vote and every new skill changes them all.
            site.template(
                "footer.mustache",
                "<footer>{{skillCount}} skills, {{ratingCount}} ratings{{#navGroups}} {{name}} ({{count}}){{/navGroups}}</footer>\n"
            )
        }
        for _ in 0..<8 { addSkill() }
    }

    mutating func step() -> String {
        if let repair {
            repair()
            self.repair = nil
            return "repair"
        }
        switch random.below(100) {
        case 0..<18:
            addSkill()
            return "add"
        case 18..<32: return editSkill()
        case 32..<42: return deleteSkill()
        case 42..<68:
            vote()
            return "vote"
        case 68..<73:
            counts()
            return "counts"
        case 73..<76:
            laterLog()
            return "later log"
        case 76..<82: return brokenSkill()
        case 82..<88: return linkThenDelete()
        case 88..<92:
            template()
            return "template"
        case 92..<95:
            settings()
            return "settings"
        case 95..<98:
            moderate()
            return "moderate"
        default: return "nothing"
        }
    }

    func id(_ n: Int) -> String { "g\(n % 3)/skill-\(n)" }

    mutating func addSkill(linkingTo target: String? = nil) {
        let n = random.below(40)
        write(id(n), json: random.below(3) == 0, linkingTo: target)
    }

    mutating func write(_ id: String, json: Bool, linkingTo target: String? = nil) {
        let name = ["Alpha", "beta", "Gamma", "delta", "Émile"][random.below(5)] + " \(random.below(30))"
        let group = groups[random.below(groups.count)]
        var body = "Does **\(random.below(1000))** things."
        if let target { body += " See [it](https://example.org/skills/\(target)/)." }
        let created = random.below(2) == 0 ? "2024-0\(1 + random.below(9))-1\(random.below(9))" : nil
        let author = random.below(2) == 0 ? "Author \(random.below(4))" : nil
        if let other = skills[id], other != json { site.remove("skills/\(id).\(other ? "json" : "md")") }
        skills[id] = json
        if json {
            var object: [String: Any] = [
                "skill_name": name, "group": group, "descriptions": body,
                "language": random.below(4) == 0 ? "de" : "en",
            ]
            if let author { object["author"] = author }
            if let created { object["creationTime"] = created + "T00:00:00Z" }
            // A rating in the skill's own file, as SUSI's CMS serves it: an edit can change it.
            if random.below(3) == 0 {
                object["skill_rating"] = ["stars": ["one_star": random.below(3), "five_star": random.below(5)]]
            }
            // Sorted keys: the same skill is the same bytes.
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            site.write("skills/\(id).json", data: data)
        } else {
            site.skill(
                id, name: name, group: group, language: random.below(4) == 0 ? "de" : "en", author: author,
                created: created, body: body)
        }
    }

    mutating func editSkill() -> String {
        guard let id = skills.keys.sorted().randomElement(using: &random) else { return "nothing to edit" }
        write(id, json: skills[id] ?? false)
        return "edit \(id)"
    }

    mutating func deleteSkill() -> String {
        guard skills.count > 1, let id = skills.keys.sorted().randomElement(using: &random), let json = skills[id]
        else {
            return "nothing to delete"
        }
        site.remove("skills/\(id).\(json ? "json" : "md")")
        skills[id] = nil
        return "delete \(id)"
    }

    mutating func vote() {
        let known = skills.keys.sorted()
        // Now and then a vote for a skill that is not there (a warning).
        let skill = random.below(10) == 0 ? "gone/none" : known.randomElement(using: &random) ?? "gone/none"
        let user = "u\(random.below(6))"
        // Now and then a review with the vote, some with escapes (the slow reader) and line breaks.
        let comments = ["", "", #","comment":"Nice one.""#, #","comment":"Says \"hi\"\nand more","name":"Ann""#]
        let line =
            #"{"skill":"\#(skill)","stars":\#(1 + random.below(5)),"user":"\#(user)","timestamp":"2024-03-0\#(1 + random.below(9))T10:00:00Z"\#(comments[random.below(4)])}"#
            + "\n"
        let before = votes
        votes += line
        site.write("ratings/votes.jsonl", votes)
        appended.append(
            AppendedVotes(
                path: site.content.appendingPathComponent("ratings/votes.jsonl").path, lines: line,
                skill: skill, user: user,
                before: .bytes(Data(before.utf8)), after: .bytes(Data(votes.utf8))))
    }

    /// A vote log that sorts after the one votes are appended to: its votes are merged after
    /// theirs, and win ties.
    mutating func laterLog() {
        let skill = skills.keys.sorted().randomElement(using: &random) ?? "gone/none"
        site.write(
            "ratings/z-later.jsonl",
            #"{"skill":"\#(skill)","stars":\#(1 + random.below(5)),"user":"u\#(random.below(6))"}"# + "\n")
    }

    /// Hides the review of a voter, if they wrote one (a review's id is made from the skill and the voter).
    mutating func moderate() {
        let skill = skills.keys.sorted().randomElement(using: &random) ?? "gone/none"
        site.write("ratings/moderation.txt", ReviewDraft.id([skill, "u\(random.below(6))"]) + "\n")
    }

    mutating func counts() {
        let chosen = skills.keys.sorted().filter { _ in random.below(3) == 0 }
        let text = chosen.map {
            #""\#($0)": {"one_star": \#(random.below(3)), "four_star": "\#(random.below(5))", "five_star": \#(random.below(9))}"#
        }
        site.write("ratings/counts.json", "{" + text.joined(separator: ", ") + "}")
    }

    mutating func brokenSkill() -> String {
        failedSteps += 1
        let path = "skills/g9/broken.md"
        site.write(path, "---\ngroup: News\nlanguage: en\n---\nNo name.\n")
        let site = site
        repair = { site.remove(path) }
        return "broken skill"
    }

    /// A skill whose description links to another, which is then deleted: the link check fails
    /// until the link goes too.
    mutating func linkThenDelete() -> String {
        guard skills.count > 2, let target = skills.keys.sorted().randomElement(using: &random),
            let json = skills[target]
        else {
            return "nothing to link"
        }
        let linker = "g9/linker-\(random.below(1000))"
        write(linker, json: false, linkingTo: target)
        site.remove("skills/\(target).\(json ? "json" : "md")")
        skills[target] = nil
        failedSteps += 1
        let site = site
        repair = { site.remove("skills/\(linker).md") }
        skills[linker] = nil
        return "link \(linker) → \(target), delete \(target)"
    }

    mutating func template() {
        let cards = [
            "<article>{{name}}</article>",
            "<article class=\"card\"><a href=\"{{root}}{{url}}\">{{name}}</a> {{{starRow}}}</article>",
        ]
        site.template("card.mustache", cards[random.below(cards.count)])
    }

    mutating func settings() {
        site.write(
            "site.yml",
            "base_url: https://example.org/\npage_size: \(2 + random.below(3))\nhome_cards: \(random.below(3))\n")
    }
}

extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
