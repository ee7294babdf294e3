import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// The pieces that keep author-supplied text inert, one by one.
@Suite struct SafetyUnitTests {
    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:x",
        "&#106;avascript:alert(1)", "java&#x09;script:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>",
        "data:image/png;base64,AAAA", "file:///etc/passwd", "//evil.example/x", "/relative", "https:evil", "https://",
        "https://exa\u{200B}mple.org", "https://example.org/\u{202E}gpj.exe", "https://example.org/\"onmouseover=\"x",
        "https://example.org/<script>", "https://example.org/`x`", "mailto:nobody", "<link>", "",
    ])
    func unsafeURLsAreRefused(_ url: String) {
        #expect(SafeURL.external(url) == nil)
    }

    @Test(arguments: [
        "https://example.org/a?b=c&d=e#f", "http://example.org", "HTTPS://EXAMPLE.ORG/", "mailto:a@example.org",
    ])
    func safeURLsPass(_ url: String) {
        #expect(SafeURL.external(url) == url)
    }

    @Test func markdownKeepsSafeModeAndDropsUnsafeLinks() {
        let rendered = Markdown.render(
            """
            Hi <b onclick="x">there</b> [ok](https://example.org) [bad](javascript:alert(1)) [mail](mailto:a@b.org)
            [enc](&#106;avascript:alert(1)) <javascript:alert(1)> <https://example.org/auto>

            ![alt text](data:image/svg+xml;base64,PHN2Zz4=) ![remote](https://example.org/a.png) ![rel](images/a.png)

            <script>alert(1)</script>
            """)
        #expect(
            rendered.html == """
                <p>Hi <!-- raw HTML omitted -->there<!-- raw HTML omitted --> <a href="https://example.org">ok</a> bad <a href="mailto:a@b.org">mail</a>
                enc  <a href="https://example.org/auto">https://example.org/auto</a></p>
                <p>alt text <img src="https://example.org/a.png" alt="remote" /> rel</p>
                <!-- raw HTML omitted -->

                """)
        // The summary (cards, meta description) never holds the dropped URL either.
        #expect(rendered.summary == "Hi there ok bad mail enc  https://example.org/auto")
    }

    @Test func visibleTextRemovesOverridesAndInvisibles() {
        #expect(VisibleText.clean("\u{202E}abc\u{202C}") == "abc")
        #expect(VisibleText.clean(" a\u{200B}b\u{2060}c\u{FEFF} ") == "abc")
        #expect(VisibleText.clean("\u{2066}x\u{2069}\u{0}\u{1B}[31m") == "x[31m")
        // Joiners stay: emoji sequences and several scripts need them.
        #expect(VisibleText.clean("👨\u{200D}👩\u{200D}👧 می\u{200C}خواهم") == "👨\u{200D}👩\u{200D}👧 می\u{200C}خواهم")
    }

    @Test func yamlGuardCountsAliasExpansionExactly() {
        // Keys a and b, 1 2 3 and their list (4 values, the anchor), three aliases of 4 each,
        // b's list and the top mapping: 20 values in all.
        let yaml = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        #expect(YAMLGuard.check(yaml) == nil)
        #expect(YAMLGuard.check(yaml, maxValues: 20) == nil)
        #expect(YAMLGuard.check(yaml, maxValues: 19) == .tooLarge(line: 3, column: 1))
        #expect(YAMLGuard.check(yaml, maxValues: 17) == .tooLarge(line: 2, column: 13))
        // Quoted or commented stars are not aliases; libyaml decides, not a text search.
        #expect(YAMLGuard.check("a: \"*b\" # *c\nd: 'x *y'\ne: 5 * 3\n", maxValues: 7) == nil)
    }

    @Test func nestingLimitsAreExact() {
        let yamlAtLimit = "a: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(YAMLGuard.check(yamlAtLimit) == nil)
        #expect(
            YAMLGuard.check("a: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
                == .tooDeep(line: 1, column: 67))
        let jsonAtLimit = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(JSONNesting.firstTooDeep(in: Data(jsonAtLimit.utf8)) == nil)
        #expect(JSONNesting.firstTooDeep(in: Data(("[" + jsonAtLimit + "]").utf8)) == 64)
        #expect(JSONNesting.firstTooDeep(in: Data("[\"[[[[[[[[\\\"[[[[\"]".utf8), limit: 2) == nil)
        #expect((try? JSONValue.parse(jsonAtLimit)) != nil)
    }
}
