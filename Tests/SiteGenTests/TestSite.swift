import Foundation
@testable import SiteGen

/// A catalogue written into a fresh temporary folder, for end-to-end builds.
struct TestSite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("Public") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A Markdown skill file.
    func skill(_ id: String, name: String, group: String, language: String = "en", author: String? = nil,
               created: String? = nil, image: String? = nil, body: String = "A skill.") throws {
        var front = "name: \(name)\ngroup: \(group)\nlanguage: \(language)\n"
        if let author { front += "author: \(author)\nauthor_url: https://example.org/\(Slug.segment(author))\n" }
        if let created { front += "created: \(created)\n" }
        if let image { front += "image: \(image)\n" }
        try write("skills/\(id).md", "---\n\(front)---\n\(body)\n")
    }

    @discardableResult
    func build(baseURL: String? = nil, templates: URL? = nil) throws(BuildFailure) -> BuildReport {
        try SiteBuilder.build(BuildOptions(content: ContentLocation(root: content, display: "Content"),
                                           templates: templates, output: output, outputDisplay: "Public", baseURL: baseURL))
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path) }

    /// Every file below the output folder, as site paths, sorted.
    func outputFiles() -> [String] {
        let base = output.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        guard let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            if full.hasPrefix(base) { paths.append(String(full.dropFirst(base.count))) }
        }
        return paths.sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The repository root (for the sample catalogue in Content/).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Catalogue entries from plain data, for the pure listing tests.
enum Fixture {
    static func entry(_ id: String, name: String? = nil, counts: StarCounts = StarCounts(), created: String? = nil,
                      language: String = "en", author: String? = nil) -> (Skill, RatingTally) {
        (Skill(id: id, tag: id, name: name ?? id, group: "G", language: language, author: author, created: created),
         RatingTally(stars: counts))
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
