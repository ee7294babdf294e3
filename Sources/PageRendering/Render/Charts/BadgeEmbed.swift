import CatalogueModel

/// The snippets on a skill's page that put its badge, linked to the page, into a README or a web
/// page. Both hold absolute URLs, since they are pasted elsewhere: a site without a host in its
/// `base_url` has none.
package struct BadgeEmbed: Sendable, Equatable {
    package let markdown: String
    /// Markup to paste, shown as text on the page (the template escapes it).
    package let html: String
    /// "Rating of Tea Timer": the badge's alt text in both snippets and on the page.
    package let alt: String

    package init?(skill: Skill, pagePath: String, urls: SiteURLs, strings: UIStrings) {
        guard urls.hasHost else { return nil }
        let page = urls.absolute(urls.href(pagePath))
        let badge = urls.absolute(urls.href(urls.badge(page: pagePath)))
        // The rating is left out: the pasted text stays while the badge changes with the votes.
        alt = strings.text("badge_alt", ["name": skill.name])
        markdown = "[![\(Self.markdownText(alt))](\(Self.markdownURL(badge)))](\(Self.markdownURL(page)))"
        html = "<a href=\"\(HTML.escape(page))\"><img src=\"\(HTML.escape(badge))\" alt=\"\(HTML.escape(alt))\"></a>"
    }

    /// Text that Markdown reads as itself: every ASCII punctuation mark backslash-escaped
    /// (CommonMark allows it before any of them), line breaks as spaces.
    static func markdownText(_ text: String) -> String {
        // As UTF-8 bytes: every byte of a character beyond ASCII is 0x80 or more, so none of
        // them is taken for punctuation or a line break, and they are copied as they are.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x0A, 0x0D: out.append(0x20)
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:  // ! to /, : to @, [ to `, { to ~
                out.append(0x5C)
                out.append(byte)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A link destination Markdown cannot end early: hrefs are percent-encoded already, but the
    /// base URL is the owner's, so its parentheses, angle brackets and spaces are encoded too.
    static func markdownURL(_ url: String) -> String {
        // Nearly every URL has none of them: no walk over its characters.
        guard url.utf8.contains(where: { $0 == 0x28 || $0 == 0x29 || $0 == 0x3C || $0 == 0x3E || $0 == 0x20 }) else {
            return url
        }
        return url.reduce(into: "") { out, ch in out += urlEscapes[ch] ?? String(ch) }
    }

    static let urlEscapes: [Character: String] = ["(": "%28", ")": "%29", "<": "%3C", ">": "%3E", " ": "%20"]
}
