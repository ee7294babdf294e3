/// `rich_results` in site.yml: what skill pages tell search engines besides the page's own
/// numbers, as schema.org `SoftwareApplication` data (`JSONLD`). Google's software-app rich result
/// needs `offers.price` (0 for a free app) beside `aggregateRating`, and recommends
/// `applicationCategory`, one of the app types listed here, and `operatingSystem` (docs/configuration.md).
public struct RichResults: Sendable, Equatable {
    /// `price`, in hundredths of `currency`: 0, the default, for free skills.
    public var priceHundredths = 0
    /// `currency`: an ISO 4217 code.
    public var currency = "USD"
    /// `operating_system`: what the skills run on ("SUSI.AI, Android, iOS, web"); nil says nothing.
    public var operatingSystem: String?
    /// `application_category`: the app type of skills in a group that neither `categories` nor
    /// SUSI's group names give one; nil leaves them without.
    public var applicationCategory: String?
    /// `categories`: the app type by group name.
    public var categories: [String: String] = [:]

    public init() {}

    /// The app types Google's software-app rich result takes for `applicationCategory`.
    public static let appTypes: Set<String> = [
        "GameApplication", "SocialNetworkingApplication", "TravelApplication", "ShoppingApplication",
        "SportsApplication", "LifestyleApplication", "BusinessApplication", "DesignApplication",
        "DeveloperApplication", "DriverApplication", "EducationalApplication", "HealthApplication",
        "FinanceApplication", "SecurityApplication", "BrowserApplication", "CommunicationApplication",
        "DesktopEnhancementApplication", "EntertainmentApplication", "MultimediaApplication", "HomeApplication",
        "UtilitiesApplication", "ReferenceApplication",
    ]

    /// The app type of each group of SUSI's skill repository, so a SUSI catalogue has them unset.
    static let susiGroups: [String: String] = [
        "Analytics": "BusinessApplication", "Business and Finance": "FinanceApplication",
        "Communication": "CommunicationApplication", "Connected Car": "DriverApplication",
        "Education and Reference": "EducationalApplication", "Food and Drink": "LifestyleApplication",
        "Games, Trivia and Accessories": "GameApplication", "Health and Fitness": "HealthApplication",
        "Knowledge": "ReferenceApplication", "Lifestyle": "LifestyleApplication",
        "Movies and TV": "EntertainmentApplication", "Music and Audio": "MultimediaApplication",
        "News": "ReferenceApplication", "Novelty and Humour": "EntertainmentApplication",
        "Problem Solving": "UtilitiesApplication", "Productivity": "BusinessApplication",
        "Shopping": "ShoppingApplication", "Smart Home": "HomeApplication", "Social": "SocialNetworkingApplication",
        "Sports": "SportsApplication", "Travel and Transportation": "TravelApplication",
        "Utilities": "UtilitiesApplication", "Weather": "UtilitiesApplication",
    ]

    /// A group's app type: site.yml's for it, else SUSI's, else the site's default.
    public func category(ofGroup group: String) -> String? {
        categories[group] ?? Self.susiGroups[group] ?? applicationCategory
    }

    /// The price as a decimal written with a `.`: whole ("0", "12") or to the cent ("4.99", "12.50").
    public var priceText: String {
        priceHundredths % 100 == 0
            ? String(priceHundredths / 100) : String.decimal(priceHundredths, fractionDigits: 2)
    }
}
