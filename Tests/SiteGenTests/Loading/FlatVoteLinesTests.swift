import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// The byte-level vote reader must read every line it accepts exactly as JSONDecoder does, and
/// leave every other line to JSONDecoder.
@Suite struct FlatVoteLinesTests {
    static func fast(_ line: String) -> EventMerger.Line? {
        let bytes = Array(line.utf8)
        return FlatVoteLines.read(bytes, [0..<bytes.count])?.first
    }

    static func decoded(_ line: String) throws -> EventMerger.Line {
        try JSONDecoder().decode(EventMerger.Line.self, from: Data(line.utf8))
    }

    static func same(_ a: EventMerger.Line, _ b: EventMerger.Line) -> Bool {
        a.skill == b.skill && a.skillValue == b.skillValue && a.stars == b.stars && a.user == b.user
            && a.timestamp == b.timestamp && a.comment == b.comment && a.name == b.name
            && a.commentIsNotText == b.commentIsNotText
    }

    @Test(arguments: [
        #"{"skill":"news/headline-finder","stars":4,"user":"u1","timestamp":"2024-01-02T10:00:00Z"}"#,
        #"  { "skill" : "a" , "stars" : 5 }  "#,
        #"{"stars":1,"skill":"x","user":12345,"extra":"ignored","n":-7}"#,
        #"{"skill":"ünïcödé/日本","stars":3,"user":"-0"}"#,
        #"{"skill":"a","stars":-0,"user":0}"#,
        #"{"skill":"a","stars":9}"#,
        "{}",
        #"{"user":"only"}"#,
        "{\"skill\":\"a\",\t\"stars\":2\r}",
        #"{"skill":"a","stars":4,"user":"u","comment":"Good <b>one</b>","name":"Ann"}"#,
        #"{"skill":"a","comment":"no stars"}"#,
    ])
    func plainLinesReadAsJSONDecoderReadsThem(_ line: String) throws {
        let fast = try #require(Self.fast(line), "the fast reader refused \(line)")
        #expect(Self.same(fast, try Self.decoded(line)), "\(line)")
    }

    @Test(arguments: [
        #"{"skill":"a\"b","stars":4}"#,
        #"{"skill":"a\u0041","stars":4}"#,
        #"{"skill":"a","stars":4.0}"#,
        #"{"skill":"a","stars":4e0}"#,
        #"{"skill":"a","stars":04}"#,
        #"{"skill":"a","stars":"4"}"#,
        #"{"skill":1,"stars":4}"#,
        #"{"skill":"a","stars":4,"stars":5}"#,
        #"{"skill":"a","stars":null}"#,
        #"{"skill":"a","stars":true}"#,
        #"{"skill":"a","nested":{"x":1}}"#,
        #"{"skill":"a","list":[1]}"#,
        #"{"skill":"a","stars":4} x"#,
        #"{"skill":"a","stars":4,}"#,
        #"{"skill":"a" "stars":4}"#,
        #"["skill"]"#,
        #"{"skill":"a","user":1234567890123456789}"#,
        "{\"skill\":\"a\tb\"}",
        #"{"skill":"a""#,
    ])
    func otherLinesAreLeftToJSONDecoder(_ line: String) {
        #expect(Self.fast(line) == nil, "\(line)")
    }

    @Test func oneOddLineSendsTheWholeFileToJSONDecoderWithTheSameResult() {
        let plain = (0..<50).map {
            #"{"skill":"s\#($0 % 7)","stars":\#($0 % 5 + 1),"user":"u\#($0 % 11)","timestamp":"2024-01-\#(10 + $0 % 9)"}"#
        }
        let odd = plain + [#"{"skill":"s1","stars":5.0,"user":"u\u0031","timestamp":"2025-01-01"}"#]
        func tallies(_ lines: [String]) -> [String: RatingTally] {
            var merger = EventMerger()
            var log = DiagnosticLog()
            merger.read(lines.joined(separator: "\n"), path: "votes.jsonl", &log)
            #expect(log.items.isEmpty)
            return merger.tallies()
        }
        let bytes = Array(odd.joined(separator: "\n").utf8)
        #expect(FlatVoteLines.read(bytes, [0..<bytes.count]) == nil)
        var expected = tallies(plain)
        // The odd line is u1's later vote for s1 (`\u0031` is "1"), replacing the one on line 2.
        #expect(tallies(odd) != expected)
        expected = tallies(plain + [#"{"skill":"s1","stars":5,"user":"u1","timestamp":"2025-01-01"}"#])
        #expect(tallies(odd) == expected)
    }
}
