/// How a group's page orders its skills (`group_order` in site.yml). On the public SUSI repository
/// a plain name order puts `test` and `demo` skills first, so the default ranks rated skills first.
public enum GroupOrder: String, CaseIterable, Sendable {
    /// Rated skills as Top rated orders them, then the unrated by name.
    case rating
    /// Rated skills as Most rated orders them, then the unrated by name.
    case votes
    /// By name, then id.
    case name
    /// Dated skills as Newest orders them, then the undated by name.
    case newest
}
