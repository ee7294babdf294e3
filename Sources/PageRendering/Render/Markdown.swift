import CCmark
import CatalogueModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place Markdown is turned into HTML: the system libcmark in its safe mode (raw HTML
/// and `javascript:` links dropped), with smart punctuation. On top of cmark's rules, links
/// survive only as http, https or mailto, images only as http(s), and headings move one level
/// down because the page title is the only `h1`.
public enum Markdown {
    public struct Rendered: Sendable, Equatable {
        public var html: String
        /// Plain text of the first paragraph, for cards and meta descriptions.
        public var summary: String
    }

    /// - Parameter includingHTML: false leaves `html` empty, for a build that keeps every
    ///   description's summary but makes each page's HTML when it renders the page
    ///   (with `html(_:)`): the HTML of a large catalogue's descriptions is tens of megabytes.
    public static func render(_ source: String, includingHTML: Bool = true) -> Rendered {
        guard includingHTML else { return Rendered(html: "", summary: summary(source)) }
        let options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        guard let document = source.withCString({ cmark_parse_document($0, strlen($0), options) }) else {
            return Rendered(html: "", summary: "")
        }
        defer { cmark_node_free(document) }
        let summary = sanitize(document).summary
        guard let html = cmark_render_html(document, options) else { return Rendered(html: "", summary: summary) }
        defer { free(html) }
        return Rendered(html: String(cString: html), summary: summary)
    }

    /// `render(source).summary`, parsing as little as gives the same text: the part up to the
    /// first blank line when that part holds a paragraph (see `SummaryPrefix`), else all of it.
    public static func summary(_ source: String) -> String {
        if let prefix = SummaryPrefix.cut(source), let found = parsedSummary(String(prefix)), found.hasParagraph {
            return found.summary
        }
        return parsedSummary(source)?.summary ?? ""
    }

    private static func parsedSummary(_ source: String) -> (summary: String, hasParagraph: Bool)? {
        let options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        guard let document = source.withCString({ cmark_parse_document($0, strlen($0), options) }) else { return nil }
        defer { cmark_node_free(document) }
        return sanitize(document)
    }

    /// All of the description's text, without markup (every block, not only the first
    /// paragraph): what search indexes. Link targets and image addresses are not text.
    public static func plainText(_ source: String) -> String {
        let options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        guard let document = source.withCString({ cmark_parse_document($0, strlen($0), options) }) else { return "" }
        defer { cmark_node_free(document) }
        var text = ""
        walk(document) { node, type in
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_CODE_BLOCK:
                if let literal = cmark_node_get_literal(node) { text += " " + String(cString: literal) + " " }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM:
                // Words of two blocks never run together.
                text += " "
            default:
                break
            }
        }
        return VisibleText.clean(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Removes unsafe links and images (after the walk, since the iterator must not see a
    /// changing tree), then demotes headings and gathers the summary text from what is left.
    private static func sanitize(_ document: OpaquePointer) -> (summary: String, hasParagraph: Bool) {
        var unsafe: [OpaquePointer] = []
        walk(document) { node, type in
            switch type {
            case CMARK_NODE_LINK: if !isAllowedLink(url(of: node)) { unsafe.append(node) }
            case CMARK_NODE_IMAGE: if !isAllowedImage(url(of: node)) { unsafe.append(node) }
            default: break
            }
        }
        // Innermost first, so a node is never moved after its parent was freed.
        for node in unsafe.reversed() {
            // A link whose text is its own URL (`<javascript:…>`) would only show the URL, which
            // invites pasting it into the address bar: drop it whole. Otherwise keep the text.
            if !isOwnURLText(node) {
                while let child = cmark_node_first_child(node) {
                    cmark_node_unlink(child)
                    cmark_node_insert_before(node, child)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        var summary = ""
        var firstParagraph: OpaquePointer?
        walk(document) { node, type in
            switch type {
            case CMARK_NODE_HEADING:
                cmark_node_set_heading_level(node, min(6, cmark_node_get_heading_level(node) + 1))
            case CMARK_NODE_PARAGRAPH where firstParagraph == nil:
                firstParagraph = node
            default:
                break
            }
        }
        if let firstParagraph {
            walk(firstParagraph) { node, type in
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                    if let literal = cmark_node_get_literal(node) { summary += String(cString: literal) }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                    summary += " "
                default:
                    break
                }
            }
        }
        // Summaries go into cards and meta descriptions: no bidi overrides or invisible text there.
        return (VisibleText.clean(summary), firstParagraph != nil)
    }

    /// Calls `visit` for every node below and including `root`, on entering it.
    private static func walk(_ root: OpaquePointer, _ visit: (OpaquePointer, cmark_node_type) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, cmark_node_get_type(node))
        }
    }

    private static func isOwnURLText(_ node: OpaquePointer) -> Bool {
        guard let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
            cmark_node_get_type(child) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(child)
        else { return false }
        let text = String(cString: literal)
        let target = url(of: node)
        return text == target || "mailto:" + text == target
    }

    private static func url(of node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    static func isAllowedLink(_ url: String) -> Bool { SafeURL.external(url) != nil }
    static func isAllowedImage(_ url: String) -> Bool { SafeURL.isHTTP(url) && SafeURL.external(url) != nil }
}
