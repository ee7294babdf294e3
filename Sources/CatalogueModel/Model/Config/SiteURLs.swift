/// The site's URL scheme: every path a page, link, feed, sitemap entry or API file uses is built
/// here and nowhere else, so moving skill pages from `skills/` to `s/` is one edit (one value).
///
/// Site paths are relative to the site's root and end in `/` for pages (`skills/news/x/`, `""` for
/// the home page); a page is written to its folder's `index.html`. Links in pages start with the
/// page's `root(from:)` prefix, so the site works from any sub-path and from the file system.
public struct SiteURLs: Sendable, Equatable {
    /// Absolute (`https://example.org/catalogue/`) or a root path (`/`). Always ends in `/`.
    public var baseURL = "/" {
        didSet {
            hasHost = SafeURL.isHTTP(baseURL)
            basePath = Self.basePath(of: baseURL)
        }
    }
    /// The path part of the base URL (`/catalogue/`): the 404 page's root, which is served at
    /// any address, and what servers and sub-path checks strip. Kept as `baseURL` is set: the
    /// link check asks for every link.
    public private(set) var basePath = "/"
    /// Whether absolute URLs can be made (`https://host/…`); with a bare path (`/`) they cannot.
    /// Kept as `baseURL` is set: every page's social tags and badge snippets ask.
    public private(set) var hasHost = false

    // Folders, each ending in `/`.
    public var skills = "skills/"
    public var groups = "groups/"
    public var topRated = "top-rated/"
    public var mostRated = "most-rated/"
    public var newest = "newest/"
    public var languages = "languages/"
    public var authors = "authors/"
    /// Editors' collections (`collections` in site.yml), each at `collections/<slug>/`.
    public var collections = "collections/"
    /// Skill images copied from the content folder, under their content path.
    public var media = "media/"
    public var api = "api/"
    /// The theme's `assets/` folder.
    public var assets = "assets/"
    /// Below a listing, its later pages: `top-rated/page/2/`, as Hugo and Zola do.
    public var laterPages = "page/"

    // Files.
    public var feed = "feed.xml"
    public var sitemap = "sitemap.xml"
    public var robots = "robots.txt"
    /// Served for any missing path, so it has no folder of its own.
    public var notFound = "404.html"
    /// The file a page's folder is served as.
    public var indexFile = "index.html"
    /// A skill's rating badge, beside its page (no slug holds a `.`, so no skill's folder is named so).
    public var badgeFile = "badge.svg"
    public var reviewsFolder = "reviews/"

    public init() {}

    /// The scheme sitegen has always used; loaders key collisions by its paths.
    public static let standard = SiteURLs()

    // MARK: Pages

    public func skillPage(_ id: String) -> String { skills + Slug.path(id) + "/" }
    public func groupPage(_ name: String) -> String { groups + Slug.segment(name) + "/" }
    public func languagePage(_ code: String) -> String { languages + Slug.segment(code) + "/" }
    public func authorPage(_ name: String) -> String { authors + Slug.segment(name) + "/" }

    /// Page `number` (1-based) of the listing at `base`: the first page is the listing itself.
    public func listingPage(_ base: String, page number: Int) -> String {
        number <= 1 ? base : base + laterPages + "\(number)/"
    }

    /// The file a page is written to.
    public func output(ofPage path: String) -> String { path + indexFile }

    /// The page an output file is, for the sitemap (`skills/x/index.html` → `skills/x/`); nil for
    /// files that are not pages listed there (the 404 page, feeds, assets).
    public func page(ofOutput path: String) -> String? {
        guard path.hasSuffix(".html"), path != notFound else { return nil }
        if path == indexFile { return "" }
        if path.hasSuffix("/" + indexFile) { return String(path.dropLast(indexFile.count)) }
        return path
    }

    /// Whether a page sits below a section's folder (a skill page below `skills/`).
    public func isSkillPage(_ path: String) -> Bool { path.hasPrefix(skills) }

    // MARK: Files

    /// A skill image's copy, by its path in the content folder.
    public func media(_ contentPath: String) -> String { media + contentPath }
    /// A theme asset's copy, by its path in the theme folder (`assets/style.css`).
    public func asset(_ themePath: String) -> String {
        themePath.hasPrefix("assets/") ? assets + String(themePath.dropFirst("assets/".count)) : themePath
    }

    public func collectionPage(_ slug: String) -> String { collections + slug + "/" }

    public var apiGroups: String { api + "groups.json" }
    /// `api/groups/<group slug>.json`, named like the group's page.
    public func apiGroup(page groupPath: String) -> String { apiFile(groupPath) }
    /// `api/skills/<skill path>.json`, named like the skill's page.
    public func apiSkill(_ id: String) -> String { apiSkill(page: skillPage(id)) }
    /// The same from the skill's page path (`skillPage`), which a catalogue entry holds already.
    public func apiSkill(page skillPath: String) -> String { apiFile(skillPath) }

    /// `api/<page path without its final slash>.json`, made in one buffer: a plan names one per skill.
    private func apiFile(_ pagePath: String) -> String {
        var path = api
        path.reserveCapacity(api.utf8.count + pagePath.utf8.count + 4)
        path += pagePath.dropLast()
        path += ".json"
        return path
    }

    /// `skills/<skill path>/badge.svg`, from the skill's page path (`skillPage`).
    public func badge(page skillPath: String) -> String { skillPath + badgeFile }
    /// Page `number` of a skill's reviews: `skills/<id>/reviews/`, then `…/reviews/page/2/`.
    public func reviewsPage(page skillPath: String, number: Int = 1) -> String {
        listingPage(skillPath + reviewsFolder, page: number)
    }

    /// The numbered parts of a sitemap too large for one file (`sitemap-1.xml`).
    public func sitemapPart(_ number: Int) -> String {
        String(sitemap.dropLast(".xml".count)) + "-\(number).xml"
    }

    // MARK: Links

    /// A site path as it stands in an href: percent-encoded where it must be.
    public func href(_ path: String) -> String { Slug.encodeForHref(path) }

    /// "../../" from a page at `path` back to the site root.
    public func root(from path: String) -> String {
        String(repeating: "../", count: Self.segmentCount(path))
    }

    /// The non-empty segments between slashes, as `path.split(separator: "/").count` counts
    /// them. Bytes for an ASCII path (a page's, nearly always): splitting made an array of
    /// substrings three times per skill page. A slash followed by a combining mark is one
    /// character and no separator, so any other path is split as characters.
    static func segmentCount(_ path: String) -> Int {
        var count = 0
        var inSegment = false
        for byte in path.utf8 {
            if byte >= 0x80 { return path.split(separator: "/").count }
            if byte == 0x2F {
                inSegment = false
            } else if !inSegment {
                inSegment = true
                count += 1
            }
        }
        return count
    }

    /// The path part of `baseURL` (`/catalogue/`).
    static func basePath(of baseURL: String) -> String {
        guard let scheme = baseURL.range(of: "://") else { return baseURL }
        let afterHost = baseURL[scheme.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }

    /// Absolute URL of a site path (already href-encoded), for feeds, sitemaps and canonical links.
    public func absolute(_ href: String) -> String { baseURL + href }
}
