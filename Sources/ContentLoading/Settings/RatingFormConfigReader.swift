import CatalogueModel

/// Reads the `rating_form` mapping of `site.yml`. Returns nil (no form) when there is no usable
/// endpoint; every mistake is reported at its line and column.
enum RatingFormConfigReader {
    static let knownKeys = [
        "endpoint", "method", "fields", "extra", "granularity", "sign_in_url", "preset", "susi_web_client", "comment",
    ]
    static let fieldKeys = ["skill", "stars", "model", "group", "language"]

    package static func read(_ form: inout YAMLMapping, section: YAMLNode?, _ log: inout DiagnosticLog)
        -> RatingFormConfig?
    {
        let config = presetAndEndpoint(&form, section: section, &log)
        // Read every key even without an endpoint, so mistakes are reported all at once.
        var draft = config ?? RatingFormConfig(endpoint: .sitePath(""))
        if let method = form.string("method", &log) {
            if let parsed = RatingFormConfig.Method(rawValue: method.lowercased()) {
                draft.method = parsed
            } else {
                form.error(
                    &log, at: form.value("method"), "`rating_form.method` must be post or get, found `\(method)`")
            }
        }
        if var fields = form.mapping("fields", &log) {
            readFields(&fields, into: &draft.fields, susi: draft.preset == .susi, &log)
        }
        readExtra(&form, into: &draft, &log)
        readGranularity(&form, into: &draft, &log)
        readLinks(&form, into: &draft, &log)
        readComment(&form, into: &draft, &log)
        check(draft, hasForm: config != nil, &form, &log)
        form.warnUnknownKeys(known: knownKeys, &log, what: "rating_form")
        return config == nil ? nil : draft
    }

    /// The preset and the endpoint: the form there is, or nil without a usable endpoint.
    private static func presetAndEndpoint(_ form: inout YAMLMapping, section: YAMLNode?, _ log: inout DiagnosticLog)
        -> RatingFormConfig?
    {
        var config: RatingFormConfig?
        if let preset = form.string("preset", &log) {
            if RatingFormConfig.Preset(rawValue: preset.lowercased()) == .susi {
                config = .susi
            } else {
                form.error(
                    &log, at: form.value("preset"),
                    "unknown `rating_form.preset` `\(preset)`; the only preset is `susi`")
            }
        }
        if let raw = form.string("endpoint", &log) {
            if let endpoint = endpoint(raw) {
                if config == nil { config = RatingFormConfig(endpoint: endpoint) }
                config?.endpoint = endpoint
                // An endpoint of the site's own beside the preset: a form after all.
                config?.susiWebClient = nil
            } else {
                form.error(
                    &log, at: form.value("endpoint"),
                    "`rating_form.endpoint` must be an http(s) URL (https://example.org/rate) or a path on this site starting with `/` (/api/ratings), found `\(raw)`"
                )
            }
        } else if config == nil, form.value("endpoint") == nil, form.value("preset") == nil, !form.keys.isEmpty {
            // `endpoint: null` says "no form" on purpose; other keys without one look like a slip.
            form.warning(&log, at: section, "`rating_form` has no `endpoint`, so skill pages get no rating form")
        }
        return config
    }

