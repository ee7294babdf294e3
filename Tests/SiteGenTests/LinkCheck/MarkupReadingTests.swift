import Foundation
import MustacheCompiler
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The link check reads markup written alike on many pages (cards, headers: `TemplateMark`) once
/// and steps over it afterwards, only where that reads the page as reading everything would.
@Suite struct MarkupReadingTests {
    static let existing: Set<String> = ["index.html", "skills/a/index.html", "a.css"]

    /// Markup a page may hold as a repeated fragment: whole, with good and broken links, and
    /// markup that leaves a tag, comment, script or `<loc>` open.
    static let fragments = [
        "<li class=\"card\"><a href=\"skills/a/\">A</a><img src=\"gone.png\" srcset=\"a.css 1x, x.png 2x\"></li>",
        "<header><a href=\"missing/\">m</a> text</header>\n",
        "<p>plain</p> trailing text",
        "<div title=\"", "<!-- <a href=\"hidden/\">", "<script>", "<loc>", "<b", "<b x=y", "</b",
        "<a href=\"ok/\"", "text <a href=\"skills/a/\">a</a>",
    ]

    /// Pages of random pieces, fragments among them at a tag's start, after text, inside
    /// attribute values, comments and scripts: the pages read with marks find the same broken
    /// links and the same targets as read whole, page after page (the later ones from the
    /// readings kept by the first), with the table of the site's paths or without it.
    @Test(arguments: 0..<40)
    func steppingOverMarksFindsWhatReadingFinds(_ seed: UInt64) {
        let (files, marks) = Self.pages(
            seed: seed, fragments: Self.fragments, paths: ["index.html"] + (1..<6).map { "p\($0).html" })
        let config = SiteConfig()
        let known = KnownPaths(existing: Self.existing, indexFile: config.urls.indexFile)
        let read = LinkCheck.look(at: files, known: known, config: config, linkFree: nil, recording: true)
        let stepped = LinkCheck.look(
            at: files, places: marks, known: known, config: config, linkFree: nil, recording: true)
        #expect(stepped.broken == read.broken, "seed \(seed)")
        #expect(stepped.targets.map(\.path) == read.targets.map(\.path))
        #expect(stepped.targets.map(\.targets) == read.targets.map(\.targets), "seed \(seed)")
        #expect(!read.broken.isEmpty)
        // Without the table, as a build's first pages look before it is made: the same.
        let untabled = LinkCheck.look(
            at: files, places: marks, known: nil, existing: Self.existing, config: config, linkFree: nil,
            recording: true)
        #expect(untabled.broken == read.broken, "seed \(seed)")
        #expect(untabled.targets.map(\.targets) == read.targets.map(\.targets), "seed \(seed)")
    }

    /// Pages of random pieces at `paths`, fragments among them (`fragments`, each with its memo,
    /// the same on every page) at a tag's start, after text, inside attribute values, comments
    /// and scripts; and where each page holds the fragments.
    static func pages(seed: UInt64, fragments: [String], paths: [String]) -> ([OutputFile], [[TemplateMark]]) {
        var random = SplitMix64(seed: seed)
        let others = [
            "<a href=\"missing/\">m</a>", "<a href=\"skills/a/\">a</a>", "<p title=\"", "\">", "<!-- ", " -->",
            "<script>", "</script>", "<div ", ">", "'", "\"", "text ", "<link href=\"a.css\">", "<loc>", "</loc>", "<",
            "=", "href=\"nowhere/\" ",
        ]
        let memos = fragments.map { _ in TemplateMark.Memo() }
        var files: [OutputFile] = []
        var marks: [[TemplateMark]] = []
        for path in paths {
            var page: [UInt8] = []
            var pageMarks: [TemplateMark] = []
            for _ in 0..<40 {
                if random.next() % 2 == 0 {
                    let f = Int(random.next() % UInt64(fragments.count))
                    let start = page.count
                    page += Array(fragments[f].utf8)
                    pageMarks.append(
                        TemplateMark(range: start..<page.count, key: TemplateMark.Key(memo: memos[f], variant: .init()))
                    )
                } else {
                    page += Array(others[Int(random.next() % UInt64(others.count))].utf8)
                }
            }
            files.append(OutputFile(path: path, data: Data(page)))
            marks.append(pageMarks)
        }
        return (files, marks)
    }

