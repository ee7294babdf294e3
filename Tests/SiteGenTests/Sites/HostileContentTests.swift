import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Skill authors are the public. `Tests/Fixtures/hostile/` puts script, event handlers, unsafe
/// URLs, path tricks, invisible characters and sheer volume into every field; the site must build
/// and be inert. Inputs that cannot be published fail with a clear error instead.
@Suite struct HostileContentTests {
    /// Builds the hostile fixture into `folder/Public`; returns the output tree.
    static func buildHostile(into folder: URL) throws -> (report: BuildReport, tree: [String: Data]) {
        let output = folder.appendingPathComponent("Public")
        let report = try SiteBuilder.build(FixtureSite.options(content: FixtureSite.fixture("hostile"), output: output))
        return (report, try FixtureSite.tree(output))
    }

    /// Builds the hostile fixture in memory; returns the built site.
    static func buildHostile() throws -> (report: BuildReport, tree: [String: Data]) {
        let built = try FixtureSite.build(FixtureSite.options(try FixtureSite.memoryContent("hostile")))
        return (built.report, built.files)
    }

    @Test func everyOutputFileIsInert() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let (report, tree) = try Self.buildHostile(into: folder)
        #expect(report.skills == 16)
        // 62 files of the site (the stylesheet also under its hashed name), a badge per skill,
        // the reviews pages of the two skills with reviews and sitegen's `.sitegen` mark.
        #expect(tree.count == 63 + 16 + 2)
        #expect(tree[".sitegen"] != nil)
        for (path, data) in tree.sorted(by: { $0.key < $1.key }) where !path.hasSuffix(".png") {
            let text = try #require(String(validating: data, as: UTF8.self), "\(path) is not UTF-8")
            if path.hasPrefix("api/") {
                // The API carries descriptions as written, as SUSI's does: data, not a page. It must
                // parse, and no `<`, `>` or `&` may stand unescaped, so no browser can read it as HTML.
                #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(path) is not JSON")
                #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"), "\(path)")
            } else {
                #expect(HTMLScan.problems(in: text) == [], "\(path)")
            }
        }
        // The payloads did reach the pages, as text.
        let page = try #require(
            tree["skills/xss/script-everywhere/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(page.contains("<h1>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(page.contains("<li>“&#39;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”</li>"))
        #expect(page.contains("<!-- raw HTML omitted -->"))
        #expect(page.contains("<p>plain javascript link · mixed case ·\nentity encoded · hex entity ·"))
        #expect(
            page.contains(
                "<a href=\"https://example.org/ok\" title=\"a&quot; onmouseover=&quot;alert(1)\">title breaks out</a>"))
        let index = try #require(tree["index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(index.contains("<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; Catalogue</title>"))
    }

    @Test func theScanCatchesWhatItLooksFor() {
        let bad = [
            "<SCRIPT>alert(1)</SCRIPT>", "<img src=x onerror=alert(1)>", "<a href=\"JaVaScRiPt:alert(1)\">",
            "<a href=\"&#106;avascript:alert(1)\">", "<a href=\"java&#x09;script:alert(1)\">", "<a href='vbscript:x'>",
            "<img src=\"data:image/svg+xml,x\">", "<svg/onload=alert(1)>", "<iframe src=\"https://x\">",
            "<div style=\"background:url(x)\">", "javascript&colon;alert(1)", "<a href=\"&amp;#106;avascript:x\">",
        ]
        for html in bad { #expect(!HTMLScan.problems(in: html).isEmpty, "\(html)") }
        let good = [
            "<a href=\"../skills/x/\">x</a>", "<a href=\"https://example.org/a?b=c:d\">", "<a href=\"mailto:a@b.c\">",
            "&lt;script&gt;alert(1)&lt;/script&gt;", "<p title=\"a&quot; onmouseover=&quot;x\">", "<a href=\"x/y:z\">",
            "<!-- <script> is not here -->".replacingOccurrences(of: "<script>", with: "script"),
        ]
        for html in good { #expect(HTMLScan.problems(in: html) == [], "\(html)") }
    }

    @Test func nothingIsWrittenOutsideTheOutputFolder() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = try FixtureSite.copy(fixture: "hostile", into: folder)
        let contentBefore = try FixtureSite.tree(content)
        let output = folder.appendingPathComponent("site/Public")
        _ = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(try FixtureSite.tree(content) == contentBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Content", "site"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site").path) == [
                "Public"
            ])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/sitegen-escape"))
        // Skill ids with `..`, absolute paths, backslashes and markup become ordinary folders.
        let paths = try FixtureSite.tree(output).keys.sorted()
        #expect(paths.contains("skills/xss/list/_/_/_/_/_/_/tmp/sitegen-escape/index.html"))
        #expect(paths.contains("skills/xss/list/_/index.html"))
        #expect(paths.contains("skills/xss/list/etc/passwd/index.html"))
        #expect(paths.contains("skills/xss/list/windows/index.html"))
        #expect(paths.contains("skills/odd/img-src-x-onerror-alert-1/index.html"))
        #expect(paths.contains("skills/odd/2e-2e-2fescape/index.html"))
        // Only the one image inside the content folder was published.
        #expect(paths.filter { $0.hasPrefix("media/") } == ["media/images/ok.png"])
    }

    @Test(arguments: [
        "..", ".", "../../etc", "a/../../../b", "/etc/passwd", "\\..\\x", "%2e%2e/%2e%2e", "a//b", "",
        "\u{202E}evil", "\u{0}", "C:\\Windows", "~/x", "....//....//",
    ])
    func anySkillIdStaysInsideTheSkillsFolder(_ id: String) {
        let path = SiteURLs.standard.skillPage(id)
        #expect(path.hasPrefix("skills/"))
        #expect(path.hasSuffix("/"))
        let segments = path.dropLast().split(separator: "/", omittingEmptySubsequences: false)
        #expect(!segments.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("\\") }, "\(path)")
    }

    @Test func invisibleAndBidiCharactersAreRemovedFromNames() throws {
        let (_, tree) = try Self.buildHostile()
        let page = try #require(tree["skills/unicode/bidi/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(page.contains("<h1>Invoicegnp.exe Reader</h1>"))
        #expect(
            page.contains("<dt>Author</dt><dd>Admin · <a href=\"../../../authors/admin/\">all skills by Admin</a></dd>")
        )
        #expect(page.contains("<li>“open sesame”</li>"))
        #expect(!page.contains("\u{200B}"))
        #expect(!page.contains("<li>“”</li>"), "an example of invisible characters only is dropped")
        // The description keeps its text; an override there is confined to its own paragraph.
        #expect(page.contains("<p>Right-to-left override \u{202E} inside the description stays in its paragraph.</p>"))
        // Summaries (cards, meta descriptions) are cleaned like names.
        #expect(
            page.contains(
                "<meta name=\"description\" content=\"Right-to-left override inside the description stays in its paragraph.\">"
            ))
        let lookalike = try #require(
            tree["skills/unicode/zero-width-name/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(lookalike.contains("<h1>Headline Finder</h1>"))
        for (path, data) in tree where path.hasSuffix(".html") {
            let text = String(decoding: data, as: UTF8.self)
            let names = text.components(separatedBy: "<h1>").dropFirst().map { $0.prefix { $0 != "<" } }
            for name in names {
                #expect(!name.unicodeScalars.contains(where: VisibleText.isRemoved), "\(path): \(name)")
            }
        }
    }

    /// A quote followed by a combining mark is one Swift `Character`, but an HTML parser sees the
    /// quote alone, so escaping must work on Unicode scalars, not characters: otherwise `"\u{301}`
    /// closes an attribute and what follows becomes an event handler.
    @Test func aQuoteFollowedByACombiningMarkIsStillEscaped() throws {
        let (_, tree) = try Self.buildHostile()
        let mark = "\u{301}"
        let page = try #require(tree["skills/unicode/combining/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(HTMLScan.problems(in: page) == [])
        #expect(page.contains("<h1>Accent&quot;\(mark) onmouseover=alert(1) x=&quot;\(mark)</h1>"))
        #expect(page.contains("content=\"Accent&quot;\(mark) onmouseover=alert(1) x=&quot;\(mark)"))
        #expect(page.contains("Mark&#39;\(mark) onfocus=alert(2)"))
        // Outside the JSON-LD block, where `\"` is JSON's own escape and `<` is `\u003c`.
        let markup = HTMLScan.removingJSONLD(page).0
        #expect(!markup.contains("\"\(mark)"), "an unescaped quote before the mark")
        #expect(!markup.contains("'\(mark)"), "an unescaped apostrophe before the mark")
        #expect(!markup.contains("<\(mark)"), "an unescaped < before the mark")
        #expect(page.contains("\\u003c\(mark)script"))
        for (path, data) in tree where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let text = HTMLScan.removingJSONLD(String(decoding: data, as: UTF8.self)).0
            #expect(!text.contains("\"\(mark)"), "\(path)")
            #expect(
                HTMLScan.tags(in: text).allSatisfy { $0.attributes.allSatisfy { !$0.name.hasPrefix("on") } }, "\(path)")
        }
    }

    @Test func aThousandExamplesArePublishedAsAHundredWithAWarning() throws {
        let (report, tree) = try Self.buildHostile()
        #expect(
            report.warnings.map(\.description).contains(
                "Content/skills/many/examples.md:1: warning: 1,000 examples; only the first 100 are published"))
        let page = try #require(tree["skills/many/examples/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(page.components(separatedBy: "<li>“example number").count - 1 == 100)
        #expect(page.contains("<li>“example number 100”</li>"))
        #expect(!page.contains("example number 101"))
    }

    @Test func theHostileBuildReportsEveryRejectedValue() throws {
        let (report, _) = try Self.buildHostile()
        #expect(
            report.warnings.map(\.description) == [
                "Content/ratings: warning: ratings for 2 unknown skill(s) ignored: `<script>alert(1)</script>` (Content/ratings/counts.json), `javascript:alert(1)` (Content/ratings/counts.json)",
                "Content/ratings/reviews.jsonl:4: warning: review of 2,111 characters cut to 2,000",
                "Content/skills/many/examples.md:1: warning: 1,000 examples; only the first 100 are published",
                "Content/skills/xss/list.json:7:86: warning: image `../../../../../../etc/hostname.png` points outside the content folder; it is ignored",
                "Content/skills/xss/list.json:9:60: warning: image `images/../../outside.png` points outside the content folder; it is ignored",
                "Content/skills/xss/list.json:10:56: warning: image `/etc/passwd.png` is not an http(s) URL or a path inside the content folder; it is ignored",
                "Content/skills/xss/list.json:11:65: warning: image `..\\..\\evil.png` is not an http(s) URL or a path inside the content folder; it is ignored",
                "Content/skills/xss/script-everywhere.md:9:8: warning: image `../../../../../etc/passwd.png` points outside the content folder; it is ignored",
                "Content/skills/xss/urls.json:8:12: warning: image `data:image/png;base64,iVBORw0KGgo=` is not an http(s) URL or a path inside the content folder; it is ignored",
            ])
    }

    /// A name may read like a URL; it is shown as text and never becomes a link.
    @Test func textThatLooksLikeAURLStaysText() throws {
        let site = TestSite()
        site.write(
            "skills/url-name.md",
            """
            ---
            name: javascript:alert(1)
            group: javascript:alert(2)
            author: JaVaScRiPt:alert(3)
            examples: ["javascript:alert(4)"]
            ---
            Text that mentions javascript:alert(5) stays text.
            """)
        try site.build()
        let page = try site.read("skills/url-name/index.html")
        #expect(page.contains("<h1>javascript:alert(1)</h1>"))
        #expect(page.contains("Text that mentions javascript:alert(5) stays text."))
        for (path, data) in site.built where path.hasSuffix(".html") {
            for tag in HTMLScan.tags(in: String(decoding: data, as: UTF8.self)) {
                for attribute in tag.attributes where ["href", "src"].contains(attribute.name) {
                    #expect(HTMLScan.isSafeURL(attribute.value.lowercased()), "\(path): \(attribute.value)")
                }
            }
        }
    }
}

