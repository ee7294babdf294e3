import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// Positions in messages point at the real place: JSON syntax errors (Foundation on Linux gives
/// only a byte offset, or nothing), YAML errors in front matter (counted from the top of the
/// file), and the sort order of a report.
@Suite struct ErrorPositionTests {
    struct JSONCase: CustomTestStringConvertible, Sendable {
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { text.debugDescription }
    }

    static let jsonCases: [JSONCase] = [
        JSONCase(
            text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3,
            message: "expected `,` or `}`, found `\"`: is a comma missing at the end of line 2?"),
        JSONCase(text: "{\"a\": 1 \"b\": 2}", line: 1, column: 9, message: "expected `,` or `}`, found `\"`"),
        JSONCase(text: "[1, 2 3]", line: 1, column: 7, message: "expected `,` or `]`, found `3`"),
        JSONCase(text: "[1, 2,, 3]", line: 1, column: 7, message: "expected a value, found `,`"),
        JSONCase(
            text: "{\n \"a\": tru\n}", line: 2, column: 7,
            message: "unexpected `tru`: text must be in double quotes; only true, false and null stand bare"),
        JSONCase(
            text: "{\"dynamic_content\": maybe}", line: 1, column: 21,
            message: "unexpected `maybe`: text must be in double quotes; only true, false and null stand bare"),
        JSONCase(
            text: "{name: \"x\"}", line: 1, column: 2,
            message: "unexpected `name`: text must be in double quotes; only true, false and null stand bare"),
        JSONCase(
            text: "{\n  \"a\": \"unclosed\n}", line: 2, column: 17,
            message: "a line break inside the string that starts at line 2, column 8: is its closing `\"` missing?"),
        // Columns count characters, not bytes: é is two bytes in UTF-8.
        JSONCase(text: "{\"é\": 1 2}", line: 1, column: 9, message: "expected `,` or `}`, found `2`"),
        JSONCase(text: "{\"a\": 1}}", line: 1, column: 9, message: "unexpected `}` after the end of the JSON value"),
        JSONCase(text: "{\"a\": 01}", line: 1, column: 7, message: "numbers may not start with 0 (`01`)"),
        JSONCase(text: "{\"a\": -}", line: 1, column: 7, message: "invalid number `-`"),
        JSONCase(
            text: "{\"a\": [1,\n 2\n", line: 3, column: 1,
            message: "unexpected end of file: a string, `[` or `{` is not closed"),
        JSONCase(text: "  \n", line: 2, column: 1, message: "the file is empty"),
        JSONCase(text: "\r\n{\r\n \"a\": ,\r\n}", line: 3, column: 7, message: "expected a value, found `,`"),
    ]

