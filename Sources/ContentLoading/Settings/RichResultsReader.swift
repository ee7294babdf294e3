import CatalogueModel

/// `rich_results` in site.yml: the price, platform and app types skill pages give search engines.
enum RichResultsReader {
    static let knownKeys = ["price", "currency", "operating_system", "application_category", "categories"]

    static func read(_ map: YAMLMapping, _ log: inout DiagnosticLog) -> RichResults {
        var results = RichResults()
        if let price = map.number("price", &log) {
            let hundredths = (price * 100).rounded()
            // A price is shown and sent as written: more than two decimals would be rounded on the way.
            if price >= 0, price <= 1_000_000, abs(price * 100 - hundredths) < 1e-6 {
                results.priceHundredths = Int(hundredths)
            } else {
                map.error(
                    &log, at: map.value("price"),
                    "`rich_results.price` must be 0 (free) or a price up to 1,000,000 with at most two decimals, like 4.99"
                )
            }
        }
        if let currency = map.string("currency", &log) {
            if currency.utf8.count == 3,
                currency.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            {
                results.currency = currency
            } else {
                map.error(
                    &log, at: map.value("currency"),
                    "`rich_results.currency` must be a three-letter ISO 4217 code in capitals, like USD or EUR")
            }
        }
        if let system = map.string("operating_system", &log) {
            let trimmed = system.trimmingWhitespace()
            if !trimmed.isEmpty { results.operatingSystem = trimmed }
        }
        if let category = map.string("application_category", &log) {
            if let type = appType(
                category, at: map.value("application_category"), in: map, key: "application_category", &log)
            {
                results.applicationCategory = type
            }
        }
        if let categories = map.mapping("categories", &log) {
            for pair in categories.pairs {
                guard let group = pair.key.string else { continue }
                guard let written = pair.value.string else {
                    categories.error(
                        &log, at: pair.value,
                        "`rich_results.categories` gives each group an app type, like `Games: GameApplication`")
                    continue
                }
                if let type = appType(written, at: pair.value, in: categories, key: "categories", &log) {
                    results.categories[group] = type
                }
            }
        }
        map.warnUnknownKeys(known: knownKeys, &log, what: "rich_results")
        return results
    }

    /// An app type Google's rich result takes; any other is an error that names the closest.
    private static func appType(
        _ written: String, at node: YAMLNode?, in map: YAMLMapping, key: String, _ log: inout DiagnosticLog
    ) -> String? {
        let type = written.trimmingWhitespace()
        if RichResults.appTypes.contains(type) { return type }
        var message =
            "`rich_results.\(key)`: `\(type.prefix(60))` is not an app type Google's software-app result takes"
        if let guess = Suggestion.closest(to: type, in: RichResults.appTypes.sorted()) {
            message += "; did you mean `\(guess)`?"
        } else {
            message += " (UtilitiesApplication, GameApplication, … in docs/configuration.md)"
        }
        map.error(&log, at: node, message)
        return nil
    }
}
