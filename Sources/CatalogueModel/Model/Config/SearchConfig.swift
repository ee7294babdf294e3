/// The `search` section of `site.yml`: where the header's search form sends its query (`GET`,
/// field `q`). A path on the site only: the results page is rendered in the site's look, with
/// links relative to where it is served, by `sitegen serve` or the companion service.
public struct SearchConfig: Sendable, Equatable {
    /// The path below the site's root, without its leading `/` (`search`).
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The absolute path a server answers searches at, for a site served under `basePath`.
    public func localPath(basePath: String) -> String {
        (basePath.hasSuffix("/") ? basePath : basePath + "/") + path
    }

    /// The way back to the site root from the results page: a page at `find/search` resolves
    /// its links against `find/`, one folder down (`../`). At the top it is `./`, not the empty
    /// text other pages there use: `href=""` would lead back to the results, not the home page.
    public var root: String {
        let depth = path.filter { $0 == "/" }.count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }
}
