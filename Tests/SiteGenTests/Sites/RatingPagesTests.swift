import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Star rows and charts in built pages: a fixture site with many, one and no ratings, and (for
/// the listing test) a group of 300 skills.
@Suite struct RatingPagesTests {
    func build(siteYML: String = "title: Ratings\n", crowd: Int = 0) throws -> TestSite {
        let site = TestSite()
        func skill(_ id: String, _ name: String, _ group: String) {
            site.write("skills/\(id).md", "---\nname: \(name)\ngroup: \(group)\n---\nAbout \(name).\n")
        }
        skill("food/many", "Many", "Food")
        skill("food/one", "One", "Food")
        skill("food/none", "None", "Food")
        var counts = [
            "\"food/many\": {\"one_star\": 61, \"two_star\": 48, \"three_star\": 198, \"four_star\": 1106, \"five_star\": 1875}",
            "\"food/one\": {\"four_star\": 1}",
        ]
        for n in 0..<crowd {
            skill("crowd/s\(n)", "Skill \(1000 + n)", "Crowd")
            counts.append(
                "\"crowd/s\(n)\": {\"one_star\": \(n % 7), \"three_star\": \(n % 5), \"five_star\": \(n % 11 + 1)}")
        }
        site.write("ratings/counts.json", "{\(counts.joined(separator: ",\n"))}")
        site.write("site.yml", siteYML)
        try site.build()
        return site
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func skillPageWithManyRatings() throws {
        let site = try build()
        // The skill's own part: related skills' cards below it show their own ratings.
        let html = try site.read("skills/food/many/index.html").skillArticle
        #expect(html.contains("<p class=\"rating-big-number\">4.4</p>"))
        #expect(html.contains("<p class=\"rating-big-count\">3,288 ratings</p>"))
        #expect(html.contains("Rated 4.4 out of 5 by 3,288 users"))
        #expect(count("<svg class=\"stars stars-large\"", in: html) == 2, "header and chart use the large row")
        #expect(count("<table class=\"rating-chart\">", in: html) == 1)
        #expect(html.contains("1,875<span aria-hidden=\"true\"> (57%)</span>"))
        #expect(!html.contains("Not rated yet"))
        #expect(html.contains(":root{--bar-5:#2e7d32;"), "the chart colours are in the page")
    }

    @Test func skillPageWithOneRating() throws {
        let site = try build()
        let html = try site.read("skills/food/one/index.html")
        #expect(html.contains("<p class=\"rating-big-count\">1 rating</p>"))
        #expect(html.contains("Rated 4.0 out of 5 by 1 user"))
        #expect(html.contains("<rect class=\"bar-fill\" width=\"100%\""))
        #expect(count("<rect class=\"bar-fill\"", in: html) == 1, "empty levels draw only their track")
        #expect(count("<rect class=\"bar-track\"", in: html) == 5)
    }

    @Test func unratedSkillWithoutAFormPromisesNothing() throws {
        let site = try build()
        let html = try site.read("skills/food/none/index.html").skillArticle
        #expect(html.contains("<p class=\"not-rated-block\">Not rated yet.</p>"))
        #expect(!html.contains("Be the first"), "there is no form to rate it with")
        #expect(!html.contains("rating-chart"))
        #expect(!html.contains("class=\"stars"))
    }

    @Test func unratedSkillWithAFormInvitesAVote() throws {
        let site = try build(siteYML: "title: Ratings\nrating_form:\n  endpoint: /api/ratings\n")
        let html = try site.read("skills/food/none/index.html")
        #expect(html.contains("Not rated yet. Be the first to rate this skill!"))
        #expect(html.contains("<form"))
    }

    @Test func listingWithHundredsOfRowsHasNoSVGIds() throws {
        let site = try build(siteYML: "home_cards: 400\n", crowd: 300)
        // With `home_cards` this high the home page lists every skill of every group.
        let html = try site.read("index.html")
        #expect(count("<svg class=\"stars\"", in: html) >= 300)
        // Ids in the page are unique, and none comes from a star row.
        let ids = html.components(separatedBy: " id=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        for svg in html.components(separatedBy: "<svg").dropFirst() {
            let element = svg.components(separatedBy: "</svg></svg>").first ?? svg
            #expect(!element.contains(" id="))
        }
    }

    @Test func configuredRowsReachEveryPage() throws {
        let site = try build(siteYML: "stars:\n  count: 10\n  symbol: heart\n  size: 20\n  granularity: 1\n")
        let card = try site.read("groups/food/index.html")
        // 10 hearts of 20 px with 2 px gaps; the 4.4 average is 8.8 of 10, shown as 9 whole hearts.
        #expect(card.contains("<svg class=\"stars\" width=\"218\" height=\"20\" viewBox=\"0 0 218 20\""))
        let many = card.components(separatedBy: "<svg class=\"stars\"").dropFirst().first.map { String($0) } ?? ""
        #expect(many.contains("<svg class=\"stars-fill\" width=\"196\""), "9 hearts: 8 × 22 + 20")
        let skill = try site.read("skills/food/many/index.html")
        #expect(
            skill.contains("<svg class=\"stars stars-large\" width=\"327\" height=\"30\""), "1.5 ×: 10 × 30 + 9 × 3")
    }
}
