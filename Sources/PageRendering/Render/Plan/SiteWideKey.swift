import CatalogueModel

extension SiteRenderer {
    /// The site-wide values that pages made from `template` can show, through the template, its
    /// partials and parents, and the header and footer every page carries. A theme that shows
    /// the skill count on every page makes every page depend on it; the default theme shows it
    /// on the home page only, so a vote re-renders the pages that show the skill, not the site.
    /// An engine that cannot tell what its templates reach gets every value.
    package func siteValues(reachedFrom template: String) -> [String] {
        let engine = theme.engine
        let templates = [template, "header", "footer"]
        let reached = templates.map { engine.namesReached(fromTemplateNamed: $0) }
        // `{{.}}` that can print a page's or the frame's data whole shows every value.
        let printsWhole = !templates.allSatisfy {
            PageName.printsOnlyTexts(engine.contextsPrinted(fromTemplateNamed: $0))
        }
        func reaches(_ name: String) -> Bool { printsWhole || reached.contains { $0?.contains(name) ?? true } }
        var values: [String] = [siteWide.hasFeed ? "feed" : "no feed"]
        let listed = siteWide.listed
        values.append(
            [listed.topRated, listed.mostRated, listed.newest, listed.authors].map { $0 ? "1" : "0" }.joined())
        values.append(reaches("skillCount") ? siteWide.skillCount : "")
        values.append(reaches("ratingCount") ? siteWide.ratingCount : "")
        if reaches("navGroups") {
            // A group's count shows only through the name `count`, or with the whole list printed
            // (`{{navGroups}}`): the default footer lists the groups without it, so adding a skill
            // does not change every page.
            let counts =
                reaches("count")
                || templates.contains { engine.namesPrinted(fromTemplateNamed: $0)?.contains("navGroups") ?? true }
            values.append(String(siteWide.navGroups.count))
            values += siteWide.navGroups.flatMap { [$0.name, $0.url, counts ? String($0.count) : ""] }
        }
        return values
    }
}
