import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The checker decides most links from the page's bytes and remembers verdicts by a hash of them;
/// whatever route a link takes, its verdict is `LinkCheck.problem`'s on the link as written.
@Suite struct LinkVerdictTests {
    static let existing: Set<String> = [
        "index.html", "groups/news/index.html", "skills/a/index.html", "media/images/ä.png",
        "sitemap.xml", "assets/style.css",
    ]

    static func page(_ path: String, _ parts: [String], raw: [UInt8] = []) -> OutputFile {
        var bytes = Array(parts.map { "<a href=\"\($0)\">x</a>\n" }.joined().utf8)
        bytes += raw
        return OutputFile(path: path, data: Data(bytes))
    }

    static let links = [
        "skills/a/", "missing/", "skills/a", "#top", "", "?q=1", "https://example.org/x",
        "https://example.org/nowhere/",
        "skills/a/?x=1&amp;y=2", "missing/?x=1&amp;y=2", "media/images/%C3%A4.png", "media/images/ä.png", "a:b",
        "./skills/a/",
        "//cdn.example/x", "/skills/a/", "/missing/", "skills//a/", "skills/./a/", "skills/a/#ratings", "missing/#x",
        "assets/style.css", "assets/style.cs", "index.html", "skills/a/index.html", "missing/", "missing/",
        // The rest alone is not the link: a space after the prefix, a query or fragment only, a
        // character that combines with the prefix's last one, spaces around the whole link.
        "/ skills/a/", "https://example.org/ skills/a/", "https://example.org/\u{301}skills/a/", "/\u{301}x/",
        "https://example.org/?q=1", "/#top", " skills/a/", "skills/a/ ", "https://example.org/skills/a/ ",
    ]

    static func files() -> [OutputFile] {
        let invalid: [UInt8] =
            Array("<a href=\"bad".utf8) + [0xFF, 0xFE] + Array("/\">x</a><a href=\"skills/a/\u{301}\">y</a>".utf8)
        return [
            page("index.html", links, raw: invalid),
            page(
                "groups/news/index.html",
                links.map { "../../" + $0 } + ["../skills/a/", "../../../x/", "../../groups/news"] + links,
                raw: Array("<img srcset=\"../../missing.png 1x, ../../assets/style.css 2x\">".utf8) + invalid),
            page("skills/a/index.html", links.map { "../../" + $0 } + links.map { "../" + $0 }),
            OutputFile(
                path: "sitemap.xml",
                text:
                    "<urlset><url><loc>https://example.org/skills/a/</loc></url><url><loc> https://example.org/gone/ </loc></url></urlset>"
            ),
        ]
    }

