// Benchmarks/related.sh: `RelatedSkills` on a catalogue from Benchmarks/generate.py, timed alone
// (the load and the model are not), and again with descriptions from a vocabulary of thousands
// of words, where the inverted index has real lists to read. Prints the median of a few runs.
// Not a test: nothing is asserted.
import CatalogueModel
import ContentLoading
import Foundation

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let at = arguments.firstIndex(of: name), arguments.index(after: at) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: at)]
}
guard let contentPath = option("--content") else {
    print("usage: related-benchmark --content DIR [--runs N]   (DIR from Benchmarks/generate.py)")
    exit(2)
}
let runs = option("--runs").flatMap(Int.init) ?? 3
let loaded = ContentLoader.load(ContentLocation(root: URL(fileURLWithPath: contentPath), display: "Content"))

func median(of catalogue: Catalogue) -> (seconds: Double, listed: Int) {
    let topRated = Listings.topRated(catalogue.entries, priorVotes: catalogue.config.priorVotes)
    var times: [Double] = []
    var listed = 0
    for _ in 0..<runs {
        let started = ContinuousClock.now
        let related = RelatedSkills(catalogue.entries, topRated: topRated, urls: catalogue.urls)
        times.append((ContinuousClock.now - started).seconds)
        listed = related.lists.reduce(0) { $0 + $1.count }
    }
    return (times.sorted()[times.count / 2], listed)
}

func report(_ what: String, _ catalogue: Catalogue) {
    let (seconds, listed) = median(of: catalogue)
    let count = catalogue.entries.count
    print(
        "\(count) skills, \(what): RelatedSkills \(String(format: "%.1f", seconds * 1000)) ms (median of \(runs)), \(String(format: "%.2f", Double(listed) / Double(max(count, 1)))) related per skill"
    )
}

/// `RelatedSkills` of `catalogue` made from `kept`, as `serve` makes them after a change.
func reportKept(_ what: String, _ catalogue: Catalogue, reusing kept: RelatedSkills) {
    let topRated = Listings.topRated(catalogue.entries, priorVotes: catalogue.config.priorVotes)
    var times: [Double] = []
    for _ in 0..<runs {
        let started = ContinuousClock.now
        _ = RelatedSkills(catalogue.entries, topRated: topRated, urls: catalogue.urls, reusing: kept)
        times.append((ContinuousClock.now - started).seconds)
    }
    print(
        "\(catalogue.entries.count) skills, \(what): RelatedSkills \(String(format: "%.1f", times.sorted()[times.count / 2] * 1000)) ms (median of \(runs))"
    )
}

let generated = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
report("generate.py text", generated)

// serve after a vote: the same skills with new ratings, the last build's scores kept.
do {
    let kept = RelatedSkills(
        generated.entries, topRated: Listings.topRated(generated.entries, priorVotes: 10), urls: generated.urls)
    var ratings = loaded.ratings
    if let first = loaded.skills.first { ratings[first.id, default: RatingTally()].stars.add(vote: 5) }
    let voted = Catalogue(skills: loaded.skills, ratings: ratings, config: loaded.config)
    reportKept("after a vote, scores kept", voted, reusing: kept)
}

// serve after a new skill: every later skill's place moves and every weight with the count;
// the skills that stayed keep their words', authors' and groups' numbers.
do {
    let kept = RelatedSkills(
        generated.entries, topRated: Listings.topRated(generated.entries, priorVotes: 10), urls: generated.urls)
    var skills = loaded.skills
    if var copy = skills.first {
        copy.id += "-new"
        copy.name = "New " + copy.name
        skills.insert(copy, at: skills.count / 2)
    }
    let grown = Catalogue(skills: skills, ratings: loaded.ratings, config: loaded.config, reusing: generated)
    reportKept("after a new skill", grown, reusing: kept)
}

// generate.py draws its text from about 110 words, each in nearly every skill, so the index
// leaves them all out. Made-up words from a vocabulary of 2,940 give lists of a few hundred.
var state: UInt64 = 0x9E37_79B9_7F4A_7C15
let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da", "fu", "go", "ha", "ji"]
let vocabulary = syllables.flatMap { a in syllables.flatMap { b in [a + b] + syllables.map { a + b + $0 } } }
@MainActor func text(_ count: Int) -> String {
    (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return vocabulary[Int((state >> 33) % UInt64(vocabulary.count))]
    }.joined(separator: " ")
}
var rich = loaded.skills
for i in rich.indices {
    rich[i].description = text(60)
    rich[i].examples = [text(3), text(4)]
}
report("2,940-word vocabulary", Catalogue(skills: rich, ratings: loaded.ratings, config: loaded.config))

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