    private static func readExtra(
        _ form: inout YAMLMapping, into draft: inout RatingFormConfig, _ log: inout DiagnosticLog
    ) {
        if let extra = form.mapping("extra", &log) {
            for (name, keyNode) in extra.keys {
                guard isFieldName(name) else {
                    extra.error(
                        &log, at: keyNode,
                        "`rating_form.extra` field names must be 1 to 100 characters without control characters")
                    continue
                }
                let value = extra.string(name, &log) ?? ""
                if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    extra.error(
                        &log, at: extra.value(name), "`rating_form.extra.\(name)` must not hold control characters")
                    continue
                }
                draft.extra[name] = value
            }
        }
    }

    private static func readGranularity(
        _ form: inout YAMLMapping, into draft: inout RatingFormConfig, _ log: inout DiagnosticLog
    ) {
        if let granularity = form.number("granularity", &log) {
            switch granularity {
            case 1: draft.granularity = .whole
            case 0.5 where draft.preset == .susi:
                form.error(
                    &log, at: form.value("granularity"),
                    "the SUSI preset takes whole stars only: SUSI reads `stars` with "
                        + "Integer.parseInt and answers 500 to `4.5` (fossasia/susi_server FiveStarRateSkillService.java:63-79); remove `granularity`"
                )
            case 0.5:
                // What the voter picks must be what is stored, counted and shown, and the rating
                // chart counts whole stars (5 → 1): a half-star vote could only be shown rounded.
                form.warning(
                    &log, at: form.value("granularity"),
                    "half stars are not offered: ratings are counted in whole-star "
                        + "rows (5 → 1), so a vote of 3.5 could not be shown as given; the form offers whole stars (remove `granularity`)"
                )
                draft.granularity = .whole
            default:
                form.error(
                    &log, at: form.value("granularity"),
                    "`rating_form.granularity` must be 1 (whole stars) or 0.5 (half stars)")
            }
        }
    }

    /// `sign_in_url` and `susi_web_client`.
    private static func readLinks(
        _ form: inout YAMLMapping, into draft: inout RatingFormConfig, _ log: inout DiagnosticLog
    ) {
        if let raw = form.string("sign_in_url", &log) {
            if let url = endpoint(raw) {
                draft.signInURL = url
            } else {
                form.error(
                    &log, at: form.value("sign_in_url"),
                    "`rating_form.sign_in_url` must be an http(s) URL or a path on this site starting with `/`, found `\(raw)`"
                )
            }
        }
        if let raw = form.string("susi_web_client", &log) {
            if draft.preset != .susi {
                form.warning(
                    &log, at: form.value("susi_web_client"),
                    "`rating_form.susi_web_client` goes with `preset: susi`; ignored")
            } else if SafeURL.isHTTP(raw), let url = SafeURL.external(raw) {
                if draft.susiWebClient != nil { draft.susiWebClient = url }
            } else {
                form.error(
                    &log, at: form.value("susi_web_client"),
                    "`rating_form.susi_web_client` must be an http(s) URL, like https://susi.ai")
            }
        }
    }

    private static func readComment(
        _ form: inout YAMLMapping, into draft: inout RatingFormConfig, _ log: inout DiagnosticLog
    ) {
        if let node = form.value("comment"), !YAMLMapping.isNull(node) {
            if let comment = node.bool {
                draft.comment = comment
            } else {
                form.error(
                    &log, at: node,
                    "`rating_form.comment` must be true (a comment field under the stars) or false, found `\(node.string.map { String($0.prefix(40)) } ?? YAMLMapping.kind(node))`"
                )
            }
            if draft.comment, draft.susiWebClient != nil {
                form.warning(
                    &log, at: form.value("comment"),
                    "`rating_form.comment` is not shown: with `preset: susi` skill pages link to SUSI.AI instead of showing a form"
                )
            }
        }
    }

    /// What the settings say together: a form that can succeed, names that do not collide.
    private static func check(
        _ draft: RatingFormConfig, hasForm: Bool, _ form: inout YAMLMapping, _ log: inout DiagnosticLog
    ) {
        if draft.susiWebClient != nil, form.value("sign_in_url") != nil {
            form.warning(
                &log, at: form.value("sign_in_url"),
                "`rating_form.sign_in_url` is not shown: with `preset: susi` skill pages link to SUSI.AI, where visitors sign in and rate"
            )
        }
        if hasForm, draft.postsToSUSI {
            // A visitor must never get a form that cannot succeed.
            form.error(
                &log, at: form.value("endpoint"),
                "this form would post to SUSI's rating servlet, which answers 401 to every vote from a page: it counts only "
                    + "signed-in users' votes, by an `access_token` that no page without JavaScript can send (fossasia/susi_server "
                    + "AbstractAPIHandler.java:112-117); remove `endpoint` for `preset: susi`'s \"Rate on SUSI.AI\" link, or "
                    + "set `endpoint: /api/ratings` and run `sitegen collect` (docs/companion-service.md)")
        }
        checkNames(draft, form, &log)
        if draft.method == .get, RatingFormConfig.href(draft.endpoint, root: "").contains("?") {
            form.error(
                &log, at: form.value("endpoint") ?? form.value("method"),
                "a `get` form replaces the query of its endpoint, so `?…` would be lost; put constant parameters in `rating_form.extra`"
            )
        }
    }

    /// - Parameter susi: the SUSI preset, whose servlet needs every field: without `group` it
    ///   falls back to `Knowledge` and votes on another skill or answers 404
    ///   (fossasia/susi_server SkillQueryParser.java:9-16, SkillQuery.java:81-92).
    static func readFields(
        _ fields: inout YAMLMapping, into names: inout RatingFormConfig.Fields, susi: Bool = false,
        _ log: inout DiagnosticLog
    ) {
        for key in fieldKeys {
            guard let node = fields.value(key) else { continue }
            let name = fields.string(key, &log)
            if YAMLMapping.isNull(node) {
                if susi, ["model", "group", "language"].contains(key) {
                    fields.error(
                        &log, at: node,
                        "`rating_form.fields.\(key)` cannot be left out with `preset: susi`: SUSI's server "
                            + "would fall back to its default \(key) and count the vote for another skill, or answer 404"
                    )
                    continue
                }
                switch key {
                case "model": names.model = nil
                case "group": names.group = nil
                case "language": names.language = nil
                default:
                    fields.error(&log, at: node, "`rating_form.fields.\(key)` cannot be left out: the vote needs it")
                }
                continue
            }
            guard let name else { continue }
            guard isFieldName(name) else {
                fields.error(
                    &log, at: node,
                    "`rating_form.fields.\(key)` must be a field name of 1 to 100 characters without control characters"
                )
                continue
            }
            switch key {
            case "skill": names.skill = name
            case "stars": names.stars = name
            case "model": names.model = name
            case "group": names.group = name
            default: names.language = name
            }
        }
        fields.warnUnknownKeys(known: fieldKeys, &log, what: "rating_form.fields")
    }

    /// Two fields of one name would arrive as a list at the endpoint, and the vote would be ambiguous.
    static func checkNames(_ config: RatingFormConfig, _ form: YAMLMapping, _ log: inout DiagnosticLog) {
        let fields = config.fields
        var seen: Set<String> = []
        for name in [fields.skill, fields.stars, fields.model, fields.group, fields.language].compactMap({ $0 })
            + (config.comment ? [RatingFormConfig.commentField] : []) + config.extra.keys.sorted()
        where !seen.insert(name).inserted {
            form.error(
                &log, at: form.value("extra") ?? form.value("fields"),
                "`rating_form` sends two fields named `\(name)`; give each field its own name")
        }
    }

    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// An http(s) URL, or a path on this site (`/api/ratings`, stored without the leading `/`).
    /// Nothing else: not `javascript:`, not `//host/…` (another host), no spaces or quotes.
    package static func endpoint(_ raw: String) -> RatingFormConfig.Endpoint? {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty, text.count <= 2048, !text.contains("#") else { return nil }
        if SafeURL.isHTTP(text) {
            return SafeURL.external(text).map { .url($0) }
        }
        guard text.count > 1, text.hasPrefix("/"), !text.hasPrefix("//") else { return nil }
        let allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%?=&+,;:@!$()*"
        guard text.allSatisfy({ allowed.contains($0) }) else { return nil }
        let path = text.prefix { $0 != "?" }
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return .sitePath(String(text.dropFirst()))
    }
}
