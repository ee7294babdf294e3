import MustacheCompiler

/// Which of the skill page's costliest values the theme's skill template can show: a theme pays
/// only for what it shows, as Hugo computes a page's related content only for a template that
/// asks for it (`.Related`). Related skills alone are a tenth of a build whose templates show
/// nothing of them. A value the template cannot reach changes no byte of the site.
struct SkillPageReach: Sendable, Equatable {
    /// `related` and `hasRelated`: the related skills, scored over the whole catalogue.
    var related: Bool
    /// `timeline`: ratings over time, drawn by `_timeline.mustache`.
    var timeline: Bool
    /// `chart`: the 5→1 bar chart, drawn by `_chart.mustache`.
    var chart: Bool

    static let everything = SkillPageReach(related: true, timeline: true, chart: true)
}

extension SkillPageReach {
    /// What `skill` reaches through its partials and parents; everything when the engine cannot
    /// tell, or when the template can print the page's data whole (`{{.}}` anywhere but in a
    /// list of texts, `PageName.printsOnlyTexts`).
    init(engine: any TemplateEngine) {
        guard let names = engine.namesReached(fromTemplateNamed: "skill"),
            PageName.printsOnlyTexts(engine.contextsPrinted(fromTemplateNamed: "skill"))
        else {
            self = .everything
            return
        }
        related = names.contains(PageName.related.rawValue) || names.contains(PageName.hasRelated.rawValue)
        timeline = names.contains(PageName.timeline.rawValue)
        chart = names.contains(PageName.chart.rawValue)
    }
}
