import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// The names each kind of page shows its template, as they were when pages were dictionaries: a
/// user's own templates read them, so none may go missing, and an optional value must stay
/// absent (not empty) where it was absent, since `{{#x}}` opens for an empty text.
@Suite struct PageDataNamesTests {
    static let frame = [
        "root", "cardLevel", "lang", "siteTitle", "siteDescription", "themeStyle", "skillCount",
        "ratingCount", "navGroups", "nav", "hasFeed", "groupsURL", "topRatedURL", "mostRatedURL",
        "newestURL", "languagesURL", "authorsURL", "feedURL", "apiURL", "stylesheetURL", "feedTitle", "t",
    ]
    /// Only with a build date.
    static let frameOptional = ["buildDate", "buildTimestamp"]
    static let common = frame + ["siteHeader", "siteFooter", "pageTitle", "metaDescription", "ogTitle"]
    /// Only when the base URL has a host.
    static let commonOptional = frameOptional + ["canonical"]
    static let card = ["name", "url", "initial", "summary", "group", "language", "rated", "t"]
    static let cardOptional = [
        "firstExample", "image", "imageIsLocal", "averageText", "totalText", "starRow",
        "starRowLarge", "ratingLabel",
    ]
    static let skill =
        common + card + [
            "descriptionHTML", "hasDescription", "examples", "hasExamples", "hasLegal",
            "groupURL", "model", "dynamicContent", "jsonLD", "languageURL", "languageName",
        ]
    static let skillOptional =
        commonOptional + cardOptional + [
            "author", "authorURL", "termsURL", "privacyURL",
            "created", "ratingForm", "ratingThanks", "ogImage",
            "authorPageURL", "authorSkillsText", "chart", "feedback", "timeline",
        ]
    static let index = common + ["groups", "groupCount", "statsText"]
    static let indexGroup = ["name", "url", "count", "slug", "countText", "hasSkills", "skills"]
    static let group = common + ["name", "countText", "ratingsText", "skills"]
    static let listing = common + ["heading", "lead", "countText", "emptyText", "crumbs", "skills", "hasSkills"]
    static let directory = common + ["heading", "lead", "countText", "items", "hasItems", "emptyText"]
    static let notFound = common + ["groups"]
    static let pager = ["label", "links"]
    /// Names no page kind above answers for a page of another kind.
    static let elsewhere = Set(
        skillOptional + skill + index + group + listing + directory + ["ranking", "pager", "more", "rank", "added"]
    )
    .subtracting(common + commonOptional)

    static func renderer(host: Bool = true, buildDate: BuildDate? = BuildDate(day: "2024-03-01")) -> SiteRenderer {
        var config = SiteConfig()
        config.baseURL = host ? "https://example.org/" : "/"
        config.pageSize = 1
        config.ratingForm = RatingFormConfig(endpoint: .sitePath("api/ratings"))
        let full = Skill(
            id: "news/full", tag: "full", name: "Full", group: "News", author: "Ann",
            authorURL: "https://example.org/ann", image: .local("images/full.png"), examples: ["hi"],
            description: "A *full* skill.", termsOfUse: "https://example.org/terms",
            privacyPolicy: "https://example.org/privacy", created: "2024-01-02")
        let bare = Skill(id: "news/bare", tag: "bare", name: "Bare", group: "News")
        let remote = Skill(
            id: "news/remote", tag: "remote", name: "Remote", group: "News",
            image: .remote("https://cdn.example.org/r.png"))
        var rating = RatingTally(stars: StarCounts(four: 2, five: 1), positive: 3, negative: 1)
        rating.timeline.add(vote: 5, day: 19_800)
        let catalogue = Catalogue(skills: [full, bare, remote], ratings: ["news/full": rating], config: config)
        var log = DiagnosticLog()
        var renderer = SiteRenderer(
            catalogue: catalogue, theme: Theme.load(directory: nil, display: "Templates", source: .disk, &log),
            contentRoot: URL(fileURLWithPath: "/nonexistent"))
        renderer.buildDate = buildDate
        return renderer
    }

    func expect(
        _ data: any TemplateData, answers present: [String], not absent: some Sequence<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // As a compiled theme asks: by the name's place in the vocabulary.
        func placed(_ name: String) -> TemplateKey {
            TemplateKey(name, index: PageName.vocabulary.firstIndex(of: name))
        }
        for name in present {
            #expect(data.value(named: name) != nil, "\(name) missing", sourceLocation: sourceLocation)
            #expect(data.value(for: placed(name)) != nil, "\(name) missing by place", sourceLocation: sourceLocation)
        }
        for name in Set(absent).subtracting(present) {
            #expect(data.value(named: name) == nil, "\(name) present", sourceLocation: sourceLocation)
            #expect(data.value(for: placed(name)) == nil, "\(name) present by place", sourceLocation: sourceLocation)
        }
    }

    func job(_ renderer: SiteRenderer, _ path: String) throws -> any TemplateData {
        try #require(renderer.plan().jobs.first { $0.path == path }).data()
    }

