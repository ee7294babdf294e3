import CatalogueModel

extension SusiMirror {
    /// `getSkillList.json` (fossasia/susi_server ListSkillService.java): the skills of `model`
    /// (default `general`) in `group` (default `All`) and `language` (default `en`, a comma list),
    /// without unreviewed skills for `reviewed=true` and with only staff picks for
    /// `staff_picks=true` (:482-513). `skills` maps each tag to its object (SUSI's map, read by the
    /// iOS app); with `applyFilter=true`, `filteredData` lists them in the order `filter_type` and
    /// `filter_name` ask, filtered by `avg_rating`, `duration` and `q`, paged by `count` with
    /// `page` or `offset` (:254-370; read by the web client and the Android app).
    func skillList(_ query: SusiQuery, context: Context) -> SusiAnswer {
        let model = query.given("model") ?? "general"
        let group = query.given("group") ?? "All"
        let language = query.given("language") ?? "en"
        var flags: [String: Bool] = [:]
        for name in ["reviewed", "staff_picks"] {
            switch query.given(name)?.lowercased() ?? "false" {
            case "true": flags[name] = true
            case "false": flags[name] = false
            default: return .refusal(400, "Bad service call: `\(name)` must be true or false.")
            }
        }
        var numbers: [String: Int] = [:]
        for name in ["count", "page", "offset", "avg_rating", "duration"] {
            guard let text = query.given(name) else { continue }
            guard let number = Int(text) else { return .refusal(400, "`\(name)` must be a whole number.") }
            // Held to a range no catalogue needs more of, so `page * count` cannot overflow.
            numbers[name] = min(max(number, -SusiQuery.largestNumber), SusiQuery.largestNumber)
        }
        if let count = numbers["count"], count < 0 {
            return .refusal(422, "Invalid count value. It should be positive.")
        }
        let entries = catalogue.entries
        let collected = self.entries(model: model, group: group, languages: Self.languages(language)).filter { index in
            let status = JSONAPI.status(of: entries[index], config: catalogue.config)
            return (flags["reviewed"] != true || status.reviewed) && (flags["staff_picks"] != true || status.staffPick)
        }
        var pairs: [(String, JSONOutput)] = [("accepted", .bool(true))]
        var pageCount: Int?
        if query.flag("applyFilter") {
            let (shown, total) = filtered(
                collected, query, numbers: numbers, today: context.today, matches: context.matches)
            if let count = numbers["count"], count > 0 { pageCount = (total + count - 1) / count }
            pageCount.map { pairs.append(("pageCount", .int($0))) }
            pairs.append(("filteredData", .array(shown.map { objects[$0] })))
        } else if let count = numbers["count"], count > 0 {
            pairs.append(("pageCount", .int((collected.count + count - 1) / count)))
        }
        // SUSI's map is keyed by file name, the tag; a tag listed twice (one skill in two groups
        // or languages) is the first one's, as `filteredData` still lists both.
        var seen = Set<String>()
        var skills: [(String, JSONOutput)] = []
        for index in collected where seen.insert(entries[index].skill.tag).inserted {
            skills.append((entries[index].skill.tag, objects[index]))
        }
        pairs += [
            ("model", .string(model)), ("group", .string(group)), ("language", .string(language)),
            ("skills", .object(skills)), ("message", .string("Success: Fetched skill list")),
        ]
        return SusiAnswer(.object(pairs))
    }

    /// `filteredData`'s skills (ListSkillService.java:254-359), and how many passed the filters
    /// before paging.
    private func filtered(
        _ collected: [Int], _ query: SusiQuery, numbers: [String: Int], today: Int?, matches: Set<String>?
    ) -> (shown: [Int], total: Int) {
        let entries = catalogue.entries
        var list = collected
        let order = query.given("filter_type").flatMap { SusiOrder(rawValue: $0.lowercased()) }
        if let order {
            list = order.sorted(list, of: entries, ascending: query.given("filter_name")?.lowercased() == "ascending")
        }
        if let least = numbers["avg_rating"], least > 0 {
            list = list.filter { SusiOrder.average(entries[$0].rating) >= least * 100 }
        }
        if let days = numbers["duration"], days > 0, let today, order == .creationDate || order == .modifiedDate {
            list = list.filter { index in
                let skill = entries[index].skill
                let time = order == .creationDate ? SusiOrder.created(skill) : SusiOrder.modified(skill)
                return SusiOrder.day(time).map { $0 >= today - days } ?? false
            }
        }
        if let text = query.given("q") {
            if let matches {
                list = list.filter { matches.contains(entries[$0].skill.id) }
            } else {
                let fields = Set(
                    (query.given("search_type") ?? "").split(separator: ",").map { $0.trimmingWhitespace() })
                list = list.filter { Self.matches(entries[$0].skill, text.lowercased(), in: fields) }
            }
        }
        let total = list.count
        var offset = max(0, numbers["offset"] ?? 0)
        if let count = numbers["count"] {
            offset = max(0, numbers["page"] ?? 0) * count
            return (Array(list.dropFirst(offset).prefix(count)), total)
        }
        return (Array(list.dropFirst(offset)), total)
    }

    /// Whether `text` (lowercased) is in one of the fields SUSI's `search_type` names: text, not a
    /// pattern (SUSI's server takes `q` as an unescaped regular expression, :310-356).
    static func matches(_ skill: Skill, _ text: String, in fields: Set<String>) -> Bool {
        (fields.contains("skill_name") && skill.name.lowercased().contains(text))
            || (fields.contains("author") && (skill.author ?? "").lowercased().contains(text))
            || (fields.contains("descriptions") && skill.description.lowercased().contains(text))
            || (fields.contains("examples") && skill.examples.contains { $0.lowercased().contains(text) })
    }
}
