import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The link check steps over markup the build repeats (star rows) only where reading it would
/// find nothing and leave the tokenizer where stepping over leaves it: whatever pages hold,
/// stepping over finds the same broken links as reading everything.
@Suite struct LinkFreeMarkupTests {
    static let existing: Set<String> = ["index.html", "skills/a/index.html", "a.css"]

    /// A star row as the theme draws it, two of them, and candidates the check must not step over.
    static let row = StarRow(style: StarRowStyle()).svg(value: 3.5, engine: ThemePartial.builtIn)
    static let otherRow = StarRow(style: StarRowStyle()).svg(value: 1.5, engine: ThemePartial.builtIn)
    static let withLink = "<svg class=\"stars\"><a href=\"missing/\">x</a></svg>"
    static let openTag = "<svg class=\"stars\" title=\""
    static let openComment = "<svg class=\"stars\"></svg><!-- "
    static let openScript = "<svg class=\"stars\"></svg><script>"
    static let openLoc = "<svg class=\"stars\"></svg><loc>"
    static let openName = "<svg class=\"stars\"></svg><b"
    static let openValue = "<svg class=\"stars\"></svg><b x=y"
    static let openEndTag = "<svg class=\"stars\"></svg></b"
    static let unsafe = [withLink, openTag, openComment, openScript, openLoc, openName, openValue, openEndTag]

    @Test func keepsWhatReadsAsWholeAndLinkless() {
        #expect(LinkFreeMarkup.isLinkFree(Array(Self.row.utf8)))
        #expect(LinkFreeMarkup.isLinkFree(Array("<svg class=\"stars\"><path d=\"M0\"/></svg> text".utf8)))
        for candidate in Self.unsafe {
            #expect(!LinkFreeMarkup.isLinkFree(Array(candidate.utf8)), "\(candidate)")
        }
    }

    /// Pages made of random pieces: star rows at a tag's start, inside attribute values, comments,
    /// scripts, after open tags; broken and good links between them; the candidates that must not
    /// be stepped over, given as if they were link-free. Stepping over changes nothing found.
    @Test(arguments: 0..<40)
    func steppingOverFindsWhatReadingFinds(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces =
            [
                Self.row, Self.otherRow, Self.row + "\n", "<a href=\"missing/\">m</a>", "<a href=\"skills/a/\">a</a>",
                "<p title=\"" + Self.row + "\">", "\">", "<!-- " + Self.row + " -->", "<!-- ", " -->",
                "<script>" + Self.row + "</script>", "<script>", "</script>", "<div ", ">", "'", "\"", "text ",
                "<link href=\"a.css\">", "<img src=\"gone.png\">", "<loc>", "</loc>", "<", "<svg", "=",
                "href=\"nowhere/\" ", "x=y>", "a href=\"gone/\">",
            ] + Self.unsafe
        let linkFree = LinkFreeMarkup([Self.row, Self.otherRow] + Self.unsafe)
        let files = (0..<6).map { k in
            let text = (0..<40).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            return OutputFile(path: k == 0 ? "index.html" : "p\(k).html", text: text)
        }
        let config = SiteConfig()
        let known = KnownPaths(existing: Self.existing, indexFile: config.urls.indexFile)
        let read = LinkCheck.check(files, known: known, config: config)
        let steppedOver = LinkCheck.check(files, known: known, config: config, linkFree: linkFree)
        #expect(steppedOver == read, "seed \(seed)")
        #expect(!read.isEmpty)
    }

    /// The pieces are stepped over: a page of star rows is read at the cost of comparing them.
    @Test func aRowAtATagsStartIsSteppedOver() {
        let linkFree = LinkFreeMarkup([Self.row])
        let page = Array(("<p>" + Self.row + "</p>").utf8)
        MarkupScanner.reading(page) { bytes in
            #expect(linkFree.length(at: 3, of: bytes) == Self.row.utf8.count)
            #expect(linkFree.length(at: 0, of: bytes) == nil)
        }
    }
}