    @Test(arguments: jsonCases)
    func jsonSyntaxErrorsPointAtTheProblem(_ testCase: JSONCase) throws {
        let syntax = try #require(JSONProblem.syntax(in: Data(testCase.text.utf8)))
        #expect(syntax == JSONProblem.Syntax(line: testCase.line, column: testCase.column, message: testCase.message))
        // The reader that meets the error reports the same thing.
        var log = DiagnosticLog()
        _ = JSONSkillReader.read(testCase.text, id: "x", displayPath: "x.json", &log)
        #expect(
            log.items.map(\.description) == [
                "x.json:\(testCase.line):\(testCase.column): error: invalid JSON: \(testCase.message)"
            ])
    }

    @Test func validJSONHasNoSyntaxProblem() {
        #expect(JSONProblem.syntax(in: Data("{\"a\": [1, 2.5e3, \"é\", null, true]}".utf8)) == nil)
    }

    @Test func locatorFindsValuesLikeTheDecoderReadsThem() {
        let text = """
            {"a": {"x": 1, "x": [10, {"y\\"q\\u00e9": "deep"}]},
             "\\ud83d\\ude00": 2, "b": [[], {}], "c": "str"}
            """
        // Duplicate keys: the last one counts, as in JSONDecoder.
        #expect(JSONLocator.position(of: ["a", "x"], in: text)! == (1, 21))
        #expect(JSONLocator.position(of: ["a", "x", "1", "y\"qé"], in: text)! == (1, 41))
        #expect(JSONLocator.position(of: ["😀"], in: text)! == (2, 18))
        #expect(JSONLocator.position(of: ["b", "1"], in: text)! == (2, 31))
        #expect(JSONLocator.position(of: ["c"], in: text)! == (2, 41))
        #expect(JSONLocator.position(of: ["a", "x", "2"], in: text) == nil)
        #expect(JSONLocator.position(of: ["c", "0"], in: text) == nil)
        #expect(JSONLocator.position(of: ["missing"], in: text) == nil)
    }

    /// Many bad values in a large file: each is located, without parsing the file per problem.
    @Test func everyBadCountInALargeFileIsLocated() throws {
        var text = "{\n"
        for i in 0..<20_000 { text += "  \"s\(i)\": {\"one_star\": -\(i + 1), \"five_star\": 2},\n" }
        text += "  \"last\": {}\n}\n"
        var log = DiagnosticLog()
        let file = ContentFile(
            url: URL(fileURLWithPath: "/dev/null"), relativePath: "counts.json", displayPath: "counts.json")
        var sources = RatingSources()
        var susi: [String: SusiFolder] = [:]
        RatingReader.readJSON(text, file: file, into: &sources, susi: &susi, &log)
        #expect(log.items.count == 20_000)
        #expect(
            log.items.sorted().first?.description
                == "counts.json:2:22: error: `one_star` is -1; a count cannot be negative")
        #expect(
            log.items.sorted().last?.description
                == "counts.json:20001:26: error: `one_star` is -20000; a count cannot be negative")
    }

    @Test func eachVoteLineIsReportedOnItsOwnLine() {
        var merger = EventMerger()
        var log = DiagnosticLog()
        merger.read(
            "{\"skill\": \"a\", \"stars\": 5}\n\n{\"skill\": \"a\" \"stars\": 5}\n[1]\n{\"skill\": \"a\", \"stars\": 4.5}\n",
            path: "v.jsonl", &log)
        #expect(
            log.items.map(\.description) == [
                "v.jsonl:3:15: error: invalid JSON: expected `,` or `}`, found `\"`",
                "v.jsonl:4:1: error: each line must be one JSON object, like {\"skill\": \"news/headline-finder\", \"stars\": 4}",
                "v.jsonl:5:25: error: `stars` must be a whole number from 1 to 5, found 4.5",
            ])
    }

    /// A sparse file reads as NUL bytes: one line of hundreds of megabytes. It was decoded whole
    /// (11.6 s and 1.27 GB for 200 MB) to say it was not JSON; it is refused on its length.
    @Test func aVoteLineLongerThanAnyVoteRefusesTheFileUnread() throws {
        var log = DiagnosticLog()
        let good = Data("{\"skill\": \"a\", \"stars\": 5}\n".utf8)
        #expect(
            EventMerger.linesFit(good + Data(repeating: 0x61, count: InputLimits.voteLineBytes), path: "v.jsonl", &log))
        let sparse = good + Data(count: InputLimits.voteLineBytes + 1)
        #expect(!EventMerger.linesFit(sparse, path: "v.jsonl", &log))
        #expect(
            log.items.map(\.description) == [
                "v.jsonl:2:1: error: line 2 is 1,048,577 bytes; a vote takes one line of at most 1,048,576 bytes (1 MiB); the file was not read"
            ])
    }

    /// So that a file of millions of broken lines (not a vote log at all) costs a few messages,
    /// not one per line.
    @Test func aVoteLogIsLeftUnreadAfterTwentyBrokenLines() {
        var merger = EventMerger()
        var log = DiagnosticLog()
        merger.read(
            String(repeating: "not a vote\n", count: 10_000) + "{\"skill\": \"a\", \"stars\": 5}\n", path: "v.jsonl",
            &log)
        #expect(log.items.count == InputLimits.brokenVoteLines + 1)
        #expect(
            log.items.last?.description
                == "v.jsonl:21:1: error: 20 broken lines before this one; the rest of the file was not read: is it a vote log?"
        )
    }

    @Test func yamlErrorsCountFrontMatterLinesFromTheTopOfTheFile() {
        func report(_ text: String) -> [String] {
            var log = DiagnosticLog()
            _ = MarkdownSkillReader.read(text, id: "x", displayPath: "x.md", &log)
            return log.items.map(\.description)
        }
        #expect(
            report("---\nname: A: B\ngroup: G\n---\n") == [
                "x.md:2:8: error: invalid YAML: mapping values are not allowed in this context"
            ])
        // CRLF files report the same lines.
        #expect(
            report("---\r\nname: A\r\ngroup: [G\r\n---\r\n") == [
                "x.md:4:1: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)"
            ])
        #expect(
            report("---\nname: Tab\n\tgroup: G\n---\n") == [
                "x.md:3:1: error: invalid YAML: found a tab character that violates indentation (while scanning a plain scalar at line 2)"
            ])
        #expect(
            report("---\nname: Bell\u{7}\ngroup: G\n---\n") == [
                "x.md:2:11: error: invalid YAML: control characters are not allowed (U+0007)"
            ])
        #expect(
            report("---\nname: \"unclosed\ngroup: G\n---\n") == [
                "x.md:3:9: error: invalid YAML: found unexpected end of stream (while scanning a quoted scalar at line 2)"
            ])
        #expect(report("---\n- a\n---\n") == ["x.md:2:1: error: expected `key: value` lines, found a list"])
        #expect(
            report("name: A\n") == [
                "x.md:1:1: error: a skill file must start with `---` and YAML front matter (name, group, …)"
            ])
        #expect(
            report("---\nname: A\ngroup: G\n") == [
                "x.md:1:1: error: front matter is not closed: add a line `---` after the YAML"
            ])
    }

    @Test func reportsSortByPathThenLineThenColumnWithErrorsFirst() {
        let unsorted: [Diagnostic] = [
            .warning("b.md", line: 2, column: 1, "w"),
            .error("b.md", line: 10, column: 1, "late"),
            .error("a.md", "no line"),
            .error("b.md", line: 2, column: 1, "e"),
            .error("b.md", line: 2, "no column"),
            .error("a.md", line: 1, column: 5, "x"),
        ]
        #expect(
            BuildFailure(unsorted).diagnostics.map(\.description) == [
                "a.md: error: no line",
                "a.md:1:5: error: x",
                "b.md:2: error: no column",
                "b.md:2:1: error: e",
                "b.md:2:1: warning: w",
                "b.md:10:1: error: late",
            ])
    }
}
