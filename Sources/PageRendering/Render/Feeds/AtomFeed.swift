import CatalogueModel

/// `feed.xml`: an Atom feed of the newest skills. Feed readers need absolute links, so there is
/// a feed only when `base_url` has a host. Its `updated` is the newest skill's date, never the
/// build time: rebuilding the same content gives the same bytes, and readers see no false news.
enum AtomFeed {
    /// - Parameter newest: the entries to list, newest first (all of them have a `created` date).
    /// - Returns: nil when the base URL has no host or no skill has a date.
    package static func xml(
        newest: [Catalogue.Entry], config: SiteConfig, strings: UIStrings, descriptions: [String: Markdown.Rendered]
    ) -> String? {
        guard config.hasHost, let latest = newest.first?.skill.created else { return nil }
        let urls = config.urls
        let selfURL = urls.absolute(urls.href(urls.feed))
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XML.escape(config.language))">
              <title>\(XML.escape(title(config: config, strings: strings)))</title>
              <subtitle>\(XML.escape(config.description))</subtitle>
              <link rel="self" type="application/atom+xml" href="\(XML.escape(selfURL))"/>
              <link rel="alternate" type="text/html" href="\(XML.escape(urls.absolute(urls.href(urls.newest))))"/>
              <id>\(XML.escape(selfURL))</id>
              <updated>\(timestamp(latest))</updated>
              <author><name>\(XML.escape(config.title))</name></author>
              <generator>sitegen</generator>

            """
        for entry in newest {
            guard let created = entry.skill.created else { continue }
            let s = entry.skill
            let url = urls.absolute(urls.href(entry.path))
            let rendered = descriptions[s.id]
            out += "  <entry>\n"
            out += "    <title>\(XML.escape(s.name))</title>\n"
            out += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(XML.escape(url))\"/>\n"
            out += "    <id>\(XML.escape(url))</id>\n"
            out += "    <published>\(timestamp(created))</published>\n"
            out += "    <updated>\(timestamp(created))</updated>\n"
            if let author = s.author {
                out += "    <author><name>\(XML.escape(author))</name>"
                if let authorURL = s.authorURL { out += "<uri>\(XML.escape(authorURL))</uri>" }
                out += "</author>\n"
            }
            out += "    <category term=\"\(XML.escape(s.group))\"/>\n"
            if let summary = rendered?.summary, !summary.isEmpty {
                out += "    <summary type=\"text\">\(XML.escape(summary))</summary>\n"
            }
            if let html = rendered?.html, !html.isEmpty {
                // xml:base makes any relative reference in the description resolve against its page.
                out += "    <content type=\"html\" xml:base=\"\(XML.escape(url))\">\(XML.escape(html))</content>\n"
            }
            out += "  </entry>\n"
        }
        out += "</feed>\n"
        return out
    }

    /// Skills carry a day; Atom wants a moment: midnight UTC of that day.
    /// "Skill Catalogue: newest skills", in the site's language.
    package static func title(config: SiteConfig, strings: UIStrings) -> String {
        strings.text("feed_title", ["site": config.title])
    }

    package static func timestamp(_ day: String) -> String { day + "T00:00:00Z" }
}
