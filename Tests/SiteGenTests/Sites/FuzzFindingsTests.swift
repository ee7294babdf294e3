import CatalogueModel
import ContentLoading
import Foundation
import MustacheCompiler
import SiteGenTesting
import Testing

/// Inputs the fuzz targets in `Fuzz/` crashed on, and the hand-made hostile seeds, replayed
/// through the same reader entry points: each must come back as diagnostics, never a trap.
/// A new crash goes into `Fuzz/Corpus/<target>/` (CONTRIBUTING.md, "Fuzzing") and is read here.
@Suite struct FuzzFindingsTests {
    static let readers: [String: @Sendable ([UInt8]) -> [Diagnostic]] = [
        "FuzzVoteLines": ReaderEntryPoints.voteLines,
        "FuzzCountsJSON": ReaderEntryPoints.ratingJSON,
        "FuzzSusiStore": ReaderEntryPoints.susiStoreJSON,
        "FuzzFrontMatter": ReaderEntryPoints.markdownSkill,
        "FuzzSusiSkillFile": ReaderEntryPoints.susiSkillFile,
        "FuzzSiteConfig": ReaderEntryPoints.siteConfig,
        "FuzzSkillImage": ReaderEntryPoints.skillImage,
    ]
    static let corpus = TestSupport.repoRoot.appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: readers.keys.sorted())
    func everySavedInputIsReadWithoutATrap(_ target: String) throws {
        let reader = try #require(Self.readers[target])
        let folder = Self.corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(!names.isEmpty, "Fuzz/Corpus/\(target) holds no inputs")
        for name in names {
            let diagnostics = reader(try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            #expect(diagnostics.allSatisfy { !$0.path.isEmpty && !$0.message.isEmpty }, "\(target)/\(name)")
        }
    }

    /// FuzzTemplate's seeds and finds: each compiles to output or to errors naming their place.
    @Test func everySavedTemplateCompilesAndRendersAsItMust() throws {
        let folder = Self.corpus.appendingPathComponent("FuzzTemplate")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(!names.isEmpty, "Fuzz/Corpus/FuzzTemplate holds no inputs")
        for name in names {
            let problems = TemplateFuzzing.problems(try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            #expect(problems.isEmpty, "FuzzTemplate/\(name)")
        }
    }

    /// The harness itself: an input is cut into templates at NUL bytes, and a bad one is an error at its line.
    @Test func fuzzedTemplatesAreCutAtNulBytes() {
        let bytes = Array("{{>item}}\0\0{{text}}\0line\n{{#a}}".utf8)
        let (library, errors) = TemplateLibrary.compile(
            Dictionary(
                uniqueKeysWithValues: zip(
                    TemplateFuzzing.names, bytes.split(separator: 0, omittingEmptySubsequences: false)
                ).map {
                    ($0, (text: String(decoding: $1, as: UTF8.self), path: "Templates/\($0).mustache"))
                }))
        #expect(library.names == ["item", "layout", "page"])
        #expect(errors.map { "\($0.path):\($0.line)" } == ["Templates/empty.mustache:2"])
        #expect(TemplateFuzzing.problems(bytes).isEmpty)
        var page: [UInt8] = []
        #expect(library.render(templateNamed: "page", data: TemplateFuzzing.HostileData(depth: 0), into: &page))
        #expect(
            String(decoding: page, as: UTF8.self)
                == "&lt;a href=&quot;x&quot;&gt;&#39;Tom&#39; &amp; {{Jerry}}&lt;/a&gt;\r\n\t")
    }

    /// The first find: a 20-digit `stars` overflowed the fast vote reader's digit loop.
    @Test func twentyDigitStarsInAVoteLine() {
        let diagnostics = ReaderEntryPoints.voteLines(Array(#"{"skill":"a/b","stars":99999999999999999999}"#.utf8))
        #expect(diagnostics.map(\.location) == ["ratings/votes.jsonl:1:24"])
    }

    /// Yams multiplies base-60 integers without overflow checks; `tags` asked it for an Int.
    @Test func baseSixtyTagsInFrontMatter() {
        let diagnostics = ReaderEntryPoints.markdownSkill(
            Array("---\nname: A\ngroup: B\ntags: 1:2:3:4:5:6:7:8:9:10:11:12\n---\n".utf8))
        #expect(diagnostics.map(\.location) == ["skills/news/headline-finder.md:4:7"])
    }
}
