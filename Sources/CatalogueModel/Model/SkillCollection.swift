/// A skill named by id in site.yml (`featured`, a collection's `skills`), with where it was
/// written, so an id that names no skill is an error at its line with a did-you-mean.
public struct SkillReference: Sendable, Equatable {
    public var id: String
    public var line: Int?
    public var column: Int?

    public init(id: String, line: Int? = nil, column: Int? = nil) {
        self.id = id
        self.line = line
        self.column = column
    }
}

/// `collections` in site.yml: an editor's list of skills with a title and a short text, on a
/// page of its own (`collections/<slug>/`), linked from the home page.
public struct SkillCollection: Sendable, Equatable {
    public var title: String
    public var text: String
    /// The page's name, from the title.
    public var slug: String
    /// In the editor's order.
    public var skills: [SkillReference]

    public init(title: String, text: String = "", skills: [SkillReference]) {
        self.title = title
        self.text = text
        self.slug = Slug.segment(title)
        self.skills = skills
    }
}
