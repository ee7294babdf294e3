import MustacheCompiler

/// Every name the theme's page data answers, one case each. Templates are compiled against this
/// vocabulary (`Theme.compile`), so a lookup is a `switch` over the case its tag was given at
/// compile time, not a string compared with each name a page knows (about a tenth of a build's
/// time went to those comparisons). A name no case lists is answered by no page data.
package enum PageName: String, CaseIterable, Sendable {
    case action
    case added
    case allReviews
    case anchor
    case anonymous
    case apiURL
    case author
    case authorPageURL
    case authorSkillsText
    case authorURL
    case authorsURL
    case average
    case averageText
    case axis
    case backText
    case bars
    case buildDate
    case buildTimestamp
    case canonical
    case caption
    case card
    case cardLevel
    case chart
    case choices
    case classes
    case collections
    case comment
    case contentLang
    case count
    case countText
    case created
    case crumbs
    case cssClass
    case current
    case datedNote
    case day
    case descriptionHTML
    case detail
    case dots
    case dynamicContent
    case elsewhere
    case embed
    case emptyText
    case exampleLinks
    case examples
    case featured
    case feedTitle
    case feedURL
    case feedback
    case field
    case fill
    case fillWidth
    case filled
    case firstExample
    case form
    case gap
    case grid
    case group
    case groupCount
    case groupURL
    case groups
    case groupsURL
    case half
    case hasAuthors
    case hasCollections
    case hasDescription
    case hasExamples
    case hasFeatured
    case hasFeed
    case hasItems
    case hasLegal
    case hasMostRated
    case hasNewest
    case hasQuery
    case hasRelated
    case hasReviews
    case hasSiblings
    case hasSkills
    case hasTopRated
    case heading
    case height
    case hidden
    case id
    case image
    case imageIsLocal
    case imageIsRemote
    case imageLarge
    case imageLarge2x
    case imageLargeBox
    case imageLargeWebP
    case imageLargeWebP2x
    case imageSized
    case imageSmall
    case imageSmall2x
    case imageSmallBox
    case imageSmallWebP
    case imageSmallWebP2x
    case initial
    case items
    case jsonLD
    case kind
    case label
    case lang
    case language
    case languageName
    case languageURL
    case languagesURL
    case lead
    case legend
    case limit
    case line
    case links
    case metaDescription
    case method
    case model
    case more
    case moreByAuthor
    case mostRatedURL
    case name
    case nav
    case navGroups
    case newestURL
    case nextURL
    case noMatch
    case noMatchText
    case number
    case ogImage
    case ogTitle
    case operatingSystem
    case pageTitle
    case pager
    case path
    case percent
    case period
    case prevURL
    case price
    case privacyURL
    case query
    case radius
    case rank
    case ranking
    case rated
    case ratingCount
    case ratingForm
    case ratingLabel
    case ratingThanks
    case ratingsText
    case related
    case reportURL
    case reviewCount
    case reviews
    case root
    case rows
    case scale
    case searchStylesheetURL
    case searchURL
    case siblings
    case siblingsLabel
    case signIn
    case siteDescription
    case siteFooter
    case siteHeader
    case siteTitle
    case skillCount
    case skillName
    case skillURL
    case skills
    case slug
    case starRow
    case starRowLarge
    case stars
    case starsLabel
    case statsText
    case strokeWidth
    case stylesheetURL
    case summary
    case symbolPath
    case symbolViewBox
    case symbols
    case t
    case termsURL
    case text
    case themeStyle
    case timeline
    case title
    case topRatedURL
    case totalText
    case url
    case value
    case votes
    case width
    case x
    case x1
    case x2
    case y

    /// The names in the order `TemplateKey.index` counts them.
    package static let vocabulary: [String] = ordered.map(\.rawValue)

    /// The names whose value is a list of texts wherever page data answers them: `{{.}}` in
    /// their sections prints one of those texts, and nothing else of the page.
    static let textLists: Set<String> = [PageName.examples.rawValue]

    /// Whether a template whose `{{.}}` tags stand in `sections` (`contextsPrinted`) prints
    /// only texts with them, never a page's data whole; false when the engine cannot tell.
    static func printsOnlyTexts(_ sections: Set<String>?) -> Bool {
        sections.map { $0.isSubset(of: textLists) } ?? false
    }
    private static let ordered: [PageName] = allCases

    /// The key's case: by its place when the library was compiled with `vocabulary`, by its text
    /// when it was compiled without one.
    init?(_ key: TemplateKey) {
        guard let index = key.index, index < Self.ordered.count else {
            self.init(rawValue: key.name)
            return
        }
        assert(Self.ordered[index].rawValue == key.name, "a library compiled with another vocabulary")
        self = Self.ordered[index]
    }
}

/// Page data whose names are `PageName`s: it answers a compiled template by the name's case, and
/// anything else (the reference engine, tests) by the name's text, from the same `switch`.
package protocol PageData: TemplateData {
    func value(_ name: PageName) -> TemplateValue?

    /// `TemplateData.print` by the name's case: a type prints its hot text fields itself, the
    /// same bytes as `value(name)` printed, and says `.unhandled` for the rest.
    func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted
}

extension PageData {
    package func value(named name: String) -> TemplateValue? {
        PageName(rawValue: name).flatMap { value($0) }
    }

    package func value(for key: TemplateKey) -> TemplateValue? {
        PageName(key).flatMap { value($0) }
    }

    package func print(_ key: TemplateKey, with printer: TemplatePrinter, into output: inout [UInt8])
        -> TemplatePrinted
    {
        guard let name = PageName(key) else { return .absent }
        return print(name, with: printer, into: &output)
    }

    package func print(_ name: PageName, with printer: TemplatePrinter, into output: inout [UInt8])
        -> TemplatePrinted
    { .unhandled }
}