    /// The broken links of `files`, page by page in path order, as `LinkCheck.problem` judges each.
    static func brokenByProblem(_ files: [OutputFile], config: SiteConfig) -> [LinkCheck.Broken] {
        var expected: [LinkCheck.Broken] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard case .data(let data) = file.contents else { continue }
            let directory = file.path.split(separator: "/").dropLast().map(String.init)
            for link in LinkCheck.references(in: data) {
                if let reason = LinkCheck.problem(link, directory: directory, existing: Self.existing, config: config) {
                    expected.append(LinkCheck.Broken(page: file.path, link: link, reason: reason))
                }
            }
        }
        return expected
    }

    @Test func everyRouteGivesTheVerdictOfProblem() {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let files = Self.files()
        let expected = Self.brokenByProblem(files, config: config)
        #expect(expected.count > 20)
        #expect(LinkCheck.check(files, existing: Self.existing, config: config) == expected)
        // With the site's paths as a table (`KnownPaths`), as builds check.
        let known = KnownPaths(existing: Self.existing, indexFile: config.urls.indexFile)
        #expect(LinkCheck.check(files, known: known, config: config) == expected)
        // One checker for all pages: verdicts remembered from earlier pages are reused.
        var checker = LinkCheck.Checker(existing: Self.existing, config: config)
        #expect(files.sorted(by: { $0.path < $1.path }).flatMap { checker.check($0) } == expected)
    }

    /// Under a base URL with a path (`https://example.org/cat/`), links written from the base URL
    /// or the base path take the byte route too; whatever route a link takes, its verdict is
    /// `problem`'s, in pages at the root and below it and in a sitemap.
    @Test func underASubPathEveryRouteGivesTheVerdictOfProblem() {
        var config = SiteConfig()
        config.baseURL = "https://example.org/cat/"
        let rests = ["skills/a/", "missing/", "assets/style.css", "", "skills/a/#x", " skills/a/", "\u{301}x/"]
        var links: [String] = []
        for rest in rests {
            links += ["/cat/" + rest, "https://example.org/cat/" + rest, "/" + rest, "https://example.org/" + rest]
        }
        links += ["/catalogue/skills/a/", "https://example.org/cat", "/cat", "https://example.org/cat/skills/a/ "]
        let locs = links.map { "<url><loc>\($0)</loc></url>" }.joined()
        let files = [
            Self.page("index.html", links + rests),
            Self.page("groups/news/index.html", links + rests.map { "../../" + $0 }),
            OutputFile(path: "sitemap.xml", text: "<urlset>\(locs)</urlset>"),
        ]
        let expected = Self.brokenByProblem(files, config: config)
        #expect(expected.count > 20)
        let known = KnownPaths(existing: Self.existing, indexFile: config.urls.indexFile)
        #expect(LinkCheck.check(files, known: known, config: config) == expected)
        #expect(LinkCheck.check(files, existing: Self.existing, config: config) == expected)
    }

    /// The table holds each path's link as written from the root, and no rest the long way
    /// would read otherwise (entities, `%`, `?`, `#`, dot segments, non-ASCII).
    @Test func theTableHoldsPlainRestsOnly() throws {
        let known = KnownPaths(
            existing: Self.existing.union(["a%20b/index.html", "x/./y.css", "é/index.html", "q?/index.html"]),
            indexFile: "index.html")
        func target(_ rest: String) -> UInt64? {
            MarkupScanner.reading(Array(rest.utf8)) { page in
                KnownPaths.hash(ofPlain: rest).flatMap { known.target(ofRest: 0..<page.n, in: page, hash: $0) }
            }
        }
        #expect(target("skills/a/") == LinkTargets.hash("skills/a/index.html"))
        #expect(target("") == LinkTargets.hash("index.html"))
        #expect(target("assets/style.css") == LinkTargets.hash("assets/style.css"))
        #expect(target("media/images/ä.png") == nil)
        for rest in ["skills/a/index.html", "skills/a", "a%20b/", "x/./y.css", "é/", "q?/", "missing/"] {
            #expect(target(rest) == nil, "\(rest)")
        }
    }

    /// A table patched for paths that came and went (`KnownPaths(patching:existing:)`, as `serve`
    /// does when a skill comes or goes) finds each rest as a table made whole finds it, and the
    /// check with it gives `problem`'s verdicts.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func aPatchedTableFindsWhatAWholeOneFinds(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pool =
            Array(Self.existing) + [
                "skills/b/index.html", "skills/c/index.html", "missing/index.html", "a%20b/index.html", "é/index.html",
                "feed.xml", "assets/x.css", "skills/a/badge.svg", "newest/page/2/index.html", "index.htm",
            ]
        let rests =
            pool.map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 } + [
                "skills/", "assets/x.cs", "nowhere/",
            ]
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        var existing = Set(pool.filter { _ in random.below(2) == 0 }).union(["index.html"])
        var known = KnownPaths(existing: existing, indexFile: "index.html")
        for step in 0..<25 {
            for _ in 0...random.below(3) {
                let path = pool[random.below(pool.count)]
                if path != "index.html", existing.contains(path) {
                    existing.remove(path)
                } else {
                    existing.insert(path)
                }
            }
            known = KnownPaths(patching: known, existing: existing)
            let whole = KnownPaths(existing: existing, indexFile: "index.html")
            #expect(known.existing == existing)
            for rest in rests {
                let found = MarkupScanner.reading(Array(rest.utf8)) { page in
                    KnownPaths.hash(ofPlain: rest).map {
                        (
                            known.target(ofRest: 0..<page.n, in: page, hash: $0),
                            whole.target(ofRest: 0..<page.n, in: page, hash: $0)
                        )
                    }
                }
                #expect(found.map { $0.0 == $0.1 } ?? true, "step \(step): \(rest)")
            }
            let files = [Self.page("index.html", rests), Self.page("skills/a/index.html", rests.map { "../../" + $0 })]
            #expect(
                LinkCheck.check(files, known: known, config: config)
                    == LinkCheck.check(files, existing: existing, config: config), "step \(step)")
        }
    }

    /// Whatever route a link takes, the page's recorded targets include where `resolve` says it
    /// leads (a kept build decides from them which pages a removed path may break), and two
    /// paths no page here links to are not among them.
    @Test func everyRouteRecordsTheTargetOfResolve() {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let files = Self.files()
        let recorded = Dictionary(
            LinkCheck.checkRecording(files, existing: Self.existing, config: config).targets.map {
                ($0.path, $0.targets)
            }
        ) { first, _ in first }
        #expect(Set(recorded.keys) == Set(files.map(\.path)))
        let known = KnownPaths(existing: Self.existing, indexFile: config.urls.indexFile)
        let recordedWithTable = LinkCheck.checkRecording(files, known: known, config: config).targets
        #expect(recordedWithTable.map(\.path) == files.map(\.path).sorted())
        for (path, targets) in recordedWithTable {
            #expect(recorded[path].map { $0 == targets } ?? false, "\(path): the same targets with the table")
        }
        var resolved = 0
        for file in files {
            guard case .data(let data) = file.contents, let targets = recorded[file.path] else { continue }
            let directory = file.path.split(separator: "/").dropLast().map(String.init)
            for link in LinkCheck.references(in: data) {
                guard case .path(let target) = LinkCheck.resolve(link, directory: directory, config: config) else {
                    continue
                }
                resolved += 1
                #expect(targets.mayLead(to: LinkTargets.hash(target)), "\(file.path): \(link) → \(target)")
            }
            for absent in ["skills/zz-not-linked/index.html", "groups/nowhere-at-all/index.html"] {
                #expect(!targets.mayLead(to: LinkTargets.hash(absent)), "\(file.path): \(absent)")
            }
        }
        #expect(resolved > 60)
    }
}
