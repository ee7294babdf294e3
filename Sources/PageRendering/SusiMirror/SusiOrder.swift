import CatalogueModel

/// SUSI's orders of a skill list, `filter_type` with `filter_name` (fossasia/susi_server
/// DAO.java:907-1079, applied in ListSkillService.java:254-298). Ties keep the order the list had
/// (SUSI's sorts are stable), and that order is the catalogue's (by name, then id), so the same
/// request always gets the same list.
enum SusiOrder: String, CaseIterable {
    case creationDate = "creation_date"
    case modifiedDate = "modified_date"
    case lexicographical
    /// Skills with at least 10 ratings before the rest (after them, ascending), each part by
    /// average (`sortByMostRating`): SUSI's own guard against one 5-star vote leading the list.
    case rating
    case topRated = "top_rated"
    case usage
    case feedback

    /// How many ratings put a skill in the first part of `rating` (DAO.java:907-942).
    static let ratedEnough = 10

    /// The indices of `entries` in this order; `ascending` as `filter_name=ascending` asks (any
    /// other value is descending, ListSkillService.java:262-266).
    func sorted(_ indices: [Int], of entries: [Catalogue.Entry], ascending: Bool) -> [Int] {
        indices.enumerated().sorted { a, b in
            let order = compare(entries[a.element], entries[b.element])
            if order != 0 { return ascending ? order < 0 : order > 0 }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Below zero when `a` comes first in ascending order.
    private func compare(_ a: Catalogue.Entry, _ b: Catalogue.Entry) -> Int {
        switch self {
        case .creationDate: Self.compare(Self.created(a.skill).lowercased(), Self.created(b.skill).lowercased())
        case .modifiedDate: Self.compare(Self.modified(a.skill).lowercased(), Self.modified(b.skill).lowercased())
        case .lexicographical: Self.compare(a.skill.name.lowercased(), b.skill.name.lowercased())
        case .rating:
            Self.compare(a.rating.total >= Self.ratedEnough ? 1 : 0, b.rating.total >= Self.ratedEnough ? 1 : 0)
                .nonZero ?? Self.compare(Self.average(a.rating), Self.average(b.rating))
        case .topRated: Self.compare(Self.average(a.rating), Self.average(b.rating))
        case .usage: Self.compare(a.skill.usageCount, b.skill.usageCount)
        case .feedback: Self.compare(JSONAPI.feedbackCount(a.rating), JSONAPI.feedbackCount(b.rating))
        }
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a == b ? 0 : 1 }

    /// `avg_star` as published: hundredths, rounded half up (`JSONAPI.rating`).
    static func average(_ rating: RatingSummary) -> Int { JSONAPI.averageHundredths(rating.counts) }

    /// `creationTime` and `lastModifiedTime` as the skill objects give them.
    static func created(_ skill: Skill) -> String { JSONAPI.creationTime(skill) }
    static func modified(_ skill: Skill) -> String { JSONAPI.lastModifiedTime(skill) }

    /// The day (since 1970) of a SUSI time (`2019-03-01T…`), nil for the epoch (unknown).
    static func day(_ time: String) -> Int? {
        guard !SusiTime.isUnknown(time), let day = DateText.day(String(time.prefix(10))) else { return nil }
        return BuildDate.days(ofISODay: day)
    }
}

extension Int {
    fileprivate var nonZero: Int? { self == 0 ? nil : self }
}
