import CatalogueModel
import Foundation
import Parallel

/// What the listing pages need beyond the catalogue, computed once per build.
struct ListingData: Sendable {
    let listings: CatalogueListings
    /// Language code → its name in the site's language ("German"), or the code when unknown.
    let languageNames: [String: String]
    /// Whether `feed.xml` is written (see `AtomFeed`).
    package let hasFeed: Bool
    /// `featured`'s skills, in the editor's order.
    let featured: [Catalogue.Entry]
    /// Each collection with its skills, in the editor's order.
    let collections: [(collection: SkillCollection, entries: [Catalogue.Entry])]
    /// Each skill's related skills, by index in the catalogue's entries: made on another core
    /// while the plan's other parts are (`SiteRenderer.plan`), and waited for when first asked.
    var related: RelatedSkills { relatedLater.wait().value }
    /// Held in a box: each skill's plan and page asks for its list, and `related` copied out
    /// the whole (a retain and a release of each of its many arrays) for every one.
    private let relatedLater: Background<Shared<RelatedSkills>>

    /// Skill `index`'s related skills (places in the catalogue's entries); nil for no such skill.
    func related(of index: Int) -> [Int]? {
        let lists = relatedLater.wait().value.lists
        return lists.indices.contains(index) ? lists[index] : nil
    }
    /// Skill `index`'s related skills as these listings will have them, made from `previous`'s
    /// scores without waiting for these (`RelatedSkills.list(of:in:topRated:)`); nil when those
    /// cannot tell.
    func related(of index: Int, scoredBy previous: ListingData, in entries: [Catalogue.Entry]) -> [Int]? {
        previous.related.list(of: index, in: entries, topRated: listings.topRated)
    }
    /// How many skills each author page lists, by its path.
    let authorSkillCounts: [String: Int]

    /// - Parameters:
    ///   - previous: a kept build's last listings, whose related skills' scores are kept while
    ///     no skill's text changed (`RelatedSkills`), and whose orders are patched when a few
    ///     skills changed since `before`, the catalogue they were made of (`CatalogueListings`).
    ///   - related: whether the theme shows related skills (`SkillPageReach`); else none are made.
    ///   - keepsScores: whether a next build will reuse these listings; a one-shot build drops the
    ///     related skills' scores once the lists are made.
    package init(
        _ catalogue: Catalogue, reusing previous: ListingData? = nil, of before: Catalogue? = nil, related: Bool = true,
        keepsScores: Bool = true
    ) {
        let patched = previous.flatMap { previous in
            before.flatMap { CatalogueListings(catalogue, patching: previous.listings, of: $0) }
        }
        listings = patched ?? CatalogueListings(catalogue)
        // An id that names no skill stopped the build already (`SkillReferenceCheck`).
        let config = catalogue.config
        if config.featured.isEmpty && config.collections.isEmpty {
            featured = []
            collections = []
        } else {
            let byID = Dictionary(catalogue.entries.map { ($0.skill.id, $0) }) { first, _ in first }
            featured = config.featured.compactMap { byID[$0.id] }
            collections = config.collections.map { ($0, $0.skills.compactMap { byID[$0.id] }) }
        }
        let locale = Locale(identifier: catalogue.config.language)
        func named(_ codes: some Sequence<String>, adding names: [String: String] = [:]) -> [String: String] {
            var names = names
            for code in codes where names[code] == nil {
                let name = locale.localizedString(forLanguageCode: code)
                names[code] = name.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
            }
            return names
        }
        // Patched listings have the same settings: only the codes of skills that came (or went in
        // again, with a new language) may be new (a name no skill shows any more is never asked).
        languageNames =
            if let patched, let previous {
                named(patched.came.map(\.skill.language), adding: previous.languageNames)
            } else {
                named(Set(catalogue.entries.map(\.skill.language)))
            }
        hasFeed = catalogue.config.hasHost && !listings.newest.isEmpty
        relatedLater = Background(sharing: true) {
            [
                entries = catalogue.entries, topRated = listings.topRated, urls = catalogue.urls,
                reused = previous?.related
            ] in
            guard related else { return Shared(RelatedSkills([], topRated: [], urls: urls)) }
            // None were made last time when that theme showed none: nothing to keep.
            let made = RelatedSkills(
                entries, topRated: topRated, urls: urls, reusing: reused?.lists.isEmpty == false ? reused : nil)
            return Shared(keepsScores ? made : made.forgettingScores())
        }
        authorSkillCounts = Dictionary(listings.authors.map { ($0.path, $0.entries.count) }) { first, _ in first }
    }
}

