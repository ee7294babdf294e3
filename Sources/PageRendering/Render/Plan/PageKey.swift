import CatalogueModel

/// What a page's (or a generated file's) bytes depend on beyond the theme, the site's settings
/// and the site-wide values its template reaches: the skills it shows and its own values
/// (names, counts, its page number). A kept build renders a page again only when its key
/// changed, so a key must name everything the page's data is made from.
package struct PageKey: Sendable, Equatable {
    package var entries: [Catalogue.Entry]
    /// Positional: a list in it is preceded by its length, so two keys never run into each other.
    package var values: [String]

    package init(entries: [Catalogue.Entry] = [], values: [String] = []) {
        self.entries = entries
        self.values = values
    }

    /// Entries compare by value (`isSame`).
    package static func == (a: PageKey, b: PageKey) -> Bool {
        a.values == b.values && a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.isSame(as: $1) }
    }
}

extension Catalogue.Entry {
    /// The same skill with the same ratings at the same place. Each build makes new entries, and
    /// an entry unchanged since the last build holds the same strings, which compare without
    /// reading them.
    package func isSame(as other: Catalogue.Entry) -> Bool {
        self === other || (path == other.path && rating == other.rating && skill == other.skill)
    }
}
