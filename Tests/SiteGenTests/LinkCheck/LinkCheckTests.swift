import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct LinkCheckTests {
    static let existing: Set<String> = [
        "index.html", "groups/news/index.html", "assets/style.css", "media/images/ä.png", "skills/a/index.html",
    ]

    func problem(
        _ link: String, from page: String = "groups/news/index.html", base: String = "https://example.org/catalogue/"
    ) -> String? {
        var config = SiteConfig()
        config.baseURL = base
        let directory = page.split(separator: "/").dropLast().map(String.init)
        return LinkCheck.problem(link, directory: directory, existing: Self.existing, config: config)
    }

    /// A page cut off inside a sitemap's `<loc` tag is read to its end, not past it: its empty
    /// text leads nowhere.
    @Test func aPageEndingInsideALocTagIsReadToItsEnd() {
        for text in ["<urlset><loc", "<loc", "<url><loc x=\"y\"", "<loc>"] {
            #expect(LinkCheck.references(in: Data(text.utf8)) == [""], "\(text)")
        }
    }

    @Test func relativeLinksResolveAgainstThePage() {
        #expect(problem("../../") == nil)
        #expect(problem("../../assets/style.css") == nil)
        #expect(problem("./") == nil)
        #expect(problem("") == nil)
        #expect(problem("../../skills/a/#ratings") == nil)
        #expect(problem("../../media/images/%C3%A4.png") == nil)
        #expect(problem("../../nowhere/") == "nothing is generated at `nowhere/index.html`")
        #expect(problem("../../skills/a") == "`skills/a` is a folder; end the link with `/`")
        #expect(problem("../../../../") == "it leads above the site's root")
    }

    @Test func siteAbsoluteLinksMustStayUnderTheBasePath() {
        #expect(problem("/catalogue/groups/news/") == nil)
        #expect(problem("/catalogue/") == nil)
        #expect(problem("/groups/news/")?.contains("outside the site's base path `/catalogue/`") == true)
        #expect(problem("/groups/news/", base: "/") == nil)
    }

    @Test func absoluteLinksBelowTheBaseURLAreChecked() {
        #expect(problem("https://example.org/catalogue/skills/a/") == nil)
        #expect(problem("https://example.org/catalogue/skills/b/") == "nothing is generated at `skills/b/index.html`")
        #expect(problem("https://elsewhere.example/x") == nil)
        #expect(problem("mailto:someone@example.org") == nil)
        #expect(problem("//cdn.example/x.css") == nil)
        #expect(problem("#top") == nil)
    }

    @Test func referencesSkipScriptsCommentsAndText() {
        let html = """
            <!DOCTYPE html><html><head><link rel="stylesheet" href="a.css">
            <script type="application/ld+json">{"x":"<a href=\\"nope.html\\">"}</script>
            <!-- <a href="commented.html"> -->
            </head><body><p>Say href="text.html" aloud</p>
            <a class=x href=unquoted.html>u</a><img alt="" src='single.png' srcset="s1.png 1x, s2.png 2x">
            <form action="send/"><a href="amp?a=1&amp;b=2">q</a></form></body></html>
            """
        #expect(
            LinkCheck.references(in: Data(html.utf8)) == [
                "a.css", "unquoted.html", "single.png", "s1.png", "s2.png", "send/", "amp?a=1&b=2",
            ])
        let sitemap =
            "<?xml version=\"1.0\"?><urlset><url><loc>https://example.org/a/?x=1&amp;y=2</loc></url><url><loc>\n b/ </loc></url></urlset>"
        #expect(LinkCheck.references(in: Data(sitemap.utf8)) == ["https://example.org/a/?x=1&y=2", "b/"])
    }

    @Test func aBrokenLinkFailsTheBuildNamingPageAndLink() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        site.template(
            "group.mustache", "{{<layout}}{{$main}}<a href=\"{{root}}no-such-page/\">x</a>{{/main}}{{/layout}}")
        do {
            try site.build(templates: site.templates)
            Issue.record("the build should fail on a broken link")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(
                messages.contains {
                    $0.hasPrefix("Public/groups/g/index.html: error: broken link `../../no-such-page/`")
                }, "\(messages)")
            #expect(!site.exists("index.html"), "nothing written")
        }
    }

    /// The sitemap and the feed are made from the page paths, so no content breaks a link in
    /// them; one put there (through the build's hook) still fails the build, naming the file,
    /// and nothing is written. The check of these two files runs beside the pages' render, apart
    /// from every other check: without this a build that skipped it would pass every test.
    @Test(arguments: [("sitemap.xml", "</urlset>"), ("feed.xml", "</feed>")])
    func aBrokenLinkInTheSitemapOrTheFeedFailsTheBuild(file: String, end: String) throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G", created: "2024-01-02")
        site.skill("g/y", name: "Y", group: "G", created: "2024-01-03")
        var options = site.options(baseURL: "https://example.org/")
        options.batchSize = 2
        let broken =
            file == "feed.xml"
            ? "<link href=\"https://example.org/gone/\"/>" : "<url><loc>https://example.org/gone/</loc></url>"
        options.otherFiles = { files in
            files.map { made in
                guard made.path == file, case .data(let data) = made.contents else { return made }
                let text = String(decoding: data, as: UTF8.self)
                return OutputFile(path: made.path, text: text.replacingOccurrences(of: end, with: broken + end))
            }
        }
        let output = MemoryOutput()
        do {
            _ = try SiteBuilder.build(options, into: output)
            Issue.record("the build should fail on a broken link in \(file)")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(
                messages.contains {
                    $0.hasPrefix(
                        "Public/\(file): error: broken link `https://example.org/gone/`: nothing is generated at `gone/index.html`"
                    )
                }, "\(messages)")
        }
        #expect(output.files.isEmpty, "nothing written")
        // Without the hook the same site builds, with the file the hook broke.
        options.otherFiles = nil
        try site.build(options)
        #expect(try site.read(file).contains(end))
    }

    @Test func linksFromTheRootAndFromThePageGiveTheSameVerdicts() {
        var config = SiteConfig()
        config.baseURL = "https://example.org/catalogue/"
        let files = [
            OutputFile(
                path: "a/b/index.html",
                text: """
                    <a href="../../x/">root</a><a href="c/">below</a><a href="../../../x/">above</a>
                    <a href="/catalogue/x/">base path</a><a href="https://example.org/catalogue/a/b/c/">base URL</a>
                    <a href="../../x//">double</a><a href="../../a/./b/c/">dot</a><a href="../../y/">missing</a>
                    """),
            OutputFile(path: "x/index.html", text: "<a href=\"../a/b/\">up</a><a href=\"../a/b\">folder</a>"),
            OutputFile(path: "a/b/c/index.html", text: ""),
            // At the root the way back is empty: absolute links are still taken from the base.
            OutputFile(
                path: "sitemap.xml",
                text: "<url><loc>https://example.org/catalogue/x/</loc></url><url><loc>/catalogue/z/</loc></url>"),
        ]
        let broken = LinkCheck.check(files, config: config).map { "\($0.page) \($0.link)" }
        #expect(
            broken == [
                "a/b/index.html ../../../x/", "a/b/index.html ../../y/", "sitemap.xml /catalogue/z/",
                "x/index.html ../a/b",
            ])
        #expect(LinkCheck.fromRoot("https://example.org/catalogue/x/", rootPrefix: "", config: config) == "x/")
        #expect(LinkCheck.fromRoot("/catalogue/x/", rootPrefix: "", config: config) == "x/")
        #expect(LinkCheck.fromRoot("x/", rootPrefix: "", config: config) == "x/")
        #expect(LinkCheck.fromRoot("../../x/", rootPrefix: "../../", config: config) == "x/")
        #expect(LinkCheck.fromRoot("../../../x/", rootPrefix: "../../", config: config) == nil)
        #expect(LinkCheck.fromRoot("../../x//y", rootPrefix: "../../", config: config) == nil)
        #expect(LinkCheck.fromRoot("mailto:a@b", rootPrefix: "", config: config) == nil)
    }

    @Test func manyPagesWithTheSameBrokenLinkMakeOneDiagnostic() {
        let page = OutputFile(path: "a/index.html", text: "<a href=\"../missing/\">x</a>")
        let other = OutputFile(path: "b/index.html", text: "<a href=\"../missing/\">x</a>")
        let diagnostics = LinkCheck.diagnostics([page, other], config: SiteConfig(), outputDisplay: "Public")
        #expect(
            diagnostics.map(\.description) == [
                "Public/a/index.html: error: broken link `../missing/`: nothing is generated at `missing/index.html` (and 1 more link like it)"
            ])
    }
}

