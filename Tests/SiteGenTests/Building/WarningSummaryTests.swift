import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

@Suite struct WarningSummaryTests {
    func warnings(_ count: Int, kind: String?, path: String = "a.txt") -> [Diagnostic] {
        (1...count).map { line in
            let d = Diagnostic.warning(path, line: line, "problem `\(line)` number \(line * 1000)")
            return kind.map { d.kind($0) } ?? d
        }
    }

    @Test func fewWarningsAreAllShownInOrder() {
        let diagnostics = warnings(20, kind: "k").reversed() + [Diagnostic.error("a.txt", line: 3, "broken")]
        let lines = WarningSummary.lines(Array(diagnostics))
        #expect(lines == Array(diagnostics).sorted().map(\.description))
    }

    @Test func manyAreSummarisedPerKindWithTheFirstFewAsExamples() {
        let diagnostics =
            warnings(30, kind: "unknown SUSI key") + warnings(4, kind: "SUSI file skipped", path: "b.txt")
            + warnings(2, kind: nil, path: "c.txt")
        let lines = WarningSummary.lines(diagnostics.shuffled())
        #expect(
            lines == [
                "a.txt:1: warning: problem `1` number 1000",
                "a.txt:2: warning: problem `2` number 2000",
                "a.txt:3: warning: problem `3` number 3000",
                "note: 27 more warnings like these (unknown SUSI key)",
                // Four of a kind are shown, not three and "1 more".
                "b.txt:1: warning: problem `1` number 1000",
                "b.txt:2: warning: problem `2` number 2000",
                "b.txt:3: warning: problem `3` number 3000",
                "b.txt:4: warning: problem `4` number 4000",
                "c.txt:1: warning: problem `1` number 1000",
                "c.txt:2: warning: problem `2` number 2000",
                "36 warnings: 30 unknown SUSI key, 4 SUSI file skipped, 2 problem `…` number N; --verbose shows all",
            ])
    }

    @Test func errorsAreNeverSummarised() {
        let errors = (1...50).map { (n: Int) in Diagnostic.error("e.txt", line: n, "bad \(n)") }
        let lines = WarningSummary.lines(errors + warnings(30, kind: "k"))
        #expect(lines.filter { $0.contains(": error: ") }.count == 50)
        #expect(lines.count == 50 + 3 + 1 + 1)
    }

    @Test func verboseShowsEverything() {
        let diagnostics = warnings(500, kind: "k")
        #expect(WarningSummary.lines(diagnostics, verbose: true).count == 500)
        #expect(WarningSummary.lines(diagnostics).count == 5)
    }

    @Test func unclassifiedMessagesGroupByTheirShape() {
        let a = Diagnostic.warning("x", "image `a.png` not found in Content/; the page shows a placeholder")
        let b = Diagnostic.warning("y", "image `b/c.png` not found in Content/; the page shows a placeholder")
        #expect(WarningSummary.label(of: a) == "image `…` not found in Content/")
        #expect(WarningSummary.label(of: a) == WarningSummary.label(of: b))
        #expect(
            WarningSummary.label(of: .warning("z", "ratings for 1,234 unknown skill(s) ignored: `x`"))
                == "ratings for N unknown skill(s) ignored")
        #expect(WarningSummary.label(of: a.kind("mine")) == "mine")
    }

    @Test func kindIsNotPartOfEquality() {
        let plain = Diagnostic.warning("a", line: 1, "m")
        #expect(plain.kind("k") == plain)
        #expect(Set([plain, plain.kind("k")]).count == 1)
        #expect(plain.kind == nil)
    }
}
