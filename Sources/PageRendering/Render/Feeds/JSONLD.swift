import CatalogueModel

/// schema.org data for a skill page (`<script type="application/ld+json">`), so search engines
/// can show the rating. `JSONOutput` escapes `<`, `>` and `&`, so no skill text can close the
/// script element or open a comment inside it.
enum JSONLD {
    /// - Parameters:
    ///   - url: the page's absolute URL, when the base URL has a host.
    ///   - image: the image's absolute URL, when there is one.
    ///   - rich: site.yml's price, platform and app types, which the page shows too (`SkillPage`).
    package static func skill(
        _ entry: Catalogue.Entry, description: String, url: String?, image: String?, rich: RichResults
    ) -> String {
        let s = entry.skill
        var fields: [(String, JSONOutput)] = [
            ("@context", .string("https://schema.org")),
            ("@type", .string("SoftwareApplication")),
            ("name", .string(s.name)),
        ]
        if !description.isEmpty { fields.append(("description", .string(description))) }
        // Google takes only its listed app types here; the group, free text, is the subcategory.
        if let category = rich.category(ofGroup: s.group) {
            fields.append(("applicationCategory", .string(category)))
        }
        fields.append(("applicationSubCategory", .string(s.group)))
        if let system = rich.operatingSystem { fields.append(("operatingSystem", .string(system))) }
        fields.append(("inLanguage", .string(s.language)))
        if let url { fields.append(("url", .string(url))) }
        if let image { fields.append(("image", .string(image))) }
        if let author = s.author {
            var person: [(String, JSONOutput)] = [("@type", .string("Person")), ("name", .string(author))]
            if let authorURL = s.authorURL { person.append(("url", .string(authorURL))) }
            fields.append(("author", .object(person)))
        }
        if let created = s.created { fields.append(("dateCreated", .string(created))) }
        fields.append(
            (
                "offers",
                .object([
                    ("@type", .string("Offer")),
                    ("price", .decimal(hundredths: rich.priceHundredths)),
                    ("priceCurrency", .string(rich.currency)),
                ])
            ))
        // Only with votes: an AggregateRating of zero ratings is invalid to search engines.
        if let tenths = entry.rating.averageTenths {
            fields.append(
                (
                    "aggregateRating",
                    .object([
                        ("@type", .string("AggregateRating")),
                        // The one-decimal average the page shows, so the markup matches the visible text.
                        ("ratingValue", .decimal(hundredths: tenths * 10)),
                        ("ratingCount", .int(entry.rating.total)),
                        ("bestRating", .int(5)),
                        ("worstRating", .int(1)),
                    ])
                ))
        }
        return JSONOutput.object(fields).text
    }
}