/// Serves the built site, in thought, under https://example.org/catalogue/ and follows every
/// reference with Foundation's own URL resolution, independent of `LinkCheck`.
@Suite struct SubPathDeployTests {
    static let base = "https://example.org/catalogue/"

    func fixture() -> TestSite {
        let site = TestSite()
        site.write("site.yml", "title: Sub-path\nbase_url: \(Self.base)\npage_size: 2\n")
        site.write("images/pic.png", data: SmallImage.png)
        site.write("images/grüße.png", data: SmallImage.png)
        site.write("static/favicon.ico", "ico")
        site.skill(
            "news/headlines", name: "Headlines", group: "News", author: "Ann Author", created: "2019-03-01",
            image: "images/pic.png")
        site.skill("news/digest", name: "Digest", group: "News", author: "Ann Author", created: "2021-07-04")
        site.skill(
            "news/more", name: "More News", group: "News", language: "de", created: "2020-01-01",
            image: "images/grüße.png")
        site.skill(
            "wetter/grüße", name: "Grüße aus Köln", group: "Wetter & Klima", language: "de", author: "Jürgen Groß")
        site.skill(
            "wetter/forecast", name: "Forecast", group: "Wetter & Klima", image: "https://images.example.net/f.png")
        site.write(
            "ratings/counts.json",
            """
            {"news/headlines": {"one_star": 0, "two_star": 0, "three_star": 1, "four_star": 3, "five_star": 5},
             "news/digest": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 0, "five_star": 1},
             "wetter/grüße": {"one_star": 1, "two_star": 0, "three_star": 0, "four_star": 0, "five_star": 0}}
            """)
        return site
    }

