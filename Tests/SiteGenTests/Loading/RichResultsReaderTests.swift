import Testing

@testable import CatalogueModel
@testable import ContentLoading

@Suite struct RichResultsReaderTests {
    func read(_ yaml: String) -> (RichResults, [String]) {
        var log = DiagnosticLog()
        let config = SiteConfigReader.read(yaml, path: "Content/site.yml", &log)
        return (config.richResults, log.items.map(\.description))
    }

    @Test func defaultsAreFreeInDollarsWithNothingElseSaid() {
        let (rich, messages) = read("title: T\n")
        #expect(messages.isEmpty)
        #expect(rich == RichResults())
        #expect(rich.priceHundredths == 0 && rich.currency == "USD" && rich.operatingSystem == nil)
    }

    @Test func everyKeyIsRead() {
        let (rich, messages) = read(
            """
            rich_results:
              price: 12.99
              currency: GBP
              operating_system: "  Android, iOS "
              application_category: HomeApplication
              categories:
                "Games, Trivia and Accessories": EducationalApplication
                Mine: HealthApplication

            """)
        #expect(messages.isEmpty, "\(messages)")
        #expect(rich.priceHundredths == 1299)
        #expect(rich.priceText == "12.99")
        #expect(rich.currency == "GBP")
        #expect(rich.operatingSystem == "Android, iOS")
        #expect(rich.category(ofGroup: "Games, Trivia and Accessories") == "EducationalApplication", "site.yml first")
        #expect(rich.category(ofGroup: "Mine") == "HealthApplication")
        #expect(rich.category(ofGroup: "Weather") == "UtilitiesApplication", "SUSI's group")
        #expect(rich.category(ofGroup: "Elsewhere") == "HomeApplication", "the default")
    }

    @Test(arguments: [
        ("rich_results:\n  price: -1\n", "Content/site.yml:2:10: error: `rich_results.price` must be 0 (free)"),
        ("rich_results:\n  price: 4.999\n", "Content/site.yml:2:10: error: `rich_results.price` must be 0 (free)"),
        ("rich_results:\n  price: free\n", "Content/site.yml:2:10: error: `price` must be a number"),
        ("rich_results:\n  currency: euro\n", "Content/site.yml:2:13: error: `rich_results.currency` must be"),
        ("rich_results:\n  currency: US$\n", "Content/site.yml:2:13: error: `rich_results.currency` must be"),
        (
            "rich_results:\n  application_category: GameApp\n",
            "Content/site.yml:2:25: error: `rich_results.application_category`: `GameApp` is not an app type"
        ),
        (
            "rich_results:\n  categories:\n    Games: gameapplication\n",
            "Content/site.yml:3:12: error: `rich_results.categories`: `gameapplication` is not an app type Google's software-app result takes; did you mean `GameApplication`?"
        ),
        (
            "rich_results:\n  categories:\n    Games: [a, b]\n",
            "Content/site.yml:3:12: error: `rich_results.categories` gives each group an app type"
        ),
        (
            "rich_results:\n  prise: 1\n",
            "Content/site.yml:2:3: warning: unknown rich_results key `prise`; did you mean `price`?"
        ),
        ("rich_results: 3\n", "Content/site.yml:1:15: error: `rich_results` must be a mapping"),
    ])
    func mistakesNameTheirLine(yaml: String, message: String) {
        let (rich, messages) = read(yaml)
        #expect(messages.count == 1 && messages[0].hasPrefix(message), "\(messages)")
        #expect(rich.priceHundredths == 0 && rich.currency == "USD", "a refused value leaves the default")
        #expect(rich.categories.isEmpty && rich.applicationCategory == nil)
    }
}
