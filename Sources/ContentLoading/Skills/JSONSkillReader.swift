import CatalogueModel

/// Reads skills from JSON: one SUSI-style skill object, or a whole `getSkillList.json` response.
enum JSONSkillReader {
    package static func read(_ text: String, id: String, displayPath: String, _ log: inout DiagnosticLog) -> [Skill] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            log.append(JSONProblem.diagnostic(for: error, path: displayPath, text: text))
            return []
        }
        guard let object = root.object else {
            log.error(
                displayPath, line: 1, column: 1,
                "expected a skill object or a getSkillList.json response, found a \(root.kind)")
            return []
        }
        if let skills = object["skills"], object["skill_name"] == nil {
            guard let entries = skills.object else {
                log.append(
                    JSONLocator.error(
                        displayPath, text: text, keyPath: ["skills"],
                        "`skills` must be an object mapping skill tags to skills"))
                return []
            }
            let defaults = Defaults(
                model: object["model"]?.string, group: object["group"]?.string,
                language: object["language"]?.string)
            return entries.keys.sorted().compactMap { tag in
                guard let entry = entries[tag]?.object else {
                    log.append(
                        JSONLocator.error(
                            displayPath, text: text, keyPath: ["skills", tag], "skill `\(tag)` must be an object"))
                    return nil
                }
                return skill(
                    from: entry, id: id + "/" + tag, tag: tag, defaults: defaults, keyPath: ["skills", tag],
                    text: text, displayPath: displayPath, &log)
            }
        }
        let tag = id.slashSeparated(omittingEmpty: true).last.map(String.init) ?? id
        return skill(
            from: object, id: id, tag: tag, defaults: Defaults(), keyPath: [], text: text,
            displayPath: displayPath, &log
        ).map { [$0] } ?? []
    }

    struct Defaults {
        package var model: String?
        package var group: String?
        package var language: String?
    }

    package static func skill(
        from object: [String: JSONValue], id: String, tag: String, defaults: Defaults, keyPath: [String],
        text: String, displayPath: String, _ log: inout DiagnosticLog
    ) -> Skill? {
        var ok = true
        func fail(_ key: String, _ message: String) {
            log.append(
                JSONLocator.error(
                    displayPath, text: text, keyPath: object[key] == nil ? keyPath : keyPath + [key], message))
            ok = false
        }
        func string(_ key: String) -> String? {
            guard let value = object[key], !value.isNull else { return nil }
            guard let s = value.string else {
                fail(key, "`\(key)` must be text, not \(value.kind)")
                return nil
            }
            return Placeholder.given(s)
        }
        var name = string("skill_name")
        if name == nil, object["skill_name"]?.isNull == true {
            name = Self.named(
                fromTag: tag, keyPath: keyPath + ["skill_name"], text: text, displayPath: displayPath, &log)
        }
        // "All" is how SUSI lists every group at once: each skill then carries its own group.
        let group = string("group") ?? defaults.group.flatMap { $0 == "All" ? nil : Placeholder.given($0) }
        for (key, value, what) in [
            ("skill_name", name, "the skill's display name"), ("group", group, "the category, e.g. `News`"),
        ]
        where value == nil && ok {
            if let raw = object[key]?.string, Placeholder.isPlaceholder(raw) {
                fail(key, Placeholder.requiredMessage(key, raw))
            } else if key == "group" && defaults.group != nil {
                fail(key, "missing required field `group` (\(what)); the list's `group` does not name one")
            } else {
                fail(key, "missing required field `\(key)` (\(what))")
            }
        }
        let language = string("language") ?? defaults.language.flatMap(Placeholder.given) ?? "en"
        let model = string("model") ?? defaults.model.flatMap(Placeholder.given) ?? "general"
        var examples: [String] = []
        if let value = object["examples"], !value.isNull {
            if let items = value.array {
                examples = items.compactMap { $0.string.flatMap(Placeholder.given) }
            } else {
                fail("examples", "`examples` must be a list of text")
            }
        }
        var dynamic = false
        if let value = object["dynamic_content"], !value.isNull {
            if case .bool(let b) = value {
                dynamic = b
            } else {
                fail("dynamic_content", "`dynamic_content` must be true or false")
            }
        }
        var status = SusiStatus()
        for (key, flag) in [
            ("reviewed", \SusiStatus.reviewed), ("staffPick", \SusiStatus.staffPick),
            ("systemSkill", \SusiStatus.systemSkill),
        ] {
            guard let value = object[key], !value.isNull else { continue }
            if case .bool(let b) = value {
                status[keyPath: flag] = b
            } else {
                fail(key, "`\(key)` must be true or false")
            }
        }
        let image = string("image").flatMap {
            Self.image($0, keyPath: keyPath + ["image"], text: text, displayPath: displayPath, &log)
        }
        var rating: RatingTally?
        if let value = object["skill_rating"], !value.isNull {
            var ratingLog = DiagnosticLog()
            rating = RatingObject.tally(
                value, keyPath: keyPath + ["skill_rating"], text: text, path: displayPath, &ratingLog)
            log.append(contentsOf: ratingLog.items)
            if ratingLog.hasErrors { ok = false }
        }
        let authorURL = SafeURL.external(string("author_url"))
        let creationTime = string("creationTime")
        let created = creationTime.flatMap { SusiTime.isUnknown($0) ? nil : DateText.day($0) }
        let description = string("descriptions") ?? ""
        var usage = 0
        if let value = object["usage_count"], !value.isNull {
            if let n = value.integer, n >= 0 {
                usage = min(n, InputLimits.ratingCount)
            } else {
                fail("usage_count", "`usage_count` must be a whole number ≥ 0")
            }
        }
        guard ok, let name, let group else { return nil }
        var skill = Skill(
            id: id, tag: tag, name: name, group: group, language: language, model: model, author: string("author"),
            authorURL: SafeURL.isHTTP(authorURL ?? "") ? authorURL : nil, image: image,
            examples: SkillFields.dedupe(examples), description: description, dynamicContent: dynamic,
            termsOfUse: SafeURL.external(string("terms_of_use")),
            privacyPolicy: SafeURL.external(string("developer_privacy_policy")), created: created,
            sourcePath: displayPath, sourceLine: 1,
            embeddedRating: rating
        )
        skill.createdAt = creationTime.flatMap(SusiTime.instant)
        skill.modifiedAt = string("lastModifiedTime").flatMap(SusiTime.instant)
        skill.usageCount = usage
        if status != SusiStatus() { skill.status = status }
        return skill
    }

    /// SUSI's default for a skill whose file has no `::name` is `skill_name: null` (fossasia/susi_server
    /// SusiMind.java:634, 655); its web client then titles the page from the tag (susi.ai
    /// SkillListing.js:118-135), and so does sitegen, with a warning.
    private static func named(
        fromTag tag: String, keyPath: [String], text: String, displayPath: String, _ log: inout DiagnosticLog
    ) -> String? {
        guard let fromTag = SusiName.fromTag(tag) else { return nil }
        let at = JSONLocator.position(of: keyPath, in: text)
        log.append(
            Diagnostic.warning(
                displayPath, line: at?.line, column: at?.column,
                "`skill_name` is null (SUSI's default for a skill without `::name`); the skill is named `\(fromTag)` from its tag, as SUSI's web client names it"
            )
            .kind("SUSI skill without a name"))
        return fromTag
    }

    /// A skill's `image`, resolved against the content folder; a warning where it cannot be.
    private static func image(
        _ raw: String, keyPath: [String], text: String, displayPath: String, _ log: inout DiagnosticLog
    ) -> ImageReference? {
        switch ImagePath.resolve(raw, base: "") {
        case .success(let ref): return ref
        case .failure(let why):
            let at = JSONLocator.position(of: keyPath, in: text)
            log.warning(displayPath, line: at?.line, column: at?.column, ImagePath.message(for: why, raw: raw))
            return nil
        case nil: return nil
        }
    }
}

/// SUSI's names for skills that do not name themselves.
enum SusiName {
    /// The tag split on `_`, each word capitalised (`my_skill` → `My Skill`), as SUSI's web client
    /// titles a skill page; nil for a tag with nothing visible.
    static func fromTag(_ tag: String) -> String? {
        let words = tag.split(separator: "_").map { word in word.prefix(1).uppercased() + word.dropFirst() }
        let name = words.joined(separator: " ").trimmingWhitespace()
        return name.isEmpty ? nil : name
    }
}