    @Test func skillPagesAnswerTheirNamesAndLeaveOptionalOnesAbsent() throws {
        let renderer = Self.renderer()
        let entries = renderer.catalogue.entries
        let full = try #require(entries.first { $0.skill.id == "news/full" })
        let bare = try #require(entries.first { $0.skill.id == "news/bare" })
        let remote = try #require(entries.first { $0.skill.id == "news/remote" })
        expect(
            renderer.skillPage(full), answers: Self.skill + Self.skillOptional,
            not: Self.elsewhere.union(["imageIsRemote"]))
        // The form is the site's: every skill page has it.
        expect(
            renderer.skillPage(bare), answers: Self.skill + Self.commonOptional + ["ratingForm", "ratingThanks"],
            not: Self.elsewhere.union(["imageIsRemote"]).subtracting(["ratingForm", "ratingThanks"]))
        expect(
            renderer.skillPage(remote), answers: Self.skill + ["image", "imageIsRemote", "ogImage"],
            not: ["imageIsLocal", "author", "chart", "feedback"])
        // Without a host or a build date, those values are absent, not empty.
        let plain = Self.renderer(host: false, buildDate: nil)
        expect(
            plain.skillPage(try #require(plain.catalogue.entries.first { $0.skill.id == "news/full" })),
            answers: Self.skill, not: Self.commonOptional)
    }

    @Test func cardsAnswerTheirNamesAndTheirPlaceOnAPage() throws {
        let renderer = Self.renderer()
        let full = try #require(renderer.catalogue.entries.first { $0.skill.id == "news/full" })
        var card = renderer.card(full)
        expect(
            card, answers: Self.card + Self.cardOptional, not: Self.common + ["root", "rank", "added", "imageIsRemote"])
        card.root = "../"
        card.cardLevel = 2
        card.rank = 1
        card.added = "2024-01-02"
        expect(card, answers: ["root", "cardLevel", "rank", "added"], not: [])
    }

    @Test func listingPagesAnswerTheirNames() throws {
        let renderer = Self.renderer()
        let index = try job(renderer, "index.html")
        expect(index, answers: Self.index + Self.commonOptional, not: Self.elsewhere.subtracting(Self.index))
        guard case .list(let groups)? = index.value(named: "groups"), case .data(let group)? = groups.first else {
            Issue.record("no groups on the index page")
            return
        }
        expect(group, answers: Self.indexGroup, not: ["more", "root", "pageTitle"])
        expect(
            try job(renderer, "groups/news/page/2/index.html"), answers: Self.group + ["pager"],
            not: Self.elsewhere.subtracting(Self.group + ["pager"]))
        let top = try job(renderer, "top-rated/index.html")
        expect(top, answers: Self.listing + ["ranking"], not: Self.elsewhere.subtracting(Self.listing + ["ranking"]))
        expect(try job(renderer, "newest/index.html"), answers: Self.listing, not: ["ranking", "pager"])
        expect(
            try job(renderer, "authors/index.html"), answers: Self.directory,
            not: Self.elsewhere.subtracting(Self.directory))
        expect(try job(renderer, "404.html"), answers: Self.notFound, not: Self.elsewhere.subtracting(Self.notFound))
    }

    @Test func pagersAnswerTheirNames() throws {
        let renderer = Self.renderer()
        let catalogue = renderer.catalogue
        let pagination = Pagination(itemCount: 3, pageSize: 1)
        let first = try #require(renderer.pager(base: catalogue.urls.topRated, pagination: pagination, page: 1))
        expect(first, answers: Self.pager + ["nextURL"], not: ["prevURL"])
        let last = try #require(renderer.pager(base: catalogue.urls.topRated, pagination: pagination, page: 3))
        expect(last, answers: Self.pager + ["prevURL"], not: ["nextURL"])
        expect(try #require(last.links.first), answers: ["gap", "number", "url", "current"], not: [])
        #expect(renderer.pager(base: "", pagination: Pagination(itemCount: 1, pageSize: 1), page: 1) == nil)
    }

    /// `{{t.key}}` found by its place in a vocabulary made with the theme's keys gives each key's
    /// text, as the name does; strings other than those the vocabulary was made with, a place
    /// that holds another name, and names that are no key answer by name.
    @Test func theStringTableAnswersByPlaceAsByName() {
        func strings(_ texts: [String: String]) -> UIStrings {
            UIStrings(language: "en", entries: texts.mapValues { UIString.text($0) })
        }
        func text(_ value: TemplateValue?) -> String? {
            if case .text(let text)? = value { text } else { nil }
        }
        let compiled = strings(["home": "Home", "top_rated": "Top rated", "zebra": "Zebra", "aardvark": "A"])
        let vocabulary = StringTable.vocabulary(for: compiled)
        func placed(_ name: String) -> TemplateKey { TemplateKey(name, index: vocabulary.firstIndex(of: name)) }
        let other = strings(["home": "Start", "zebra": "Zebra!", "extra": "x"])
        var byPlace = 0
        for table in [StringTable(strings: compiled), StringTable(strings: other)] {
            for name in ["home", "top_rated", "zebra", "aardvark", "extra", "missing", "name", "root"] {
                let key = placed(name)
                if let index = key.index, index >= PageName.vocabulary.count { byPlace += 1 }
                #expect(text(table.value(for: key)) == text(table.value(named: name)), "\(name)")
            }
            // A place that holds another name.
            let wrong = TemplateKey("zebra", index: vocabulary.firstIndex(of: "aardvark"))
            #expect(text(table.value(for: wrong)) == text(table.value(named: "zebra")))
        }
        #expect(text(StringTable(strings: compiled).value(for: placed("zebra"))) == "Zebra")
        #expect(text(StringTable(strings: other).value(for: placed("zebra"))) == "Zebra!")
        #expect(StringTable(strings: other).value(for: placed("top_rated")) == nil)
        #expect(byPlace >= 6)
    }
}
