import CatalogueModel
import Foundation

/// What the listing pages need beyond the catalogue, computed once per build.
struct ListingData: Sendable {
    let listings: CatalogueListings
    /// Language code → its name in the site's language ("German"), or the code when unknown.
    let languageNames: [String: String]
    /// Whether `feed.xml` is written (see `AtomFeed`).
    package let hasFeed: Bool

    package init(_ catalogue: Catalogue) {
        listings = CatalogueListings(catalogue)
        let locale = Locale(identifier: catalogue.config.language)
        var names: [String: String] = [:]
        for code in Set(catalogue.entries.map(\.skill.language)) {
            let name = locale.localizedString(forLanguageCode: code)
            names[code] = name.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
        }
        languageNames = names
        hasFeed = catalogue.config.hasHost && !listings.newest.isEmpty
    }
}

/// The browsing pages besides the index and groups: Top rated, Most rated, Newest, by language,
/// by author, and the directories of groups, languages and authors.
extension SiteRenderer {
    func listingPages(cards: CardCache) -> [PageJob] {
        let listings = listingData.listings
        let urls = catalogue.urls
        var pages: [PageJob] = []
        func listing(
            _ base: String, _ entries: [Catalogue.Entry], heading: String, lead: String, count: String,
            empty: String, crumbs: [NamedLink] = [], siblings: [NamedLink] = [], siblingsLabel: String = "",
            ranked: Bool = false, dated: Bool = false, explained: Bool = false
        ) {
            let pagination = Pagination(itemCount: entries.count, pageSize: catalogue.config.pageSize)
            let kind: CardCache.Kind = ranked ? .ranked : dated ? .dated : .plain
            for number in 1...pagination.pageCount {
                let path = urls.listingPage(base, page: number)
                let key = PageKey(
                    entries: Array(entries[pagination.items(onPage: number)]),
                    values: [heading, lead, count, empty, String(crumbs.count)] + crumbs.flatMap { [$0.name, $0.url] }
                        + [siblingsLabel, String(siblings.count)] + siblings.flatMap { [$0.name, $0.url] }
                        + [
                            String(kind.rawValue), String(explained), String(entries.count), String(number),
                            String(pagination.pageCount),
                        ])
                pages.append(
                    PageJob(template: "listing", path: urls.output(ofPage: path), key: key) {
                        let root = urls.root(from: path)
                        let range = pagination.items(onPage: number)
                        return ListingPage(
                            common: common(
                                path: path, title: number > 1 ? "\(heading), page \(number)" : heading,
                                description: lead),
                            heading: heading, lead: lead, countText: count, emptyText: empty, crumbs: crumbs,
                            siblings: siblings, siblingsLabel: siblingsLabel,
                            cards: entries[range].enumerated().map { offset, entry in
                                cards.card(
                                    entry, kind: kind, root: root, level: 2,
                                    rank: ranked ? range.lowerBound + offset + 1 : nil)
                            },
                            hasSkills: !entries.isEmpty,
                            ranking: explained ? rankingExplanation : nil,
                            pager: pager(base: base, pagination: pagination, page: number))
                    })
            }
        }

        listing(
            urls.topRated, listings.topRated, heading: "Top rated",
            lead:
                "Rated skills, best first, each average weighted by its number of ratings so that a few perfect votes cannot outrank many nearly perfect ones.",
            count: Self.count(listings.topRated.count, "rated skill"), empty: "No skill has been rated yet.",
            ranked: true,
            explained: true)
        listing(
            urls.mostRated, listings.mostRated, heading: "Most rated",
            lead: "Skills with the most ratings first.",
            count: Self.count(listings.mostRated.count, "rated skill"), empty: "No skill has been rated yet.",
            ranked: true)
        listing(
            urls.newest, listings.newest, heading: "Newest",
            lead: "Skills by the date they were added, newest first.",
            count: Self.count(listings.newest.count, "skill") + " with a date",
            empty: "No skill says when it was added.", dated: true)

        let languagesCrumb = [NamedLink(name: "Languages", url: urls.href(urls.languages))]
        // By name in the site's language, for the directory and for each language page's links to the others.
        let languagesByName = listings.languages.sorted { a, b in
            let order = Catalogue.compareNamesOrder(languageNames(a.name), languageNames(b.name))
            return order != 0 ? order < 0 : a.path < b.path
        }
        let languageLinks = languagesByName.map { NamedLink(name: languageNames($0.name), url: urls.href($0.path)) }
        for language in listings.languages {
            let name = languageNames(language.name)
            let own = urls.href(language.path)
            listing(
                language.path, language.entries, heading: name, lead: "Skills in \(name) (\(language.name)).",
                count: Self.count(language.entries.count, "skill"), empty: "", crumbs: languagesCrumb,
                siblings: languageLinks.filter { $0.url != own }, siblingsLabel: "Other languages")
        }
        let authorsCrumb = [NamedLink(name: "Authors", url: urls.href(urls.authors))]
        for author in listings.authors {
            listing(
                author.path, author.entries, heading: author.name, lead: "Skills by \(author.name).",
                count: Self.count(author.entries.count, "skill"), empty: "", crumbs: authorsCrumb)
        }

        pages.append(
            directory(
                urls.groups, heading: "Groups", lead: "Every group of skills.",
                items: catalogue.groups.map { group in
                    DirectoryPage.Item(
                        name: group.name, url: urls.href(group.path),
                        countText: Self.count(group.entries.count, "skill"),
                        detail: RatingSummary.ratingsText(group.ratingCount))
                }, count: Self.count(catalogue.groups.count, "group"), empty: "There are no skills yet."))
        pages.append(
            directory(
                urls.languages, heading: "Languages", lead: "Skills by the language they speak.",
                items: languagesByName.map { language in
                    DirectoryPage.Item(
                        name: languageNames(language.name), url: urls.href(language.path),
                        countText: Self.count(language.entries.count, "skill"),
                        detail: language.name)
                }, count: Self.count(listings.languages.count, "language"), empty: "There are no skills yet."))
        pages.append(
            directory(
                urls.authors, heading: "Authors", lead: "Skills by the people who made them.",
                items: listings.authors.map { author in
                    DirectoryPage.Item(
                        name: author.name, url: urls.href(author.path),
                        countText: Self.count(author.entries.count, "skill"), detail: "")
                }, count: Self.count(listings.authors.count, "author"), empty: "No skill names its author."))
        return pages
    }

