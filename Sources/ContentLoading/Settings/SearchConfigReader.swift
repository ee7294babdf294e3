import CatalogueModel

/// Reads the `search` mapping of `site.yml`: `endpoint`, a path on the site (`/search`). Without
/// one there is no search form; a mistake is an error at its line and column.
enum SearchConfigReader {
    static let knownKeys = ["endpoint"]

    static func read(_ search: inout YAMLMapping, _ log: inout DiagnosticLog) -> SearchConfig? {
        defer { search.warnUnknownKeys(known: knownKeys, &log, what: "search") }
        guard let raw = search.string("endpoint", &log) else { return nil }
        // The same rules as the rating form's endpoint, less what a results page cannot be: on
        // another host its links back into the site would break, and a GET form drops `?…`.
        guard case .sitePath(let path)? = RatingFormConfigReader.endpoint(raw), !path.contains("?") else {
            search.error(
                &log, at: search.value("endpoint"),
                "`search.endpoint` must be a path on this site starting with `/`, without `?` (/search), found `\(raw)`; "
                    + "the results page is served there in the site's own look")
            return nil
        }
        return SearchConfig(path: path)
    }
}