    /// The file a URL on example.org/catalogue/ would be served from, or why there is none.
    func target(_ url: URL) -> String? {
        let path = url.path(percentEncoded: false)
        guard path.hasPrefix("/catalogue/") || path == "/catalogue" else { return nil }
        var file = String(path.dropFirst("/catalogue/".count))
        if url.absoluteString.hasSuffix("/") || file.isEmpty || url.hasDirectoryPath {
            file += file.isEmpty || file.hasSuffix("/") ? "index.html" : "/index.html"
        }
        return file
    }

    func references(in text: String) -> [String] {
        // Script bodies (JSON-LD) hold no references.
        let stripped = text.replacingOccurrences(
            of: "<script[^>]*>[\\s\\S]*?</script>", with: "", options: .regularExpression)
        let regex = try? NSRegularExpression(pattern: "\\s(?:href|src|action)\\s*=\\s*\"([^\"]*)\"")
        let ns = stripped as NSString
        return (regex?.matches(in: stripped, range: NSRange(location: 0, length: ns.length)) ?? []).map {
            ns.substring(with: $0.range(at: 1)).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// Checks every reference of every page, served at `served(page)`; returns the problems.
    func brokenReferences(in site: TestSite) throws -> [String] {
        let files = Set(site.outputFiles())
        var problems: [String] = []
        var checked = 0
        for page in files.sorted() where page.hasSuffix(".html") || page.hasSuffix(".xml") {
            // The 404 page is served at any missing address, however deep.
            let servedPath = page == "404.html" ? "some/missing/deep/page" : Slug.encodeForHref(page)
            let pageURL = try #require(URL(string: Self.base + servedPath))
            let text = try site.read(page)
            var refs = references(in: text)
            if page.hasSuffix(".xml") {
                refs += text.components(separatedBy: "<loc>").dropFirst().compactMap {
                    $0.components(separatedBy: "</loc>").first
                }
            }
            for ref in refs {
                // Same-document references ("", "#main") need no file.
                if ref.isEmpty || ref.hasPrefix("#") { continue }
                // Absolute URLs elsewhere (authors' sites) are external, even on the same host.
                if ref.contains("://") && !ref.hasPrefix(Self.base) { continue }
                guard let url = URL(string: ref, relativeTo: pageURL)?.absoluteURL else {
                    problems.append("\(page): unparsable reference \(ref)")
                    continue
                }
                guard url.scheme == "https" || url.scheme == "http" else { continue }
                checked += 1
                guard let file = target(url) else {
                    problems.append("\(page): \(ref) → \(url.absoluteString) lies outside /catalogue/")
                    continue
                }
                if !files.contains(file) { problems.append("\(page): \(ref) → \(file) does not exist") }
            }
        }
        #expect(checked > 100, "the check followed \(checked) references")
        return problems
    }

    @Test func everyInternalReferenceResolvesUnderTheSubPath() throws {
        let site = fixture()
        try site.build()
        let broken = try brokenReferences(in: site)
        #expect(broken.isEmpty, "\(broken.prefix(20).joined(separator: "\n"))")
        // What the fixture is meant to exercise is really there.
        let files = Set(site.outputFiles())
        for path in [
            "groups/news/page/2/index.html", "newest/page/2/index.html", "feed.xml",
            "sitemap.xml", "media/images/grüße.png", "favicon.ico", "404.html", "languages/de/index.html",
            "authors/jürgen-groß/index.html", "api/groups/wetter-klima.json",
        ] {
            #expect(files.contains(path), "\(path) missing")
        }
        let notFound = try site.read("404.html")
        #expect(notFound.contains("href=\"/catalogue/groups/news/\""))
        // The check itself notices a link that would break under the sub-path.
        site.built["groups/extra.html"] = Data("<a href=\"/groups/news/\">x</a><img src=\"../missing.png\">".utf8)
        #expect(try brokenReferences(in: site).count == 2)
    }

    @Test func theSampleCatalogueWorksUnderTheSubPath() throws {
        let content = TestSite.repository.appendingPathComponent("Content")
        try #require(
            FileManager.default.fileExists(atPath: content.path), "the sample catalogue is part of the repository")
        let site = try TestSite(copying: content)
        let report = try site.build(baseURL: Self.base)
        // The rating form's endpoint is answered by a server, not a file (the sample sets one).
        #expect(report.pages > 50)
        let broken = try brokenReferences(in: site).filter { !$0.hasSuffix("api/ratings does not exist") }
        #expect(broken.isEmpty, "\(broken.prefix(20).joined(separator: "\n"))")
    }
}
