import CatalogueModel
import Parallel

/// Written reviews: the newest on each skill page, and every one on the skill's `reviews/`
/// pages (only skills with reviews have them).
extension SiteRenderer {
    /// The reviews pages of every skill that has reviews.
    func reviewJobs() -> [PageJob] {
        let urls = catalogue.urls
        let shared = Shared(self)
        var jobs: [PageJob] = []
        for (index, entry) in catalogue.entries.enumerated() where !entry.rating.reviews.isEmpty {
            let pagination = Pagination(
                itemCount: entry.rating.reviews.count, pageSize: catalogue.config.reviewsPerPage)
            for number in 1...pagination.pageCount {
                jobs.append(
                    PageJob(
                        template: "reviews",
                        path: urls.output(ofPage: urls.reviewsPage(page: entry.path, number: number)),
                        key: PageKey(entries: [entry], values: [String(number)])
                    ) {
                        shared.value.reviewsPage(shared.value.catalogue.entries[index], page: number)
                    })
            }
        }
        return jobs
    }

    func reviewsPage(_ entry: Catalogue.Entry, page: Int) -> ReviewsPage {
        let urls = catalogue.urls
        let skill = entry.skill
        let reviews = entry.rating.reviews
        let pagination = Pagination(itemCount: reviews.count, pageSize: catalogue.config.reviewsPerPage)
        let path = urls.reviewsPage(page: entry.path, number: page)
        let heading = strings.text("reviews_title", ["name": skill.name])
        let countText = strings.count("reviews_count", reviews.count)
        return ReviewsPage(
            common: common(path: path, title: numbered(heading, page: page), description: "\(heading): \(countText)"),
            name: skill.name, skillURL: urls.href(entry.path), heading: heading, countText: countText,
            backText: strings.text("back_to_skill", ["name": skill.name]),
            reviews: reviews[pagination.items(onPage: page)].map(reviewData),
            pager: pager(pagination: pagination, page: page) {
                urls.href(urls.reviewsPage(page: entry.path, number: $0))
            })
    }

    func reviewData(_ review: Review) -> ReviewData {
        let stars = review.stars.map { given in
            (
                row: starRow.svg(value: Double(given) * Double(starRow.style.count) / 5, engine: theme.engine),
                label: strings.count("review_stars", given)
            )
        }
        return ReviewData(
            id: review.id, name: review.name ?? strings.text("review_anonymous"), isAnonymous: review.name == nil,
            day: review.day, text: review.text, stars: stars)
    }
}
