import Testing

/// A listing with nothing in it (Top rated without votes, Newest without dates) is not offered in
/// the navigation or the sitemap; its page stays, saying why it is empty, for anyone who has its
/// address from before.
@Suite struct EmptyListingsTests {
    static let navItems = [
        ("Top rated", "top-rated/"), ("Most rated", "most-rated/"), ("Newest", "newest/"),
        ("Authors", "authors/"),
    ]

    func site(votes: Bool, dates: Bool, authors: Bool = false) throws -> TestSite {
        let site = TestSite()
        site.write("site.yml", "title: Lists\nbase_url: https://example.org/\n")
        for name in ["alpha", "beta"] {
            let created = dates ? "created: 2024-03-0\(name == "alpha" ? 1 : 2)\n" : ""
            let author = authors ? "author: Ann\n" : ""
            site.write(
                "skills/tools/\(name).md", "---\nname: \(name)\ngroup: tools\n\(created)\(author)---\nAbout \(name).\n")
        }
        if votes { site.write("ratings/counts.json", "{\"tools/alpha\": {\"five_star\": 3}}") }
        try site.build()
        return site
    }

    @Test func aCatalogueWithoutVotesOrDatesOffersNoEmptyListing() throws {
        let site = try site(votes: false, dates: false)
        for page in ["index.html", "skills/tools/alpha/index.html", "groups/index.html"] {
            let html = try site.read(page)
            for (label, path) in Self.navItems {
                #expect(!html.contains(">\(label)</a>"), "\(page) links to \(label)")
                #expect(!html.contains("\(path)\""), "\(page) links to \(path)")
            }
            #expect(html.contains(">Groups</a>") && html.contains(">Languages</a>"))
        }
        let sitemap = try site.read("sitemap.xml")
        for (_, path) in Self.navItems { #expect(!sitemap.contains("https://example.org/\(path)<")) }
        #expect(sitemap.contains("https://example.org/skills/tools/alpha/<"))
        #expect(try site.read("top-rated/index.html").contains("No skill has been rated yet."))
        #expect(try site.read("most-rated/index.html").contains("No skill has been rated yet."))
        #expect(try site.read("newest/index.html").contains("No skill says when it was added."))
        #expect(try site.read("authors/index.html").contains("No skill names its author."))
    }

    @Test func listingsWithSkillsAreOffered() throws {
        let site = try site(votes: true, dates: true, authors: true)
        let html = try site.read("skills/tools/beta/index.html")
        for (label, path) in Self.navItems {
            #expect(html.contains("\(path)\">\(label)</a>"), "\(label) is linked")
        }
        let sitemap = try site.read("sitemap.xml")
        for (_, path) in Self.navItems { #expect(sitemap.contains("https://example.org/\(path)<")) }
    }

    @Test func votesWithoutDatesOfferTheRankingsButNotNewest() throws {
        let html = try site(votes: true, dates: false).read("index.html")
        #expect(html.contains(">Top rated</a>") && html.contains(">Most rated</a>"))
        #expect(!html.contains(">Newest</a>"))
    }
}
