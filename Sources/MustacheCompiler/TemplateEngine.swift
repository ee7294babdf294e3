/// What renders a site's templates: the compiled `TemplateLibrary` in every build; swift-mustache
/// (MustacheOracle's `OracleLibrary`) where tests build whole sites with both and compare them.
public protocol TemplateEngine: Sendable {
    /// Appends the template called `name`, rendered with `data` as the outermost context, to
    /// `output`; false when there is no such template, or when the rendering never ends (a
    /// partial that includes itself outside any section that ends).
    func render(templateNamed name: String, data: any TemplateData, into output: inout [UInt8]) -> Bool

    /// `render`, adding to `marks` where fragments printed as they are (`TemplateMark`); an
    /// engine that cannot tell adds none.
    func render(
        templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marks: inout [TemplateMark]
    ) -> Bool

    /// Whether there is a template called `name` (a failed `render` of one never ended).
    func hasTemplate(named name: String) -> Bool

    /// The template called `name` rendered with `data` and cut where `TemplateSlot` values
    /// print; nil when this engine cannot cut (the caller then renders for each place), or when
    /// there is no such template.
    func cut(templateNamed name: String, data: any TemplateData) -> TemplateCut?

    /// Every name a rendering of `name` can look up, through its partials and parents (each
    /// part of a dotted name); nil when the engine cannot tell. A kept build uses it to know
    /// which site-wide values a page's bytes depend on.
    func namesReached(fromTemplateNamed name: String) -> Set<String>?

    /// Where a rendering of `name` prints a context itself (`{{.}}`), through its partials and
    /// parents: the name of the section around each, the innermost (`""` outside every section,
    /// `"."` in `{{#.}}`). Such a tag prints whatever that context holds: the section's value,
    /// or, when that was a flag, the context around it, up to the page's data. Nil when the
    /// engine cannot tell.
    func contextsPrinted(fromTemplateNamed name: String) -> Set<String>?

    /// The names a rendering of `name` prints with `{{name}}` (the last part of a dotted name),
    /// through its partials and parents: a name whose value is a list or data prints everything
    /// it holds. Nil when the engine cannot tell.
    func namesPrinted(fromTemplateNamed name: String) -> Set<String>?
}

extension TemplateEngine {
    public func render(
        templateNamed name: String, data: any TemplateData, into output: inout [UInt8], marks: inout [TemplateMark]
    ) -> Bool {
        render(templateNamed: name, data: data, into: &output)
    }

    public func cut(templateNamed name: String, data: any TemplateData) -> TemplateCut? { nil }

    public func namesReached(fromTemplateNamed name: String) -> Set<String>? { nil }

    public func contextsPrinted(fromTemplateNamed name: String) -> Set<String>? { nil }

    public func namesPrinted(fromTemplateNamed name: String) -> Set<String>? { nil }

    /// The rendering as text, or nil when there is no such template.
    public func render(templateNamed name: String, data: any TemplateData) -> String? {
        var output: [UInt8] = []
        guard render(templateNamed: name, data: data, into: &output) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}

extension TemplateLibrary: TemplateEngine {}
