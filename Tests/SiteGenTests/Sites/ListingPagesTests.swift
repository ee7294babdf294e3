import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct ListingPagesTests {
    func site() -> TestSite {
        let site = TestSite()
        site.write("site.yml", "page_size: 2\nranking:\n  prior_votes: 5\n")
        for (i, name) in ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated() {
            site.skill("g/\(name.lowercased())", name: name, group: "G", author: "Ann", created: "2020-01-0\(i + 1)")
        }
        site.write(
            "ratings/counts.json",
            """
            {"g/alpha": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 0, "five_star": 1},
             "g/bravo": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 90, "five_star": 10},
             "g/charlie": {"one_star": 0, "two_star": 0, "three_star": 40, "four_star": 0, "five_star": 0}}
            """)
        return site
    }

    func cardNames(_ html: String) -> [String] {
        html.components(separatedBy: "class=\"card-title\"><a href=\"").dropFirst().compactMap {
            $0.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "</a>").first
        }
    }

    /// One sentence says how the list is ordered and links to the explanation, in the site's numbers.
    @Test func topRatedExplainsItsOrder() throws {
        let site = site()
        try site.build()
        for page in ["top-rated/index.html", "top-rated/page/2/index.html"] {
            let html = try site.read(page)
            #expect(
                html.contains(
                    "weighted by its number of ratings so that a few perfect votes cannot outrank many nearly perfect ones. <a href=\"#how-ranked\">How the order is worked out</a></p>"
                ), "\(page)")
            #expect(html.contains("<section class=\"how-ranked\" id=\"how-ranked\""), "\(page)")
            #expect(
                html.contains(
                    "score = (sum of its stars + 5 × 3) ÷ (its number of ratings + 5). A single 5-star rating scores 3.33;"
                ), "\(page)")
        }
        #expect(!(try site.read("most-rated/index.html")).contains("how-ranked"))
    }

    @Test func topRatedIsPaginatedWithPrevNextAndNumberedLinks() throws {
        let site = site()
        try site.build()
        let first = try site.read("top-rated/index.html")
        #expect(cardNames(first) == ["Bravo", "Alpha"])
        #expect(first.contains("<link rel=\"next\" href=\"../top-rated/page/2/\">"))
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("<span class=\"pager-current\" aria-current=\"page\">1</span>"))
        #expect(first.contains("<a href=\"../top-rated/page/2/\">2</a>"))
        // Cards show the plain average and count, never the score.
        #expect(
            first.contains(
                "<span class=\"rating-average\">4.1</span> <span class=\"rating-count\">(100 ratings)</span>"))
        let second = try site.read("top-rated/page/2/index.html")
        #expect(cardNames(second) == ["Charlie"])
        #expect(second.contains("<link rel=\"prev\" href=\"../../../top-rated/\">"))
        #expect(second.contains("<a rel=\"prev\" href=\"../../../top-rated/\">"))
        #expect(!second.contains("rel=\"next\""))
        #expect(!site.exists("top-rated/page/3/index.html"))
        #expect(!site.exists("top-rated/page/1/index.html"))
    }

    @Test func newestGroupAndAuthorListings() throws {
        let site = site()
        try site.build()
        #expect(cardNames(try site.read("newest/index.html")) == ["Echo", "Delta"])
        #expect(cardNames(try site.read("newest/page/3/index.html")) == ["Alpha"])
        #expect(cardNames(try site.read("most-rated/index.html")) == ["Bravo", "Charlie"])
        #expect(cardNames(try site.read("groups/g/page/3/index.html")) == ["Echo"])
        #expect(cardNames(try site.read("authors/ann/page/2/index.html")) == ["Charlie", "Delta"])
        #expect(try site.read("languages/index.html").contains("href=\"../languages/en/\">English</a>"))
        #expect(try site.read("groups/index.html").contains("href=\"../groups/g/\">G</a>"))
    }

    @Test func theNavigationMarksWhereYouAre() throws {
        let site = site()
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains("<a href=\"\" aria-current=\"page\">Home</a>"))
        #expect(home.contains("<a href=\"top-rated/\">Top rated</a>"))
        #expect(home.contains("<a href=\"newest/\">Newest</a>"))
        #expect(home.contains("<a href=\"groups/\">Groups</a>"))
        #expect(
            try site.read("top-rated/index.html").contains(
                "<a href=\"../top-rated/\" aria-current=\"page\">Top rated</a>"))
        #expect(
            try site.read("top-rated/page/2/index.html").contains(
                "<a href=\"../../../top-rated/\" aria-current=\"true\">Top rated</a>"))
        #expect(
            try site.read("skills/g/alpha/index.html").contains(
                "<a href=\"../../../groups/\" aria-current=\"true\">Groups</a>"))
        #expect(!(try site.read("404.html")).contains("aria-current"))
    }

    @Test func anEmptyCatalogueStillHasEveryPageTheNavigationLinksTo() throws {
        let site = TestSite()
        site.write("skills/.keep", "")
        site.write("site.yml", "allow_empty: true\n")
        try site.build(baseURL: "https://example.org/")
        #expect(try site.read("top-rated/index.html").contains("No skill has been rated yet."))
        #expect(try site.read("newest/index.html").contains("No skill says when it was added."))
        for path in [
            "groups/index.html", "languages/index.html", "authors/index.html", "most-rated/index.html",
            "api/groups.json",
        ] {
            #expect(site.exists(path), "\(path) missing")
        }
        #expect(!site.exists("feed.xml"), "a feed needs a dated skill for its date")
    }

    @Test func theHomePageShowsEachGroupsBestAndLinksToTheRest() throws {
        let site = site()
        site.skill("h/solo", name: "Solo", group: "H", author: "Bo", created: "2020-02-01")
        site.write("site.yml", "home_cards: 3\nranking:\n  prior_votes: 5\n")
        try site.build()
        let home = try site.read("index.html")
        // Top rated order first (Bravo's 100 votes beat Alpha's single 5), then unrated by name.
        #expect(cardNames(home) == ["Bravo", "Alpha", "Charlie", "Solo"])
        #expect(home.contains("<a href=\"groups/g/\">See all 5 skills in G</a>"))
        #expect(!home.contains("See all 1 skill"), "a group that is shown whole has no link to the rest")

        site.write("site.yml", "home_cards: 0\n")
        try site.build()
        let bare = try site.read("index.html")
        #expect(cardNames(bare).isEmpty)
        #expect(!bare.contains("<ul class=\"cards\">"), "no empty list")
        #expect(bare.contains("<a href=\"groups/h/\">See all 1 skill in H</a>"))
    }

    @Test func highlightsFollowTopRatedThenNames() throws {
        let site = site()
        let loaded = site.load()
        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
        let topRated = CatalogueListings(catalogue).topRated
        func names(_ count: Int) -> [[String]] {
            Listings.highlights(catalogue.groups, topRated: topRated, count: count).map { $0.map(\.skill.name) }
        }
        #expect(names(4) == [["Bravo", "Alpha", "Charlie", "Delta"]])
        #expect(names(99) == [["Bravo", "Alpha", "Charlie", "Delta", "Echo"]])
        #expect(names(0) == [[]])
    }

    @Test func listingSettingsAreValidated() throws {
        let site = TestSite()
        site.write("site.yml", "page_size: 0\nhome_cards: 2.5\nranking:\n  prior_votes: -1\n  prior_vote: 3\n")
        let loaded = site.load()
        let messages = loaded.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("`page_size` must be a whole number") })
        #expect(
            messages.contains {
                $0.contains("site.yml:2:")
                    && $0.contains("`home_cards` must be a whole number of skills from 0 to 10000")
            })
        #expect(messages.contains { $0.contains("`ranking.prior_votes` must be a number") })
        #expect(messages.contains { $0.contains("unknown ranking key `prior_vote`; did you mean `prior_votes`?") })
    }

    /// 0 used to rank by the plain average, where one 5-star vote tops the list.
    @Test func aPriorBelowOneVoteIsRefused() throws {
        let site = TestSite()
        site.write("site.yml", "ranking:\n  prior_votes: 0\n")
        let loaded = site.load()
        #expect(
            loaded.diagnostics.map(\.description).contains(
                "Content/site.yml:2:16: error: `ranking.prior_votes` must be a number of votes from 1 to 1000000 (below 1, a single 5-star vote would outrank a thousand votes averaging 4.5)"
            ))
    }
}
