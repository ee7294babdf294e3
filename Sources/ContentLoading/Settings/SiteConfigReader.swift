import CatalogueModel
import Foundation

/// Reads `Content/site.yml`. Every key is optional; a missing file means the defaults.
package enum SiteConfigReader {
    static let knownKeys = [
        "title", "description", "base_url", "language", "stars", "chart", "rating_form", "ranking", "page_size",
        "home_cards", "allow_empty", "ratings", "group_order", "try_url", "search", "report_url", "featured",
        "collections", "reviews", "susi_api", "rich_results", "images",
    ]

    /// A settings file has no business being larger.
    package static let maxBytes = 1024 * 1024

    package static func read(_ location: ContentLocation, _ log: inout DiagnosticLog) -> SiteConfig {
        let path = location.display + "/site.yml"
        let source = location.source
        guard source.exists(location.config),
            ContentBoundary.mayRead(location.config, root: location.root, display: path, source: source, &log)
        else { return SiteConfig() }
        // A link that stays inside the content folder is read at its target (reads never follow links).
        let file = source.resolved(location.config.path).map(URL.init(fileURLWithPath:)) ?? location.config
        guard let text = SourceText.read(file, from: source, displayPath: path, limit: maxBytes, &log) else {
            return SiteConfig()
        }
        return read(text, path: path, &log)
    }

    package static func read(_ text: String, path: String, _ log: inout DiagnosticLog) -> SiteConfig {
        var config = SiteConfig()
        if let control = ControlCharacters.first(in: text) {
            log.append(ControlCharacters.error(control, path: path))
            return config
        }
        guard var map = YAMLDocument.mapping(text, path: path, lineOffset: 0, &log) else { return config }
        if let title = map.string("title", &log) {
            config.title = title
            config.titleGiven = true
        }
        if let description = map.string("description", &log) {
            config.description = description
            config.descriptionGiven = true
        }
        if let language = map.string("language", &log) { config.language = language }
        if let allowEmpty = map.bool("allow_empty", &log) { config.allowEmpty = allowEmpty }
        if let susiAPI = map.bool("susi_api", &log) {
            config.susiAPI = susiAPI
            config.susiAPIGiven = true
        }
        if let base = map.string("base_url", &log) {
            if let normalized = normalizedBaseURL(base) {
                config.baseURL = normalized
            } else {
                map.error(
                    &log, at: map.value("base_url"),
                    "`base_url` must be an http(s) URL (https://example.org/catalogue/) or a path starting with `/`")
            }
        }
        if var stars = map.mapping("stars", &log) {
            readStars(&stars, into: &config.stars, &log)
        }
        if let chart = map.mapping("chart", &log) {
            for (key, keyPath) in [("colors", \ChartStyle.colors), ("dark_colors", \ChartStyle.darkColors)] {
                guard let colors = chart.stringList(key, &log) else { continue }
                if colors.count == 5, colors.allSatisfy(CSSColor.isValid) {
                    config.chart[keyPath: keyPath] = colors
                } else {
                    chart.error(
                        &log, at: chart.value(key), "`chart.\(key)` must list 5 colours (5 stars first) like `#2e7d32`")
                }
            }
            chart.warnUnknownKeys(known: ["colors", "dark_colors"], &log, what: "chart")
        }
        if var form = map.mapping("rating_form", &log) {
            config.ratingForm = RatingFormConfigReader.read(
                &form, section: map.keys.first { $0.0 == "rating_form" }?.1, &log)
        }
        if let ratings = map.mapping("ratings", &log) {
            if let database = ratings.string("database", &log) {
                if database.trimmingWhitespace().isEmpty {
                    ratings.error(
                        &log, at: ratings.value("database"),
                        "`ratings.database` must name a SQLite file (relative to the content folder) or a postgres:// URL"
                    )
                } else {
                    config.ratingsDatabase = database.trimmingWhitespace()
                }
            }
            ratings.warnUnknownKeys(known: ["database"], &log, what: "ratings")
        }
        if let images = map.mapping("images", &log) { config.images = ImageSettingsReader.read(images, &log) }
        if let richResults = map.mapping("rich_results", &log) {
            config.richResults = RichResultsReader.read(richResults, &log)
        }
        if var search = map.mapping("search", &log) {
            config.search = SearchConfigReader.read(&search, &log)
        }
        readListingSettings(&map, into: &config, &log)
        if let reviews = map.mapping("reviews", &log) {
            for (key, keyPath, range) in [
                ("on_skill_page", \SiteConfig.reviewsOnSkillPage, 0...100),
                ("per_page", \SiteConfig.reviewsPerPage, 1...1000),
            ] {
                guard let n = reviews.number(key, &log) else { continue }
                if n.rounded() == n, range.contains(Int(exactly: n) ?? -1) {
                    config[keyPath: keyPath] = Int(n)
                } else {
                    reviews.error(
                        &log, at: reviews.value(key),
                        "`reviews.\(key)` must be a whole number of reviews from \(range.lowerBound) to \(range.upperBound)"
                    )
                }
            }
            reviews.warnUnknownKeys(known: ["on_skill_page", "per_page"], &log, what: "reviews")
        }
        if let tryURL = map.string("try_url", &log) {
            if TryURL.isValid(tryURL) {
                config.tryURL = tryURL
            } else {
                map.error(
                    &log, at: map.value("try_url"),
                    "`try_url` must be an http(s) URL with `{example}` where the phrase goes, like `https://chat.example.org/?q={example}`"
                )
            }
        }
        if let reportURL = map.string("report_url", &log) {
            if ReportURL.isValid(reportURL) {
                config.reportURL = reportURL
            } else {
                map.error(
                    &log, at: map.value("report_url"),
                    "`report_url` must be an http(s) or mailto: URL with `{skill}` or `{url}` where the skill goes, like `https://example.org/issues/new?title={skill}`"
                )
            }
        }
        config.featured =
            map.positionedStringList("featured", &log)?.map {
                SkillReference(id: $0.text, line: $0.line, column: $0.column)
            } ?? []
        config.collections = readCollections(&map, &log)
        map.warnUnknownKeys(known: knownKeys, &log, what: "site.yml")
        return config
    }

    /// `collections`: each a `title`, an optional `text` and the `skills` it lists; two titles
    /// that would make the same page are an error.
    static func readCollections(_ map: inout YAMLMapping, _ log: inout DiagnosticLog) -> [SkillCollection] {
        var collections: [SkillCollection] = []
        for item in map.mappingList("collections", &log) ?? [] {
            let title = item.string("title", &log)?.trimmingWhitespace() ?? ""
            let text = item.string("text", &log) ?? ""
            let skills =
                item.positionedStringList("skills", &log)?.map {
                    SkillReference(id: $0.text, line: $0.line, column: $0.column)
                } ?? []
            item.warnUnknownKeys(known: ["title", "text", "skills"], &log, what: "collection")
            let at = item.pairs.first?.key
            guard !title.isEmpty else {
                item.error(&log, at: at, "a collection needs a `title`, which names its page")
                continue
            }
            guard !skills.isEmpty else {
                item.error(
                    &log, at: at, "the collection `\(title)` lists no `skills` (their ids, like `news/headline-finder`)"
                )
                continue
            }
            let collection = SkillCollection(title: title, text: text, skills: skills)
            if let other = collections.first(where: { $0.slug == collection.slug }) {
                item.error(
                    &log, at: at,
                    "the collections `\(other.title)` and `\(title)` would both be the page `collections/\(collection.slug)/`; rename one"
                )
                continue
            }
            collections.append(collection)
        }
        return collections
    }

    static func readStars(_ stars: inout YAMLMapping, into style: inout StarRowStyle, _ log: inout DiagnosticLog) {
        if let count = stars.number("count", &log) {
            if count.rounded() == count, (1...100).contains(count) {
                style.count = Int(count)
            } else {
                stars.error(&log, at: stars.value("count"), "`stars.count` must be a whole number from 1 to 100")
            }
        }
        if let granularity = stars.number("granularity", &log) {
            if (0...1).contains(granularity) {
                style.granularity = granularity
            } else {
                stars.error(
                    &log, at: stars.value("granularity"),
                    "`stars.granularity` must be 0 (continuous) or a step in (0, 1], like 1, 0.5 or 0.25")
            }
        }
        if let size = stars.number("size", &log) {
            if size > 0 && size <= 200 {
                style.size = size
            } else {
                stars.error(&log, at: stars.value("size"), "`stars.size` must be a number of pixels from 1 to 200")
            }
        }
        if let spacing = stars.number("spacing", &log) {
            if spacing >= 0 && spacing <= 200 {
                style.spacing = spacing
            } else {
                stars.error(
                    &log, at: stars.value("spacing"), "`stars.spacing` must be a number of pixels from 0 to 200")
            }
        }
        let customPath = stars.string("path", &log)
        let viewBox = stars.string("view_box", &log)
        if let symbol = stars.string("symbol", &log) {
            switch symbol {
            case "star": style.symbol = .star
            case "circle": style.symbol = .circle
            case "heart": style.symbol = .heart
            case "custom":
                if let customPath, SVGPathData.isValid(customPath), let box = viewBox.flatMap(ViewBox.parse) {
                    style.symbol = .custom(path: customPath, viewBox: box)
                } else {
                    stars.error(
                        &log, at: stars.value("symbol"),
                        "`symbol: custom` needs `path` (SVG path data: only commands, numbers, spaces and commas) and `view_box` (\"0 0 24 24\")"
                    )
                }
            default:
                stars.error(&log, at: stars.value("symbol"), "`stars.symbol` must be star, circle, heart or custom")
            }
        }
        stars.warnUnknownKeys(
            known: ["count", "granularity", "size", "spacing", "symbol", "path", "view_box"], &log, what: "stars")
    }

    /// `https://example.org/catalogue` → `https://example.org/catalogue/`; `/` stays `/`.
    static func normalizedBaseURL(_ raw: String) -> String? {
        var text = raw.trimmingWhitespace()
        if text.isEmpty { return nil }
        if SafeURL.isHTTP(text) {
            guard SafeURL.external(text) != nil, !text.contains("?"), !text.contains("#") else { return nil }
        } else {
            guard text.hasPrefix("/"), !text.contains("//"), !text.contains("?"), !text.contains("#"),
                !text.unicodeScalars.contains(where: {
                    $0.value < 0x21 || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "'"
                })
            else { return nil }
        }
        if !text.hasSuffix("/") { text += "/" }
        return text
    }
}

/// Colours a user may put in `site.yml`: hex or a plain CSS name, nothing that could escape a
/// style attribute.
enum CSSColor {
    static func isValid(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            return [3, 4, 6, 8].contains(hex.count) && hex.allSatisfy(\.isHexDigit)
        }
        return !text.isEmpty && text.count <= 30 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
}

/// SVG path data from `site.yml`: only path commands, numbers and separators, so it can go into
/// an attribute as it is.
enum SVGPathData {
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 10_000
            && text.allSatisfy { "MmLlHhVvCcSsQqTtAaZzEe0123456789.,- \n\t+".contains($0) }
    }
}

extension ViewBox {
    /// "0 0 24 24" or "0,0,24,24".
    package static func parse(_ text: String) -> ViewBox? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0, numbers.allSatisfy(\.isFinite) else { return nil }
        return ViewBox(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3])
    }
}