/// The browsing pages besides the index and groups: Top rated, Most rated, Newest, by language,
/// by author, and the directories of groups, languages and authors.
extension SiteRenderer {
    func listingPages(cards: CardCache) -> [PageJob] {
        let listings = listingData.listings
        let urls = catalogue.urls
        var pages: [PageJob] = []
        // Jobs hold the renderer and the cards by reference: closures that captured them by
        // value carried a copy of each (dozens of references) per page, thousands of pages a plan.
        let renderer = Shared(self)
        let sharedCards = Shared(cards)
        func listing(
            _ base: String, _ entries: [Catalogue.Entry], heading: String, lead: String, count: String,
            empty: String, crumbs: [NamedLink] = [], siblings: [NamedLink] = [], siblingsLabel: String = "",
            ranked: Bool = false, dated: Bool = false, explained: Bool = false
        ) {
            let pagination = Pagination(itemCount: entries.count, pageSize: catalogue.config.pageSize)
            let kind: CardCache.Kind = ranked ? .ranked : dated ? .dated : .plain
            // What every page of the listing shows alike, once for all its pages' keys.
            var values: [String] = [heading, lead, count, empty, String(crumbs.count)]
            for crumb in crumbs { values += [crumb.name, crumb.url] }
            values += [siblingsLabel, String(siblings.count)]
            for sibling in siblings { values += [sibling.name, sibling.url] }
            values += [String(kind.rawValue), String(explained), String(entries.count), String(pagination.pageCount)]
            let spec = Shared(
                ListingSpec(
                    base: base, entries: entries, heading: heading, lead: lead, count: count, empty: empty,
                    crumbs: crumbs, siblings: siblings, siblingsLabel: siblingsLabel, kind: kind, ranked: ranked,
                    explained: explained, pagination: pagination))
            for number in 1...pagination.pageCount {
                let path = urls.listingPage(base, page: number)
                let key = PageKey(
                    entries: Array(entries[pagination.items(onPage: number)]), values: values + [String(number)])
                pages.append(
                    PageJob(template: "listing", path: urls.output(ofPage: path), key: key) {
                        renderer.value.listingPage(spec.value, page: number, path: path, cards: sharedCards.value)
                    })
            }
        }

        let strings = strings
        listing(
            urls.topRated, listings.topRated, heading: strings.text("top_rated"), lead: strings.text("top_rated_lead"),
            count: strings.count("rated_skills", listings.topRated.count), empty: strings.text("none_rated"),
            ranked: true,
            explained: true)
        listing(
            urls.mostRated, listings.mostRated, heading: strings.text("most_rated"),
            lead: strings.text("most_rated_lead"),
            count: strings.count("rated_skills", listings.mostRated.count), empty: strings.text("none_rated"),
            ranked: true)
        listing(
            urls.newest, listings.newest, heading: strings.text("newest"), lead: strings.text("newest_lead"),
            count: strings.count("dated_skills", listings.newest.count), empty: strings.text("none_dated"),
            dated: true)

        for (collection, entries) in listingData.collections {
            listing(
                urls.collectionPage(collection.slug), entries, heading: collection.title,
                lead: collection.text.isEmpty ? strings.text("collection_lead") : collection.text,
                count: strings.count("skills", entries.count), empty: "")
        }

        let languagesCrumb = [NamedLink(name: strings.text("languages"), url: urls.href(urls.languages))]
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
                language.path, language.entries, heading: name,
                lead: strings.text("language_lead", ["language": name, "code": language.name]),
                count: strings.count("skills", language.entries.count), empty: "", crumbs: languagesCrumb,
                siblings: languageLinks.filter { $0.url != own }, siblingsLabel: strings.text("other_languages"))
        }
        let authorsCrumb = [NamedLink(name: strings.text("authors"), url: urls.href(urls.authors))]
        for author in listings.authors {
            listing(
                author.path, author.entries, heading: author.name,
                lead: strings.text("author_lead", ["author": author.name]),
                count: strings.count("skills", author.entries.count), empty: "", crumbs: authorsCrumb)
        }

        pages.append(
            directory(
                urls.groups, heading: strings.text("groups"), lead: strings.text("groups_lead"),
                items: catalogue.groups.map { group in
                    DirectoryPage.Item(
                        name: group.name, url: urls.href(group.path),
                        countText: strings.count("skills", group.entries.count),
                        detail: strings.count("ratings", group.ratingCount))
                }, count: strings.count("groups_count", catalogue.groups.count), empty: strings.text("no_skills")))
        pages.append(
            directory(
                urls.languages, heading: strings.text("languages"), lead: strings.text("languages_lead"),
                items: languagesByName.map { language in
                    DirectoryPage.Item(
                        name: languageNames(language.name), url: urls.href(language.path),
                        countText: strings.count("skills", language.entries.count),
                        detail: language.name)
                }, count: strings.count("languages_count", listings.languages.count),
                empty: strings.text("no_skills")))
        pages.append(
            directory(
                urls.authors, heading: strings.text("authors"), lead: strings.text("authors_lead"),
                items: listings.authors.map { author in
                    DirectoryPage.Item(
                        name: author.name, url: urls.href(author.path),
                        countText: strings.count("skills", author.entries.count), detail: "")
                }, count: strings.count("authors_count", listings.authors.count), empty: strings.text("no_authors")))
        return pages
    }

    /// One listing's pages, as `listingPages` plans them.
    struct ListingSpec: Sendable {
        let base: String
        let entries: [Catalogue.Entry]
        let heading: String
        let lead: String
        let count: String
        let empty: String
        let crumbs: [NamedLink]
        let siblings: [NamedLink]
        let siblingsLabel: String
        let kind: CardCache.Kind
        let ranked: Bool
        let explained: Bool
        let pagination: Pagination
    }

    func listingPage(_ listing: ListingSpec, page number: Int, path: String, cards: CardCache) -> ListingPage {
        let root = catalogue.urls.root(from: path)
        let range = listing.pagination.items(onPage: number)
        return ListingPage(
            common: common(path: path, title: numbered(listing.heading, page: number), description: listing.lead),
            heading: listing.heading, lead: listing.lead, countText: listing.count, emptyText: listing.empty,
            crumbs: listing.crumbs, siblings: listing.siblings, siblingsLabel: listing.siblingsLabel,
            cards: listing.entries[range].enumerated().map { offset, entry in
                cards.card(
                    entry, kind: listing.kind, root: root, level: 2,
                    rank: listing.ranked ? range.lowerBound + offset + 1 : nil)
            },
            hasSkills: !listing.entries.isEmpty,
            ranking: listing.explained ? rankingExplanation : nil,
            pager: pager(base: listing.base, pagination: listing.pagination, page: number))
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
        let numbers = strings.numbers
        let m = prior.rounded() == prior ? numbers.integer(Int(prior)) : numbers.decimal(String(prior))
        let ranking = BayesianRanking(priorVotes: prior)
        func shown(_ counts: StarCounts) -> String {
            numbers.decimal(String(format: "%.2f", ranking.score(counts) ?? 0))
        }
        return strings.text(
            "ranking_explanation",
            [
                "prior": m, "mean": numbers.integer(Int(BayesianRanking.priorMean)),
                "single": shown(StarCounts(five: 1)), "average": numbers.decimal("4.8"),
                "thousand": shown(StarCounts(four: 200, five: 800)),
            ])
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
            label: strings.text(
                "page_status",
                ["page": strings.numbers.integer(page), "pages": strings.numbers.integer(pagination.pageCount)]),
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
