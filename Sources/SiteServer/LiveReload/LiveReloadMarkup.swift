import CatalogueModel
import Foundation
import PageRendering

/// What `serve` adds to an HTML page it sends: the overlay's style, the overlay itself while the
/// latest build has failed (so it shows without JavaScript too), and the live-reload script.
struct LiveReloadMarkup {
    /// The endpoint's path as the browser asks for it, base path included.
    var endpoint: String
    /// The output file the page shows (`skills/news/x/index.html`), or would show (a 404).
    var file: String
    var news: BuildNews.Report
    var run: String
    /// Allows the script and the style under a Content-Security-Policy (`ContentSecurityPolicy`).
    var nonce: String

    static let overlayID = "sitegen-build-errors"

    var html: String {
        let attributes = [
            ("endpoint", endpoint), ("file", file), ("generation", String(news.generation)), ("run", run),
        ].map { " data-\($0.0)=\"\(HTML.escape($0.1))\"" }.joined()
        return "<style nonce=\"\(nonce)\">\(LiveReloadScript.style)</style>"
            + (news.failure.map(Self.overlay) ?? "")
            + "<script nonce=\"\(nonce)\"\(attributes)>\(LiveReloadScript.text)</script>"
    }

    /// A failed build's diagnostics, escaped, each line as the terminal printed it; the errors first.
    static func overlay(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let counted = "\(errors) error\(errors == 1 ? "" : "s")"
        let diagnostics = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
        return "<div id=\"\(overlayID)\" role=\"alert\"><p><strong>The last build failed</strong> (\(counted)). "
            + "This is the last good page; it updates when a build succeeds.</p><pre>"
            + HTML.escape(diagnostics.map(\.description).joined(separator: "\n")) + "</pre></div>"
    }

    /// `page` with the markup before its last `</body>` (or at its end when it has none), and
    /// the nonce added to any policy its `<meta http-equiv="Content-Security-Policy">` tags set.
    /// Works on bytes: a page need not be valid UTF-8 to be served.
    func inserted(into page: [UInt8]) -> [UInt8] {
        let page = ContentSecurityPolicy.allowingInMetaTags(nonce: nonce, page)
        let insertion = Array(html.utf8)
        let end = Self.lastBodyEnd(page) ?? page.count
        var out: [UInt8] = []
        out.reserveCapacity(page.count + insertion.count)
        out += page[..<end]
        out += insertion
        out += page[end...]
        return out
    }

    static func lastBodyEnd(_ page: [UInt8]) -> Int? {
        page.lastCaseless(Array("</body".utf8))
    }
}
