import CatalogueModel

extension SusiMirror {
    /// The group SUSI's metrics list by default, and the Android app reads (fossasia/susi_server
    /// SkillMetricsDataService.java:216-218; susi_android `Metrics.kt:5-14`).
    static let defaultMetricGroups = "Games, Trivia and Accessories"
    /// The most groups `metrics` lists; more names are passed over.
    static let maxMetricGroups = 20

    /// `getSkillMetricsData.json` (SkillMetricsDataService.java): the first `count` (default 10)
    /// skills of `model` in `group` and `language` by each of SUSI's orders. As SUSI does, each
    /// order sorts the list the one before it left (`newest`, `latest`, `rating`, `usage`,
    /// `feedback`), so ties keep the earlier order; then the staff picks, the system skills and
    /// each group `metrics` names (`;` between them), each by `rating`. No `reviewed` filter, as SUSI.
    func metrics(_ query: SusiQuery) -> SusiAnswer {
        let model = query.given("model") ?? "general"
        let group = query.given("group") ?? "All"
        let language = query.given("language") ?? "en"
        var count = 10
        if let text = query.given("count") {
            guard let number = Int(text) else { return .refusal(400, "`count` must be a whole number.") }
            guard number >= 0 else { return .refusal(422, "Invalid count value. It should be positive.") }
            count = min(number, SusiQuery.largestNumber)
        }
        let entries = catalogue.entries
        let found = self.entries(model: model, group: group, languages: Self.languages(language))
        var list = found
        var metrics: [(String, JSONOutput)] = []
        func add(_ name: String, _ indices: [Int]) {
            metrics.append((name, .array(indices.prefix(count).map { objects[$0] })))
        }
        for (name, order) in [
            ("newest", SusiOrder.creationDate), ("latest", .modifiedDate), ("rating", .rating), ("usage", .usage),
            ("feedback", .feedback),
        ] {
            list = order.sorted(list, of: entries, ascending: false)
            add(name, list)
        }
        let statuses = found.map { JSONAPI.status(of: entries[$0], config: catalogue.config) }
        add(
            "staffPicks",
            SusiOrder.rating.sorted(
                zip(found, statuses).filter { $1.staffPick }.map(\.0), of: entries, ascending: false))
        add("systemSkills", zip(found, statuses).filter { $1.systemSkill }.map(\.0))
        let named = (query.given("metrics") ?? Self.defaultMetricGroups).split(separator: ";").map {
            $0.trimmingWhitespace()
        }
        // Each group once, and as many as a page shows rows: every name costs a sort.
        var seen = Set(metrics.map(\.0))
        for name in named.prefix(Self.maxMetricGroups) where !name.isEmpty && seen.insert(name).inserted {
            add(
                name,
                SusiOrder.rating.sorted(found.filter { entries[$0].skill.group == name }, of: entries, ascending: false)
            )
        }
        return SusiAnswer(
            .object([
                ("accepted", .bool(true)), ("model", .string(model)), ("group", .string(group)),
                ("language", .string(language)), ("metrics", .object(metrics)),
                ("message", .string("Success: Fetched skill data based on metrics")),
            ]))
    }
}
