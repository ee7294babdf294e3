import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct JSONLDTests {
    static let hostile = "Evil </script><script>alert(1)</script> \u{2028} <!-- & x"

    /// The JSON inside the page's ld+json script element.
    func jsonLD(in html: String) throws -> String {
        let open = try #require(html.range(of: "<script type=\"application/ld+json\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test func fieldsCannotBreakOutOfTheScriptElement() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/\n")
        site.write(
            "skills/x/evil.json",
            """
            {"skill_name": "\(Self.hostile.replacingOccurrences(of: "\u{2028}", with: "\\u2028"))", "group": "G", "author": "a</script>b",
             "descriptions": "<!-- comment </SCRIPT >"}
            """)
        site.write(
            "ratings/counts.json",
            #"{"x/evil": {"one_star": 0, "two_star": 0, "three_star": 0, "four_star": 1, "five_star": 1}}"#)
        try site.build()
        let html = try site.read("skills/x/evil/index.html")
        #expect(html.components(separatedBy: "<script").count == 2, "exactly one script element")
        let json = try jsonLD(in: html)
        #expect(!json.contains("<"))
        #expect(!json.contains(">"))
        #expect(!json.contains("\u{2028}"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["name"] as? String == Self.hostile)
        #expect((object["author"] as? [String: Any])?["name"] as? String == "a</script>b")
        #expect(object["@type"] as? String == "SoftwareApplication")
        #expect(object["url"] as? String == "https://example.org/skills/x/evil/")
        let rating = try #require(object["aggregateRating"] as? [String: Any])
        #expect(rating["@type"] as? String == "AggregateRating")
        #expect(rating["ratingCount"] as? Int == 2)
        #expect((rating["ratingValue"] as? Double) == 4.5)
    }

    @Test func noAggregateRatingWithoutVotes() throws {
        let catalogue = Fixture.catalogue([Fixture.entry("a", name: "Unrated")])
        let entry = try #require(catalogue.entries.first)
        let json = JSONLD.skill(entry, description: "", url: nil, image: nil, rich: RichResults())
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["aggregateRating"] == nil)
        #expect(object["url"] == nil, "no absolute URL without a host")
        #expect(object["name"] as? String == "Unrated")
    }

    @Test func skillPagesCarryOpenGraphAndCanonical() throws {
        let site = TestSite()
        site.write("site.yml", "base_url: https://example.org/catalogue/\n")
        site.write("images/x.png", data: SmallImage.png)
        site.skill("g/x", name: "X & Y", group: "G", image: "images/x.png")
        try site.build()
        let html = try site.read("skills/g/x/index.html")
        #expect(html.contains(#"<link rel="canonical" href="https://example.org/catalogue/skills/g/x/">"#))
        #expect(html.contains(#"<meta property="og:url" content="https://example.org/catalogue/skills/g/x/">"#))
        #expect(html.contains(#"<meta property="og:title" content="X &amp; Y">"#))
        #expect(
            html.contains(#"<meta property="og:image" content="https://example.org/catalogue/media/images/x.png">"#))
    }

    /// Google's software-app result needs `offers.price` (0 when free) beside the rating, and
    /// takes only its listed app types as `applicationCategory`.
    @Test func offersAndAppTypesFollowSiteYmlAndThePageSaysTheSame() throws {
        let site = TestSite()
        site.write(
            "site.yml",
            """
            base_url: https://example.org/
            rich_results:
              price: 4.5
              currency: EUR
              operating_system: "SUSI.AI <web> & Android"
              application_category: UtilitiesApplication
              categories:
                Odd Things: GameApplication

            """)
        site.skill("g/odd", name: "Odd", group: "Odd Things")
        site.skill("g/know", name: "Know", group: "Knowledge")
        site.skill("g/other", name: "Other", group: "Unlisted")
        try site.build()
        var types: [String: String] = [:]
        for id in ["odd", "know", "other"] {
            let html = try site.read("skills/g/\(id)/index.html")
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(try jsonLD(in: html).utf8)) as? [String: Any])
            let offer = try #require(object["offers"] as? [String: Any])
            #expect(offer["@type"] as? String == "Offer")
            #expect(offer["price"] as? Double == 4.5)
            #expect(offer["priceCurrency"] as? String == "EUR")
            #expect(object["operatingSystem"] as? String == "SUSI.AI <web> & Android")
            types[id] = object["applicationCategory"] as? String
            #expect(html.contains("<dt>Price</dt><dd>4.50 EUR</dd>"))
            #expect(html.contains("<dt>Works with</dt><dd>SUSI.AI &lt;web&gt; &amp; Android</dd>"))
        }
        #expect(types == ["odd": "GameApplication", "know": "ReferenceApplication", "other": "UtilitiesApplication"])
    }

    @Test func aFreeSkillSaysPriceZeroAndFreeWithNoCategoryItCannotName() throws {
        let catalogue = Fixture.catalogue([Fixture.entry("a", name: "Plain")])
        let entry = try #require(catalogue.entries.first)
        let json = JSONLD.skill(entry, description: "", url: nil, image: nil, rich: RichResults())
        #expect(json.contains(#""offers":{"@type":"Offer","price":0,"priceCurrency":"USD"}"#), "\(json)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["applicationSubCategory"] as? String == entry.skill.group)
        #expect(object["applicationCategory"] == nil, "group G is no app type, and the site names none")
        #expect(object["operatingSystem"] == nil)

        let site = TestSite()
        site.write("site.yml", "language: de\nrich_results:\n  price: 1234.5\n")
        site.skill("g/x", name: "X", group: "G")
        try site.build()
        let html = try site.read("skills/g/x/index.html")
        #expect(html.contains("<dt>Preis</dt><dd>1.234,50 USD</dd>"), "German digits")
        #expect(!html.contains("Läuft mit"), "no platform without operating_system")
    }
}
