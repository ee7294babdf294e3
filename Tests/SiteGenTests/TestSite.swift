import Foundation
import SiteGenTesting

@testable import CatalogueModel
@testable import ContentLoading
@testable import SiteAssembly

/// A catalogue held in memory and built into memory: content and templates in one dictionary
/// (path → bytes), the built site in another. No folder is made; the disk adapters (content
/// boundary, atomic output, permissions, the command line) have tests of their own.
final class TestSite {
    /// Where the site seems to lie; nothing is ever there.
    let root = URL(fileURLWithPath: "/memory")
    var content: URL { root.appendingPathComponent("Content") }
    var templates: URL { root.appendingPathComponent("Templates") }
    /// Content and templates, by absolute path below `root`.
    private(set) var inputs: [String: Data] = [:]
    /// The last build's output, by site path; a test may add to it.
    var built: [String: Data] = [:]

    init() {}

    /// A copy of a content folder on disk (a fixture), to be changed and built in memory.
    convenience init(copying folder: URL) throws {
        self.init()
        try copy(folder, to: "")
    }

    /// Copies a folder on disk to `path` below the content folder.
    func copy(_ folder: URL, to path: String) throws {
        for (file, data) in try FixtureSite.tree(folder) { write(path.isEmpty ? file : path + "/" + file, data: data) }
    }

    func write(_ path: String, _ text: String) { write(path, data: Data(text.utf8)) }

    func write(_ path: String, data: Data) { inputs[content.appendingPathComponent(path).path] = data }

    func remove(_ path: String) { inputs[content.appendingPathComponent(path).path] = nil }

    /// A file of the site's `Templates/` folder.
    func template(_ path: String, _ text: String) {
        inputs[templates.appendingPathComponent(path).path] = Data(text.utf8)
    }

    /// A Markdown skill file.
    func skill(
        _ id: String, name: String, group: String, language: String = "en", author: String? = nil,
        created: String? = nil, image: String? = nil, body: String = "A skill."
    ) {
        var front = "name: \(name)\ngroup: \(group)\nlanguage: \(language)\n"
        if let author { front += "author: \(author)\nauthor_url: https://example.org/\(Slug.segment(author))\n" }
        if let created { front += "created: \(created)\n" }
        if let image { front += "image: \(image)\n" }
        write("skills/\(id).md", "---\n\(front)---\n\(body)\n")
    }

    var location: ContentLocation { ContentLocation(root: content, display: "Content", source: .memory(inputs)) }

    func options(
        baseURL: String? = nil, templates: URL? = nil, strict: Bool = false,
        buildDate: BuildDate? = nil
    ) -> BuildOptions {
        BuildOptions(
            content: location, templates: templates, output: root.appendingPathComponent("Public"),
            outputDisplay: "Public", baseURL: baseURL, strict: strict, buildDate: buildDate)
    }

    func load() -> LoadedContent { ContentLoader.load(location) }

    @discardableResult
    func build(baseURL: String? = nil, templates: URL? = nil) throws(BuildFailure) -> BuildReport {
        try build(options(baseURL: baseURL, templates: templates))
    }

    /// Builds with `options` (content from anywhere) into memory.
    @discardableResult
    func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        let output = MemoryOutput()
        let report = try SiteBuilder.build(options, into: output)
        built = output.files
        return report
    }

    struct NotBuilt: Error, CustomStringConvertible {
        let path: String
        var description: String { "`\(path)` is not in the built site" }
    }

    func data(_ path: String) throws -> Data {
        guard let data = built[path] else { throw NotBuilt(path: path) }
        return data
    }

    func read(_ path: String) throws -> String { String(decoding: try data(path), as: UTF8.self) }

    func exists(_ path: String) -> Bool { built[path] != nil }

    /// Every file of the built site, as site paths, sorted.
    func outputFiles() -> [String] { built.keys.sorted() }

    /// The repository root (for the sample catalogue in Content/).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

/// Catalogue entries from plain data, for the pure listing tests.
enum Fixture {
    static func entry(
        _ id: String, name: String? = nil, counts: StarCounts = StarCounts(), created: String? = nil,
        language: String = "en", author: String? = nil
    ) -> (Skill, RatingTally) {
        (
            Skill(id: id, tag: id, name: name ?? id, group: "G", language: language, author: author, created: created),
            RatingTally(stars: counts)
        )
    }

    static func catalogue(_ items: [(Skill, RatingTally)], priorVotes: Double = 10, pageSize: Int = 24) -> Catalogue {
        var config = SiteConfig()
        config.priorVotes = priorVotes
        config.pageSize = pageSize
        var ratings: [String: RatingTally] = [:]
        for (skill, tally) in items where tally.stars.total > 0 { ratings[skill.id] = tally }
        return Catalogue(skills: items.map(\.0), ratings: ratings, config: config)
    }

    /// `n` votes whose mean is as close to `mean` as whole stars allow (4.8 from 1000: 800×5 + 200×4).
    static func votes(_ n: Int, mean: Double) -> StarCounts {
        let low = Int(mean.rounded(.down))
        let highCount = Int((Double(n) * (mean - Double(low))).rounded())
        var counts = StarCounts()
        counts[low] += n - highCount
        if highCount > 0 { counts[low + 1] += highCount }
        return counts
    }
}
