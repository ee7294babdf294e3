import CatalogueModel

/// `ranking`, `page_size`, `home_cards` and `group_order` in `site.yml`: how listings are ordered,
/// split into pages and previewed on the home page.
extension SiteConfigReader {
    static func readListingSettings(_ map: inout YAMLMapping, into config: inout SiteConfig, _ log: inout DiagnosticLog)
    {
        if let ranking = map.mapping("ranking", &log) {
            if let prior = ranking.number("prior_votes", &log) {
                if prior >= BayesianRanking.minimumPriorVotes && prior <= 1_000_000 {
                    config.priorVotes = prior
                } else {
                    // 0 (the plain average) used to be allowed; it lets one vote top the list.
                    ranking.error(
                        &log, at: ranking.value("prior_votes"),
                        "`ranking.prior_votes` must be a number of votes from 1 to 1000000 (below 1, a single 5-star vote would outrank a thousand votes averaging 4.5)"
                    )
                }
            }
            ranking.warnUnknownKeys(known: ["prior_votes"], &log, what: "ranking")
        }
        if let size = map.number("page_size", &log) {
            if size.rounded() == size, (1...10_000).contains(size) {
                config.pageSize = Int(size)
            } else {
                map.error(
                    &log, at: map.value("page_size"), "`page_size` must be a whole number of skills from 1 to 10000")
            }
        }
        if let cards = map.number("home_cards", &log) {
            if cards.rounded() == cards, (0...10_000).contains(cards) {
                config.homeCards = Int(cards)
            } else {
                map.error(
                    &log, at: map.value("home_cards"), "`home_cards` must be a whole number of skills from 0 to 10000")
            }
        }
        if let order = map.string("group_order", &log) {
            if let known = GroupOrder(rawValue: order) {
                config.groupOrder = known
            } else {
                let choices = GroupOrder.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                map.error(&log, at: map.value("group_order"), "`group_order` must be one of \(choices)")
            }
        }
    }
}
