import CatalogueModel
import FuzzInput
import PageRendering

/// libFuzzer feeds query strings to SUSI's read API (what `serve` and `collect` answer at
/// `/cms/`) over a small catalogue: the first byte picks the endpoint, the rest is the query as a
/// client sent it. Any query gets an answer with one of the statuses the mirror gives; a trap is the bug.
@main
enum FuzzSusiQuery {
    static let mirror: SusiMirror = {
        var quiet = Skill(id: "fun/quiet", tag: "Quiet Skill", name: "Quiet", group: "Games, Trivia and Accessories")
        quiet.status = SusiStatus(reviewed: false, staffPick: true)
        let skills = [
            Skill(id: "fun/popular", tag: "popular", name: "Popular", group: "Fun", author: "Ana"),
            Skill(id: "fun/lucky", tag: "lucky", name: "Lucky", group: "Fun", image: .local("images/lucky.png")),
            quiet,
            Skill(id: "talk/chat", tag: "chat", name: "Chat", group: "Talk", language: "de", model: "persona"),
        ]
        var popular = RatingTally(stars: StarCounts(three: 2, four: 6, five: 6))
        for (stars, day) in [(5, 19_738), (3, 19_742), (4, 19_758)] { popular.timeline.add(vote: stars, day: day) }
        popular.reviews = [Review(id: "r1", name: nil, text: "Fine.", stars: 4, seconds: -5, nanoseconds: 7)]
        return SusiMirror(Catalogue(skills: skills, ratings: ["fun/popular": popular], config: SiteConfig()))
    }()

    static func main() {
        FuzzInput.drive { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            let endpoints = SusiEndpoint.allCases
            let endpoint = endpoints[Int(bytes.first ?? 0) % endpoints.count]
            let raw = String(decoding: bytes.dropFirst(), as: UTF8.self)
            let answer = FuzzSusiQuery.mirror.answer(
                endpoint, SusiQuery(raw), context: SusiMirror.Context(today: 19_800))
            precondition([200, 400, 404, 422].contains(answer.status), "status \(answer.status)")
            return 0
        }
    }
}
