// Benchmarks/search.sh: the search index at catalogue sizes, on SQLite and PostgreSQL. Times
// the first update (every skill written), an update with nothing changed, one edited skill,
// one vote, a hundred edits, and queries; prints one line each. Not a test: nothing is asserted.
import CatalogueModel
import CatalogueSearch
import Databases
import Foundation
import PageRendering

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let at = arguments.firstIndex(of: name), arguments.index(after: at) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: at)]
}
let size = option("--skills").flatMap(Int.init) ?? 10_000
let postgres = option("--postgres")

/// Deterministic words from a vocabulary of about 3,000 made-up ones (syllable pairs and
/// triples), so a query word matches a few hundred of 10,000 skills, not all of them.
struct Words {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da", "fu", "go", "ha", "ji"]
    static let vocabulary: [String] = syllables.flatMap { a in
        syllables.flatMap { b in [a + b] + syllables.map { a + b + $0 } }
    }
    mutating func next() -> String {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Self.vocabulary[Int((state >> 33) % UInt64(Self.vocabulary.count))]
    }
    mutating func text(_ count: Int) -> String { (0..<count).map { _ in next() }.joined(separator: " ") }
}

var words = Words()
var skills = (0..<size).map { i in
    Skill(
        id: "g\(i % 20)/skill-\(i)", tag: "skill-\(i)", name: words.text(2).capitalized + " \(i)",
        group: "Group \(i % 20)",
        author: "Author \(i % 300)", examples: [words.text(4), words.text(5)],
        description: "A *skill*. " + words.text(200))
}
var ratings: [String: RatingTally] = [:]
for i in stride(from: 0, to: size, by: 3) {
    ratings[skills[i].id] = RatingTally(stars: StarCounts(three: i % 7, four: i % 5, five: i % 11))
}

/// The catalogue as a build has it; the index's own work starts with `SearchCatalogue`.
@MainActor func catalogue() -> Catalogue { Catalogue(skills: skills, ratings: ratings, config: SiteConfig()) }

@MainActor func seconds(_ body: () async throws -> Void) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = start.duration(to: clock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

@MainActor func run(_ name: String, _ index: any SearchIndex) async throws {
    func line(_ what: String, _ time: Double, _ update: SearchIndexUpdate? = nil) {
        let detail = update.map { " (\($0.indexed) indexed, \($0.rescored) rescored, \($0.removed) removed)" } ?? ""
        print("\(name) \(size) skills: \(what): \(String(format: "%.1f", time * 1000)) ms\(detail)")
    }
    var update = SearchIndexUpdate()
    /// Digests every skill (`SearchCatalogue`), then writes what changed.
    /// The last catalogue written, as `LiveSearch` keeps it: unchanged skills keep their digests.
    var last: SearchCatalogue?
    func measure(_ what: String) async throws {
        let built = catalogue()
        var search: SearchCatalogue?
        let digests = try await seconds {
            search = SearchCatalogue(built, plainText: Markdown.plainText, reusing: last)
        }
        guard let search else { return }
        last = search
        line(what, try await seconds { update = try await index.update(search) } + digests, update)
        line("  of which the digests", digests)
    }
    try await measure("first update")
    try await measure("unchanged")
    skills[size / 2].description += " edited"
    try await measure("one edit")
    ratings[skills[1].id, default: RatingTally()].stars.five += 1
    try await measure("one vote")
    for i in stride(from: 0, to: size, by: max(1, size / 100)).prefix(100) { skills[i].name += " new" }
    try await measure("100 edits")
    var times: [Double] = []
    for i in 0..<200 {
        let query = SearchQuery(
            i % 2 == 0
                ? "\(Words.vocabulary[(i * 31) % Words.vocabulary.count]) \(Words.vocabulary[(i * 7) % Words.vocabulary.count])"
                : String(Words.vocabulary[(i * 13) % Words.vocabulary.count].prefix(3)))
        times.append(try await seconds { _ = try await index.search(query, page: 1, pageSize: 24) })
    }
    times.sort()
    print(
        "\(name) \(size) skills: 200 queries: median \(String(format: "%.2f", times[100] * 1000)) ms, "
            + "p99 \(String(format: "%.2f", times[197] * 1000)) ms")
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "sitegen-search-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
try await run(
    "SQLite", SQLiteSearchIndex(path: folder.appendingPathComponent("search.sqlite").path, display: "search.sqlite"))
let original = skills
if let postgres, case .success(let address) = PostgresAddress.parse(postgres) {
    skills = original
    try await PostgresSearchIndex.with(address) { index in try await run("PostgreSQL", index) }
}