    /// With a build's `Round`, repeated markup whose links all resolve is decided once per page
    /// depth and stepped over after: pages at three depths, and in two folders of one depth (a
    /// fragment that resolves at one depth only, and links written from the page's folder that
    /// resolve in one folder only, among them), find the same broken links as read whole, batch
    /// after batch of one build, and a later build whose paths lack one decides the readings again.
    @Test(arguments: 0..<40)
    func aRoundDecidesRepeatedMarkupOncePerDepth(_ seed: UInt64) {
        let fragments =
            Self.fragments + [
                "<nav><a href=\"only-here/\">o</a> <a href=\"skills/a/\">a</a></nav>", "<link href=\"a.css\">",
            ]
        let paths = [
            "index.html", "d/p1.html", "p2.html", "d/p3.html", "e/p4.html", "d/e/p5.html", "p6.html", "e/p7.html",
            "d/p8.html", "e/p9.html",
        ]
        let (files, marks) = Self.pages(seed: seed, fragments: fragments, paths: paths)
        let config = SiteConfig()
        // `only-here/` is a page at the root only; `skills/a/` and `a.css` are in `d/` too, not in `e/`.
        let existing = Self.existing.union(["only-here/index.html", "d/skills/a/index.html", "d/a.css"])
        let round = LinkCheck.Round()
        for batch in [0..<3, 3..<10] {
            let known = KnownPaths(existing: existing, indexFile: config.urls.indexFile)
            let read = LinkCheck.look(
                at: Array(files[batch]), known: known, config: config, linkFree: nil, recording: false)
            let decided = LinkCheck.look(
                at: Array(files[batch]), places: Array(marks[batch]), known: known, existing: existing,
                config: config, linkFree: nil, recording: false, round: round)
            #expect(decided.broken == read.broken, "seed \(seed), pages \(batch)")
        }
        // Some markup was decided once (`<link href="a.css">` resolves at every depth).
        let resolved = zip(files, marks).contains { file, marks in
            marks.contains { mark in
                mark.key.memo.withReading(mark.key.variant) {
                    ($0 as? MarkupReading)?.isResolved(in: round, depth: file.path.count { $0 == "/" })
                } == true
            }
        }
        #expect(resolved, "seed \(seed)")
        // Another build, where `skills/a/` went: the readings the first one decided are decided again.
        let fewer = existing.subtracting(["skills/a/index.html", "d/skills/a/index.html"])
        let known = KnownPaths(existing: fewer, indexFile: config.urls.indexFile)
        let read = LinkCheck.look(at: files, known: known, config: config, linkFree: nil, recording: false)
        let decided = LinkCheck.look(
            at: files, places: marks, known: known, existing: fewer, config: config, linkFree: nil, recording: false,
            round: LinkCheck.Round())
        #expect(decided.broken == read.broken, "seed \(seed), later build")
        #expect(read.broken.contains { $0.link == "skills/a/" })
    }

    /// A fragment read once is stepped over with its links where it stands next; one that leaves
    /// a tag open is never stepped over.
    @Test func aWholeFragmentIsReadOnceAndAnOpenOneNever() throws {
        let card = Array(Self.fragments[0].utf8)
        let memo = TemplateMark.Memo()
        let page = Array("<ul>".utf8) + card + Array("</ul>".utf8)
        let mark = TemplateMark(range: 4..<(4 + card.count), key: TemplateMark.Key(memo: memo, variant: .init()))
        for _ in 0..<2 {
            let steps = MarkupScanner.reading(page) { MarkupReading.steps(at: [mark], of: $0, linkFree: nil) }
            #expect(steps.map { $0.start } == [4])
            #expect(steps.first?.references.count == 3)  // href, src, srcset
            #expect(steps.first?.reading === memo.withReading(.init()) { $0 as? MarkupReading })
        }
        let length = memo.withReading(.init()) { ($0 as? MarkupReading)?.length }
        #expect(length == card.count)

        let open = Array("<div title=\"".utf8)
        let openMemo = TemplateMark.Memo()
        let openMark = TemplateMark(range: 0..<open.count, key: TemplateMark.Key(memo: openMemo, variant: .init()))
        let none = MarkupScanner.reading(open) { MarkupReading.steps(at: [openMark], of: $0, linkFree: nil) }
        #expect(none.isEmpty)
        #expect(openMemo.withReading(.init()) { ($0 as? MarkupReading).map { $0.references == nil } } == true)
    }

    /// A memo holding a reading of other bytes under the same key (a bug elsewhere) is not
    /// trusted: the markup is read as it is, and the step holds that reading.
    @Test func aReadingOfAnotherLengthIsNotUsed() {
        let card = Array(Self.fragments[0].utf8)
        let memo = TemplateMark.Memo()
        let other = Array("<p>other</p>".utf8)
        _ = MarkupScanner.reading(other) { memo.keep(MarkupReading($0, linkFree: nil), for: .init()) }
        let mark = TemplateMark(range: 0..<card.count, key: TemplateMark.Key(memo: memo, variant: .init()))
        let steps = MarkupScanner.reading(card) { MarkupReading.steps(at: [mark], of: $0, linkFree: nil) }
        #expect(steps.first?.references.count == 3)
        #expect(steps.first?.reading.length == card.count)
    }
}

/// The engine says where it printed fragments written alike in many places, and only those.
@Suite struct TemplateMarkTests {
    struct Piece: TemplateFragment {
        let bytes: String
        let memo: TemplateMark.Memo?
        func write(into output: inout [UInt8]) { output += Array(bytes.utf8) }
        var markKey: TemplateMark.Key? { memo.map { TemplateMark.Key(memo: $0, variant: .init()) } }
    }

    @Test func marksFallWhereKeyedFragmentsPrint() throws {
        let library = try TemplateLibrary([
            "page": ("<p>{{{card}}}</p>{{card}}{{&card}}{{{plain}}}{{#list}}<i>{{{.}}}</i>{{/list}}", "page")
        ])
        let memo = TemplateMark.Memo()
        let card = Piece(bytes: "<a href=\"x\">&</a>", memo: memo)
        let data = TemplateDictionary([
            "card": .fragment(card), "plain": .fragment(Piece(bytes: "<b>", memo: nil)),
            "list": .list([.fragment(card)]),
        ])
        var output: [UInt8] = []
        var marks: [TemplateMark] = []
        #expect(library.render(templateNamed: "page", data: data, into: &output, marks: &marks))
        let text = String(decoding: output, as: UTF8.self)
        // Printed as it is three times (`{{{card}}}`, `{{&card}}`, in the list); escaped once, unmarked.
        #expect(marks.count == 3)
        for mark in marks {
            #expect(String(decoding: output[mark.range], as: UTF8.self) == card.bytes)
            #expect(mark.key.memo === memo)
        }
        #expect(text.contains("&lt;a href"))
        var plain: [UInt8] = []
        #expect(library.render(templateNamed: "page", data: data, into: &plain))
        #expect(plain == output)
    }
}
