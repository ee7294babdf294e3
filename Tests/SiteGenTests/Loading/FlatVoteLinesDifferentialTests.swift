import Foundation
import Testing

@testable import CatalogueModel
@testable import PageRendering
@testable import SiteAssembly

/// The fast vote reader against its reference, JSONDecoder, over generated lines and the fuzzers'
/// saved inputs: whatever line the fast reader accepts, it reads exactly as the reference does, so
/// the fast code can change without fear.
@Suite struct FlatVoteLinesDifferentialTests {
    /// A vote line from a small grammar that reaches every branch of the fast reader: the known keys
    /// (repeated, missing, in any order), other keys, strings with escapes, control characters and
    /// non-ASCII, whole numbers from 0 to 20 digits with signs and leading zeros, fractions and
    /// exponents, nesting, and odd whitespace.
    static func line(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func string() -> String {
            let pieces = [
                "a", "news/headline-finder", "ü", "日本", "\\\"", "\\\\", "\\n", "\\u0041", " ", "\t", "é", "-", "0",
            ]
            return "\"" + (0..<Int.random(in: 0...4, using: &random)).map { _ in pick(pieces) }.joined() + "\""
        }
        func number() -> String {
            let digits = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                String(Int.random(in: 0...9, using: &random))
            }.joined()
            return pick(["", "-", "+"]) + digits + pick(["", "", "", ".5", "e3", "E-2", ".0"])
        }
        func value() -> String {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: return string()
            case 4...7: return number()
            case 8: return pick(["true", "null", "[]", "{}", "[1,2]", "{\"a\":1}"])
            default: return pick(["\"\u{1}\"", "tru", "\"open", "01", "-"])
            }
        }
        let keys = ["skill", "stars", "user", "timestamp", "comment", "name", "other", "Skill"]
        var members: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            members.append("\"\(pick(keys))\"" + pick([":", " : ", ":\t"]) + value())
        }
        let space = pick(["", " ", "\t", "\r"])
        return space + "{" + space + members.joined(separator: pick([",", " , ", ",\t"])) + space + "}"
            + pick(["", " ", "\r"])
    }

    static func check(_ line: String) -> String? {
        guard let fast = FlatVoteLinesTests.fast(line) else { return nil }
        guard let reference = try? FlatVoteLinesTests.decoded(line) else {
            return "accepted what the reference refuses: \(line)"
        }
        return FlatVoteLinesTests.same(fast, reference) ? nil : "read differently: \(line)"
    }

    @Test func generatedLinesAreReadAsTheReferenceReadsThem() {
        var random = SplitMix64(seed: 20)
        var accepted = 0
        var differences: [String] = []
        for _ in 0..<20_000 {
            let line = Self.line(&random)
            if FlatVoteLinesTests.fast(line) != nil { accepted += 1 }
            if let difference = Self.check(line) { differences.append(difference) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        // The grammar must reach the fast path often, or the comparison says little.
        #expect(accepted > 2_000, "only \(accepted) of 20,000 lines took the fast path")
    }

    @Test func theFuzzersSavedInputsAreReadAsTheReferenceReadsThem() throws {
        let corpus = FixtureSite.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/FuzzVoteLines")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(!files.isEmpty)
        var lines = 0
        for file in files {
            let text = String(decoding: try Data(contentsOf: corpus.appendingPathComponent(file)), as: UTF8.self)
            for line in text.split(separator: "\n") {
                lines += 1
                #expect(Self.check(String(line)) == nil, "\(file)")
            }
        }
        #expect(lines > 0)
    }
}