    package func directory(
        _ path: String, heading: String, lead: String, items: [DirectoryPage.Item], count: String,
        empty: String
    ) -> PageJob {
        let key = PageKey(
            values: [heading, lead, count, empty] + items.flatMap { [$0.name, $0.url, $0.countText, $0.detail] })
        return PageJob(template: "directory", path: catalogue.urls.output(ofPage: path), key: key) {
            DirectoryPage(
                common: common(path: path, title: heading, description: lead), heading: heading, lead: lead,
                countText: count, items: items, emptyText: empty)
        }
    }

    /// How Top rated orders skills, in the site's own numbers (see `BayesianRanking`).
    var rankingExplanation: String {
        let prior = catalogue.config.priorVotes
        let m = prior.rounded() == prior ? Int(prior).grouped : String(prior)
        let ranking = BayesianRanking(priorVotes: prior)
        func shown(_ counts: StarCounts) -> String { String(format: "%.2f", ranking.score(counts) ?? 0) }
        return "Each skill is scored as if it had \(m) extra ratings of \(Int(BayesianRanking.priorMean)) stars: "
            + "score = (sum of its stars + \(m) × \(Int(BayesianRanking.priorMean))) ÷ (its number of ratings + \(m)). "
            + "A single 5-star rating scores \(shown(StarCounts(five: 1))); a thousand ratings averaging 4.8 score "
            + "\(shown(StarCounts(four: 200, five: 800))). The more ratings a skill has, the closer its score comes to its "
            + "own average. Equal scores go to the skill with more ratings, then by name. Skills without ratings are "
            + "not listed; the cards show each skill's plain average."
    }

    func languageNames(_ code: String) -> String { listingData.languageNames[code] ?? code }

    package static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n.grouped) \(noun)s" }

    /// The pager of a listing's page, or nil when the listing fits on one page.
    func pager(base: String, pagination: Pagination, page: Int) -> PagerData? {
        let urls = catalogue.urls
        return pager(pagination: pagination, page: page) { urls.href(urls.listingPage(base, page: $0)) }
    }

    /// The pager of page `page`, its links made by `url` (page number → href from the site root).
    func pager(pagination: Pagination, page: Int, url: (Int) -> String) -> PagerData? {
        guard pagination.pageCount > 1 else { return nil }
        return PagerData(
            label: "Page \(page) of \(pagination.pageCount)",
            links: pagination.links(current: page).map { link in
                switch link {
                case .page(let n): PagerData.Link(number: n, url: url(n), current: n == page)
                case .gap: PagerData.Link(number: nil, url: "", current: false)
                }
            },
            prevURL: page > 1 ? url(page - 1) : nil,
            nextURL: page < pagination.pageCount ? url(page + 1) : nil)
    }
}
