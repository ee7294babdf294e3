import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Every path comes from `SiteURLs`: a site built with other folder and file names has its pages
/// where that scheme says, links that the build's own link check resolves, and nothing left at
/// the standard scheme's places.
@Suite struct URLSchemeTests {
    static var moved: SiteURLs {
        var urls = SiteURLs()
        urls.skills = "s/"
        urls.groups = "g/"
        urls.topRated = "best/"
        urls.mostRated = "popular/"
        urls.newest = "new/"
        urls.languages = "lang/"
        urls.authors = "by/"
        urls.media = "m/"
        urls.api = "data/"
        urls.assets = "theme/"
        urls.laterPages = "p/"
        urls.feed = "atom.xml"
        urls.sitemap = "map.xml"
        urls.notFound = "missing.html"
        // A host that serves a folder as another file: the link check asks the scheme too.
        urls.indexFile = "main.html"
        return urls
    }

    static func render(_ urls: SiteURLs) throws -> (
        files: [String: String], config: SiteConfig, broken: [LinkCheck.Broken]
    ) {
        let loaded = ContentLoader.load(ContentLocation(root: FixtureSite.fixture("valid"), display: "Content"))
        var config = loaded.config
        let baseURL = config.baseURL
        config.urls = urls
        config.baseURL = baseURL
        // One skill per page, so listings have later pages.
        config.pageSize = 1
        var log = DiagnosticLog()
        let theme = Theme.load(directory: nil, display: "Templates", source: .disk, &log)
        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: config)
        let renderer = SiteRenderer(catalogue: catalogue, theme: theme, contentRoot: FixtureSite.fixture("valid"))
        let output = try renderer.render()
        let text = Dictionary(
            output.map { file -> (String, String) in
                guard case .data(let data) = file.contents else { return (file.path, "") }
                return (file.path, String(decoding: data, as: UTF8.self))
            }
        ) { a, _ in a }
        return (text, config, LinkCheck.check(output, config: config))
    }

    @Test func aSiteBuiltWithAnotherSchemeIsWhereTheSchemeSaysAndLinksResolve() throws {
        let (files, config, broken) = try Self.render(Self.moved)
        #expect(config.baseURL == "https://example.org/catalogue/")
        #expect(broken.isEmpty, "\(broken)")
        for path in [
            "main.html", "s/news/headline-finder/main.html", "g/news/main.html", "g/news/p/2/main.html",
            "best/main.html", "best/p/2/main.html", "popular/main.html", "new/main.html",
            "lang/main.html", "lang/en/main.html", "by/main.html", "missing.html",
            "m/images/headline-finder.png", "theme/style.css", "data/groups.json", "data/g/news.json",
            "data/s/news/headline-finder.json", "atom.xml", "map.xml", "robots.txt",
        ] {
            #expect(files[path] != nil, "\(path)")
        }
        let standard = [
            "skills/", "groups/", "top-rated/", "most-rated/", "newest/", "languages/", "authors/",
            "media/", "api/", "assets/", "feed.xml", "sitemap.xml", "404.html",
        ]
        for path in files.keys {
            #expect(!standard.contains { path.hasPrefix($0) }, "\(path) is at the standard scheme's place")
        }
        #expect(!files.keys.contains { $0.hasSuffix("index.html") })
        let skill = try #require(files["s/news/headline-finder/main.html"])
        #expect(
            skill.contains("<link rel=\"canonical\" href=\"https://example.org/catalogue/s/news/headline-finder/\">"))
        #expect(skill.contains("href=\"../../../best/\""))
        let style = TestSupport.hashedAsset("assets/style.css").dropFirst("assets/".count)
        #expect(skill.contains("href=\"../../../theme/\(style)\""))
        #expect(skill.contains("href=\"../../../atom.xml\""))
        #expect(skill.contains("href=\"../../../data/groups.json\""))
        let sitemap = try #require(files["map.xml"])
        #expect(sitemap.contains("<loc>https://example.org/catalogue/s/news/headline-finder/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/catalogue/best/p/2/</loc>"))
        #expect(!sitemap.contains("missing.html"))
        #expect(try #require(files["robots.txt"]).contains("Sitemap: https://example.org/catalogue/map.xml"))
        #expect(try #require(files["atom.xml"]).contains("href=\"https://example.org/catalogue/atom.xml\""))
    }

    /// The standard scheme is the one sitegen has always used.
    @Test func theStandardSchemeKeepsTheKnownPaths() throws {
        let (files, _, broken) = try Self.render(SiteURLs())
        #expect(broken.isEmpty, "\(broken)")
        for path in [
            "skills/news/headline-finder/index.html", "groups/news/page/2/index.html", "top-rated/index.html",
            "404.html", "assets/style.css", "api/skills/news/headline-finder.json", "api/groups/news.json",
            "media/images/headline-finder.png", "sitemap.xml", "feed.xml",
        ] {
            #expect(files[path] != nil, "\(path)")
        }
    }

    @Test func outputPathsAndPagePathsAreInverse() {
        let urls = Self.moved
        for page in ["", "s/a/b/", "best/p/3/"] {
            #expect(urls.page(ofOutput: urls.output(ofPage: page)) == page)
        }
        #expect(urls.page(ofOutput: urls.notFound) == nil)
        #expect(urls.root(from: "s/a/b/") == "../../../")
        #expect(urls.asset("assets/x/y.css") == "theme/x/y.css")
        #expect(urls.sitemapPart(2) == "map-2.xml")
    }

    /// `root(from:)` counts a path's segments by bytes; it must count what splitting the path
    /// into characters counts, with empty segments, non-ASCII ones, and a combining mark after
    /// a slash (one character with it, so no separator).
    @Test func aPathsSegmentsAreCountedAsSplittingCountsThem() {
        let pieces = ["/", "//", "a", "skills", "é", "\u{301}", "🙂", ".", "..", "%2F", " "]
        var random = SplitMix64(seed: 120)
        var nonASCII = 0
        for _ in 0..<5_000 {
            let path = pieces.randomlyJoined(upTo: 9, using: &random)
            if path.utf8.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
            let expected = path.split(separator: "/").count
            #expect(SiteURLs.segmentCount(path) == expected, "\(path.debugDescription)")
            #expect(Self.moved.root(from: path) == String(repeating: "../", count: expected))
        }
        #expect(SiteURLs.segmentCount("a/\u{301}b") == 1)
        #expect(nonASCII > 1_000)
    }

    /// What the base URL implies is kept as it is set, and follows it when it is set again.
    @Test func theBaseURLsHostAndPathFollowIt() {
        var urls = SiteURLs()
        #expect(!urls.hasHost && urls.basePath == "/")
        urls.baseURL = "https://example.org/catalogue/"
        #expect(urls.hasHost && urls.basePath == "/catalogue/")
        urls.baseURL = "HTTP://example.org"
        #expect(urls.hasHost && urls.basePath == "/")
        urls.baseURL = "/sub/"
        #expect(!urls.hasHost && urls.basePath == "/sub/")
        #expect(
            urls
                == {
                    var u = SiteURLs()
                    u.baseURL = "/sub/"
                    return u
                }())
    }

    /// Paths with and without characters to encode: the fast return of a path that needs none
    /// gives what encoding every byte gave.
    @Test(arguments: 0..<8) func hrefsEncodeAsByteByByte(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let path = OddText.make(&random)
            for keepingSlashes in [true, false] {
                #expect(
                    Slug.encodeForHref(path, keepingSlashes: keepingSlashes)
                        == Self.byteByByteHref(path, keepingSlashes: keepingSlashes), "\(path.debugDescription)")
            }
        }
    }

    /// `encodeForHref` as it was first written, every byte through the switch: the reference.
    static func byteByByteHref(_ path: String, keepingSlashes: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.append(byte)
            case 0x2F where keepingSlashes: out.append(byte)
            default: out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