/// Inputs that cannot be published fail the build with a clear message, quickly and without
/// crashing. Files git could mangle (or that are large) are written by the tests.
@Suite struct BrokenInputTests {
    /// Holds `files` (path → bytes) as a content folder and returns the check's report.
    static func report(_ files: [String: Data]) throws -> [String] {
        let site = TestSite()
        for (path, data) in files { site.write(path, data: data) }
        return FixtureSite.failure(site.options())
    }

    static func text(_ files: [String: String]) throws -> [String] {
        try report(files.mapValues { Data($0.utf8) })
    }

    /// In the catalogue's own files a file over the limit stays an error (SUSI's community files
    /// are skipped with a warning instead: `MessySusiRepositoryTests`).
    @Test func aTwentyMegabyteDescriptionHitsTheLimit() throws {
        let body = String(repeating: "All work and no play makes a dull skill. ", count: 512_000)
        let file = "---\nname: Huge\ngroup: Volume\n---\n" + body
        #expect(file.utf8.count > InputLimits.skillFileBytes)
        #expect(
            try Self.text(["skills/huge.md": file]) == [
                "Content/skills/huge.md: error: file is \(file.utf8.count.grouped) bytes; the limit is 16,777,216 bytes (16 MiB)"
            ])
    }

    @Test func invalidUTF8IsReportedWhereItStarts() throws {
        var bytes = Data("---\nname: Caf".utf8)
        bytes.append(contentsOf: [0xE9, 0x20, 0xFF])
        bytes.append(Data("\ngroup: Food\n---\n".utf8))
        #expect(
            try Self.report(["skills/latin1.md": bytes]) == [
                "Content/skills/latin1.md:2:10: error: file is not valid UTF-8 text; save it as UTF-8"
            ])
        var votes = Data("{\"skill\": \"a\", \"stars\": 5}\n{\"skill\": \"".utf8)
        votes.append(contentsOf: [0xC3, 0x28])
        votes.append(Data("\", \"stars\": 5}\n".utf8))
        #expect(
            try Self.report(["ratings/votes.jsonl": votes]) == [
                "Content/ratings/votes.jsonl:2:12: error: file is not valid UTF-8 text; save it as UTF-8"
            ])
    }

    @Test func duplicateYAMLKeysPointAtTheRepeat() throws {
        #expect(
            try Self.text(["skills/twice.md": "---\nname: One\ngroup: Tests\nauthor: A\nname: Two\n---\n"]) == [
                "Content/skills/twice.md:5:1: error: duplicate key `name` (first on line 2): each key may appear once"
            ])
    }

    /// "Billion laughs": nine levels of ten aliases would expand to a billion values. Yams would
    /// take exponential time hashing the aliased keys; the guard stops it after counting.
    @Test(arguments: [false, true])
    func aYAMLAliasBombFailsFast(_ asKey: Bool) throws {
        var yaml = "---\nname: Bomb\ngroup: Tests\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        yaml += asKey ? "? *l9\n: boom\n---\n" : "examples: *l9\n---\n"
        let report = try Self.text(["skills/bomb.md": yaml])
        #expect(
            report == [
                "Content/skills/bomb.md:8:45: error: YAML expands to more than 100,000 values through aliases (`*name`), the limit; write the values out"
            ])
    }

    @Test func modestAliasesStillWork() throws {
        let site = TestSite()
        site.write("skills/alias.md", "---\nname: &n Echo\ngroup: Tests\nauthor: *n\nexamples: [*n, *n]\n---\n")
        let report = try SiteBuilder.check(site.options())
        let skill = try #require(report.catalogue?.entries.first?.skill)
        #expect(skill.author == "Echo")
        #expect(skill.examples == ["Echo"])
    }

    @Test func deepNestingIsRefusedBeforeAnyParserRecursesIntoIt() throws {
        let deepYAML =
            "---\nname: Deep\ngroup: Tests\ntags: " + String(repeating: "[", count: 500)
            + String(repeating: "]", count: 500) + "\n---\n"
        let deepJSON =
            "{\"skill_name\": \"Deep\", \"group\": \"Tests\", \"x\": " + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        let deepVotes = "{\"skill\": \"a\", \"stars\": " + String(repeating: "[", count: 5_000) + "}\n"
        #expect(
            try Self.text(["skills/deep.md": deepYAML, "skills/deep.json": deepJSON, "ratings/deep.jsonl": deepVotes])
                == [
                    "Content/ratings/deep.jsonl:1:88: error: invalid JSON: nested more than 64 levels deep, the limit",
                    "Content/skills/deep.json:1:110: error: invalid JSON: nested more than 64 levels deep, the limit",
                    "Content/skills/deep.md:4:70: error: YAML nested more than 64 levels deep, the limit",
                ])
    }

    @Test func aLoneTagIsNotAName() throws {
        #expect(
            try Self.text([
                "skills/tag.md": "---\nname: <img src=x onerror=alert(1)>\ngroup: <script>\n---\n",
                "skills/tag.json": "{\"skill_name\": \"<img src=x onerror=alert(1)>\", \"group\": \"Tests\"}",
            ]) == [
                "Content/skills/tag.json:1:16: error: `skill_name` holds only `<img src=x onerror=alert(1)>`, which reads as a placeholder like SUSI's `<name>`; write real text",
                "Content/skills/tag.md:2:7: error: `name` holds only `<img src=x onerror=alert(1)>`, which reads as a placeholder like SUSI's `<name>`; write real text",
                "Content/skills/tag.md:3:8: error: `group` holds only `<script>`, which reads as a placeholder like SUSI's `<name>`; write real text",
            ])
    }

    @Test func longFieldsAndInvisibleNamesAreRefused() throws {
        let long = String(repeating: "x", count: 201)
        let example = String(repeating: "e", count: 501)
        #expect(
            try Self.text([
                "skills/long.md": "---\nname: \(long)\ngroup: Tests\nexamples: [\(example)]\n---\n",
                "skills/invisible.md": "---\nname: \"\u{200B}\u{202E}\u{2060}\"\ngroup: Tests\n---\n",
                "skills/list.json":
                    "{\"group\": \"Tests\", \"skills\": {\"a\": {\"skill_name\": \"A\", \"author\": \"\(long)\"}}}",
                // Characters, not bytes, are counted: 200 emoji (800 bytes) pass, 201 accented
                // letters written as two scalars each do not.
                "skills/wide.md": "---\nname: \(String(repeating: "🙂", count: 200))\ngroup: Tests\n---\n",
                "skills/accents.md": "---\nname: \(String(repeating: "e\u{301}", count: 201))\ngroup: Tests\n---\n",
            ]) == [
                "Content/skills/accents.md:1: error: `name` is 201 characters long; the limit is 200",
                "Content/skills/invisible.md:1: error: `name` is empty once invisible characters are removed",
                "Content/skills/list.json:1: error: skill `a`: `author` is 201 characters long; the limit is 200",
                "Content/skills/long.md:1: error: `name` is 201 characters long; the limit is 200",
                "Content/skills/long.md:1: error: an example is 501 characters long; the limit is 500",
            ])
    }

    @Test func hugeRatingCountsAreRefusedAndSumsNeverOverflow() throws {
        #expect(
            try Self.text([
                "skills/a.md": "---\nname: A\ngroup: Tests\n---\n",
                "ratings/counts.json": "{\"a\": {\"five_star\": \"9000000000000000000\", \"one_star\": 1e300}}",
                "ratings/thumbs.json": "{\"a\": {\"positive\": \"9223372036854775807\"}}",
            ]) == [
                "Content/ratings/counts.json:1:21: error: `five_star` is 9,000,000,000,000,000,000; the limit is 1,000,000,000,000",
                "Content/ratings/counts.json:1:56: error: `one_star` is 1e+300; the limit is 1,000,000,000,000",
                "Content/ratings/thumbs.json:1:20: error: `positive` is 9,223,372,036,854,775,807; the limit is 1,000,000,000,000",
            ])
        // Thousands of files at the limit add up without trapping.
        var counts = StarCounts()
        for _ in 0..<20_000 { counts += StarCounts(one: 1_000_000_000_000, five: 1_000_000_000_000) }
        let summary = RatingSummary(counts: counts)
        #expect(summary.total == 2 * StarCounts.ceiling)
        #expect(summary.averageText == "3.0")
        #expect(summary.percentagesFiveToOne == [50, 0, 0, 0, 50])
    }

    @Test func groupsThatDifferOnlyInCaseWouldShareAPage() throws {
        #expect(
            try Self.text([
                "skills/a.md": "---\nname: A\ngroup: News\n---\n",
                "skills/b.md": "---\nname: B\ngroup: news\n---\n",
            ]) == [
                "Content/skills/b.md:1: error: group `news` would be written to the same page as group `News` (Content/skills/a.md): /groups/news/; spell the group the same way everywhere"
            ])
    }

    @Test func imagesBehindALinkedFolderAreNotPublished() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let outside = folder.appendingPathComponent("outside")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: outside.appendingPathComponent("secret.png").creatingParent())
        let content = folder.appendingPathComponent("Content")
        try FixtureSite.write(
            ["skills/a.md": "---\nname: A\ngroup: Tests\nimage: linked/secret.png\n---\n"], under: content)
        try FileManager.default.createSymbolicLink(
            at: content.appendingPathComponent("linked"), withDestinationURL: outside)
        let output = folder.appendingPathComponent("Public")
        let report = try SiteBuilder.build(FixtureSite.options(content: content, output: output))
        #expect(
            report.warnings.map(\.description) == [
                "Content/skills/a.md:1: warning: image `linked/secret.png` lies outside Content/ through a symbolic link; the page shows a placeholder"
            ])
        #expect(try FixtureSite.tree(output).keys.filter { $0.hasPrefix("media/") }.isEmpty)
    }

    @Test func pathologicalMarkdownRendersInTime() {
        // Deep nesting and unmatched delimiters: cmark is linear on these; this guards against a
        // regression to a parser that is not.
        for source in [
            String(repeating: ">", count: 200_000), String(repeating: "[", count: 200_000),
            String(repeating: "*a", count: 100_000), String(repeating: "- ", count: 50_000) + "x",
            String(repeating: "<a href=\"javascript:x\">", count: 20_000),
        ] {
            let rendered = Markdown.render(source)
            #expect(HTMLScan.problems(in: rendered.html) == [])
        }
    }
}
